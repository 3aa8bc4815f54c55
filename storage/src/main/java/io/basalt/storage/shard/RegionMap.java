package io.basalt.storage.shard;

import io.basalt.storage.codec.KeyBuilder;
import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.error.DiskErrorException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteBatch;

/**
 * Range routing of user keys to shards. The map always covers the whole key space; it is persisted in the meta
 * column family of shard 0 and replaced copy-on-write, so routing (every key access) reads an immutable snapshot
 * without locking. Ranges are (re)assigned only while they hold no data: the engine does not move data between
 * shards, so a table's row range and index ranges are placed when the table or index is created.
 */
public final class RegionMap {
    private static final byte REGION_META_PREFIX = 'r';

    private final Shard metaShard;
    private final IntFunction<Shard> shards;
    private volatile TreeMap<byte[], Region> regions;

    private RegionMap(Shard metaShard, IntFunction<Shard> shards, TreeMap<byte[], Region> regions) {
        this.metaShard = metaShard;
        this.shards = shards;
        this.regions = regions;
    }

    /** Loads the persisted map, or creates the initial single region on shard 0. */
    public static RegionMap load(Shard metaShard, IntFunction<Shard> shards, int shardCount) {
        TreeMap<byte[], Region> map = new TreeMap<>(Arrays::compareUnsigned);
        byte[] lower = {REGION_META_PREFIX};
        byte[] upper = {REGION_META_PREFIX + 1};
        try (ShardSnapshot snap = metaShard.snapshot();
             BoundedIterator it = snap.iterator(metaShard.metaCf(), lower, upper)) {
            for (it.seekToFirst(); it.valid(); it.next()) {
                Region r = decode(it.key(), it.value());
                if (r.shardId() >= shardCount) {
                    throw new IllegalStateException("region " + r + " refers to shard " + r.shardId()
                            + " but the store is configured with " + shardCount + " shards; the shard count of an"
                            + " existing data directory cannot be lowered");
                }
                map.put(r.start(), r);
            }
        }
        RegionMap rm = new RegionMap(metaShard, shards, map);
        if (map.isEmpty()) {
            rm.persist(List.of(), List.of(new Region(new byte[0], new byte[0], 0)));
        }
        return rm;
    }

    public Region regionOf(byte[] key) {
        return regions.floorEntry(key).getValue();
    }

    public int shardOf(byte[] key) {
        return regionOf(key).shardId();
    }

    /** Regions overlapping [start, end) in key order; an empty end means unbounded. */
    public List<Region> overlapping(byte[] start, byte[] end) {
        TreeMap<byte[], Region> snap = regions;
        List<Region> out = new ArrayList<>();
        byte[] from = snap.floorKey(start);
        for (Region r : snap.tailMap(from, true).values()) {
            if (end.length != 0 && Arrays.compareUnsigned(r.start(), end) >= 0) {
                break;
            }
            out.add(r);
        }
        return out;
    }

    /** {@code keys} grouped by the shard that holds them, shards in first-seen order, keys in given order. */
    public Map<Integer, List<byte[]>> groupByShard(Iterable<byte[]> keys) {
        Map<Integer, List<byte[]>> out = new LinkedHashMap<>();
        for (byte[] k : keys) {
            out.computeIfAbsent(shardOf(k), s -> new ArrayList<>()).add(k);
        }
        return out;
    }

    public List<Region> all() {
        return List.copyOf(regions.values());
    }

    /**
     * Routes [start, end) to {@code shardId}. Refused if any part of the range currently routed elsewhere holds
     * data, since that data would become unreachable.
     */
    public synchronized void assign(byte[] start, byte[] end, int shardId) {
        if (end.length != 0 && Arrays.compareUnsigned(start, end) >= 0) {
            throw new IllegalArgumentException("empty range");
        }
        List<Region> affected = overlapping(start, end);
        for (Region r : affected) {
            if (r.shardId() != shardId && holdsData(shards.apply(r.shardId()), start, end)) {
                throw new IllegalStateException("cannot move a key range that holds data from shard " + r.shardId()
                        + " to shard " + shardId);
            }
        }
        List<Region> added = new ArrayList<>();
        for (Region r : affected) {
            if (Arrays.compareUnsigned(r.start(), start) < 0) {
                added.add(new Region(r.start(), start, r.shardId()));
            }
            boolean extendsPast = end.length != 0
                    && (r.end().length == 0 || Arrays.compareUnsigned(r.end(), end) > 0);
            if (extendsPast) {
                added.add(new Region(end, r.end(), r.shardId()));
            }
        }
        added.add(new Region(start, end, shardId));
        persist(affected, added);
    }

    private static boolean holdsData(Shard shard, byte[] start, byte[] end) {
        if (shard.pessimisticLocks().anyIn(start, end)) {
            return true;
        }
        byte[] lo = MvccKeys.encodeUserKey(start);
        byte[] hi = end.length == 0 ? null : MvccKeys.encodeUserKey(end);
        try (ShardSnapshot snap = shard.snapshot()) {
            for (var cf : List.of(shard.lockCf(), shard.writeCf(), shard.defaultCf())) {
                try (BoundedIterator it = snap.iterator(cf, lo, hi)) {
                    it.seekToFirst();
                    if (it.valid()) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private void persist(List<Region> removed, List<Region> added) {
        TreeMap<byte[], Region> next = new TreeMap<>(regions);
        try (WriteBatch batch = new WriteBatch()) {
            for (Region r : removed) {
                batch.delete(metaShard.metaCf(), metaKey(r.start()));
                next.remove(r.start());
            }
            for (Region r : added) {
                batch.put(metaShard.metaCf(), metaKey(r.start()), encode(r));
                next.put(r.start(), r);
            }
            metaShard.write(batch, true);
        } catch (RocksDBException e) {
            throw new DiskErrorException("cannot persist region map", e);
        }
        regions = next;
    }

    private static byte[] metaKey(byte[] start) {
        return new KeyBuilder(start.length + 1).put(REGION_META_PREFIX).put(start).toBytes();
    }

    private static byte[] encode(Region r) {
        return new KeyBuilder(r.end().length + 8).putIntBigEndian(r.shardId()).put(r.end()).toBytes();
    }

    private static Region decode(byte[] key, byte[] value) {
        byte[] start = Arrays.copyOfRange(key, 1, key.length);
        int shard = ((value[0] & 0xFF) << 24) | ((value[1] & 0xFF) << 16) | ((value[2] & 0xFF) << 8)
                | (value[3] & 0xFF);
        return new Region(start, Arrays.copyOfRange(value, 4, value.length), shard);
    }
}
