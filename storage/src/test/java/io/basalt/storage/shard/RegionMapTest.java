package io.basalt.storage.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.TxnStore;
import io.basalt.storage.codec.MvccKeys;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.config.RocksDbConfig;
import io.basalt.storage.config.StoreConfig;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.testing.StoreFixture;
import io.basalt.storage.txn.Transaction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.LRUCache;
import org.rocksdb.RocksDB;
import org.rocksdb.WriteBatch;

/** Range routing: splits, lookups, persistence, refusal to strand data, and table placement. */
class RegionMapTest {
    private static final byte[] INF = new byte[0];

    @TempDir
    Path dir;

    private ShardEngine engine;
    private LRUCache cache;

    private RegionMap openShards(int n) {
        RocksDbConfig cfg = new RocksDbConfig();
        cfg.writeBufferSizeMb = 1;
        cfg.maxBackgroundJobs = 1;
        RocksDB.loadLibrary();
        if (cache == null) {
            cache = new LRUCache(4L * 1024 * 1024);
        }
        engine = ShardEngine.open(dir.resolve("engine"), cfg, cache, n, 1 << 20);
        ShardEngine e = engine;
        return RegionMap.load(e.shard(0), e::shard, n);
    }

    private void closeShards() {
        if (engine != null) {
            engine.close();
            engine = null;
        }
    }

    @AfterEach
    void tearDown() {
        closeShards();
        if (cache != null) {
            cache.close();
        }
    }

    // ------------------------------------------------------------------ pure routing (empty shards)

    @Test
    void freshMapIsOneRegionOnShardZero() {
        RegionMap map = openShards(4);
        assertThat(map.all()).hasSize(1);
        Region r = map.all().get(0);
        assertThat(r.start()).isEmpty();
        assertThat(r.end()).isEmpty();
        assertThat(r.shardId()).isZero();
        assertThat(map.shardOf(b("anything"))).isZero();
        assertThat(map.shardOf(INF)).isZero();
    }

    @Test
    void assignSplitsTheCoveringRegion() {
        RegionMap map = openShards(4);
        map.assign(b("d"), b("m"), 2);
        assertThat(describe(map.all())).containsExactly("[,d)->0", "[d,m)->2", "[m,+inf)->0");
        assertThat(map.shardOf(b("c\u00ff"))).isZero();
        assertThat(map.shardOf(b("d"))).isEqualTo(2);
        assertThat(map.shardOf(b("lzzzz"))).isEqualTo(2);
        assertThat(map.shardOf(b("m"))).isZero();

        map.assign(b("f"), b("h"), 3); // inside an existing non-initial region
        assertThat(describe(map.all())).containsExactly("[,d)->0", "[d,f)->2", "[f,h)->3", "[h,m)->2", "[m,+inf)->0");

        map.assign(b("e"), b("p"), 1); // spanning several regions, cutting two of them
        assertThat(describe(map.all())).containsExactly("[,d)->0", "[d,e)->2", "[e,p)->1", "[p,+inf)->0");

        map.assign(b("x"), INF, 3); // unbounded end
        assertThat(describe(map.all())).containsExactly("[,d)->0", "[d,e)->2", "[e,p)->1", "[p,x)->0", "[x,+inf)->3");

        map.assign(INF, b("e"), 2); // unbounded start, exactly up to an existing boundary
        assertThat(describe(map.all())).containsExactly("[,e)->2", "[e,p)->1", "[p,x)->0", "[x,+inf)->3");
        assertThat(map.regionOf(b("zzz")).contains(b("zzz"))).isTrue();
    }

    @Test
    void emptyOrInvertedRangeIsRejected() {
        RegionMap map = openShards(2);
        assertThatThrownBy(() -> map.assign(b("b"), b("a"), 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> map.assign(b("b"), b("b"), 1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(map.all()).hasSize(1);
    }

    @Test
    void overlappingReturnsIntersectingRegionsInOrder() {
        RegionMap map = openShards(4);
        map.assign(b("d"), b("m"), 2);
        map.assign(b("f"), b("h"), 3);
        assertThat(describe(map.overlapping(b("a"), b("b")))).containsExactly("[,d)->0");
        assertThat(describe(map.overlapping(b("a"), b("d")))).containsExactly("[,d)->0"); // end exclusive
        assertThat(describe(map.overlapping(b("a"), b("d\0")))).containsExactly("[,d)->0", "[d,f)->2");
        assertThat(describe(map.overlapping(b("g"), b("g\0")))).containsExactly("[f,h)->3");
        assertThat(describe(map.overlapping(b("h"), b("i")))).containsExactly("[h,m)->2");
        assertThat(describe(map.overlapping(b("e"), INF)))
                .containsExactly("[d,f)->2", "[f,h)->3", "[h,m)->2", "[m,+inf)->0");
        assertThat(describe(map.overlapping(INF, INF)))
                .containsExactly("[,d)->0", "[d,f)->2", "[f,h)->3", "[h,m)->2", "[m,+inf)->0");
    }

    /** Random assignments against a model: the last assignment covering a key decides its shard. */
    @Test
    void randomAssignmentsMatchAModelAndSurviveReopen() {
        int n = 4;
        RegionMap map = openShards(n);
        Random rnd = new Random(20240611);
        List<byte[]> samples = sampleKeys();
        List<Object[]> history = new ArrayList<>();
        for (int round = 0; round < 150; round++) {
            byte[] start = randomKey(rnd);
            byte[] end = rnd.nextInt(5) == 0 ? INF : randomKey(rnd);
            if (end.length != 0 && Arrays.compareUnsigned(start, end) >= 0) {
                byte[] t = start;
                start = end;
                end = t;
                if (Arrays.compareUnsigned(start, end) >= 0) {
                    continue;
                }
            }
            int shard = rnd.nextInt(n);
            map.assign(start, end, shard);
            history.add(new Object[] {start, end, shard});
            checkInvariants(map, samples, history, rnd);
        }
        List<String> before = describe(map.all());
        closeShards();
        RegionMap reopened = openShards(n);
        assertThat(describe(reopened.all())).isEqualTo(before);
        checkInvariants(reopened, samples, history, rnd);
    }

    private void checkInvariants(RegionMap map, List<byte[]> samples, List<Object[]> history, Random rnd) {
        List<Region> all = map.all();
        assertThat(all.get(0).start()).isEmpty();
        assertThat(all.get(all.size() - 1).end()).isEmpty();
        for (int i = 0; i < all.size(); i++) {
            Region r = all.get(i);
            if (i + 1 < all.size()) {
                assertThat(r.end()).as("regions are contiguous").isEqualTo(all.get(i + 1).start());
                assertThat(Arrays.compareUnsigned(r.start(), r.end())).as("non-empty region %s", r).isNegative();
            }
        }
        for (byte[] k : samples) {
            int expected = 0;
            for (Object[] h : history) {
                byte[] s = (byte[]) h[0];
                byte[] e = (byte[]) h[1];
                if (Arrays.compareUnsigned(k, s) >= 0 && (e.length == 0 || Arrays.compareUnsigned(k, e) < 0)) {
                    expected = (int) h[2];
                }
            }
            assertThat(map.shardOf(k)).as("shard of %s", Arrays.toString(k)).isEqualTo(expected);
            assertThat(map.regionOf(k).contains(k)).isTrue();
        }
        for (int q = 0; q < 20; q++) {
            byte[] s = randomKey(rnd);
            byte[] e = rnd.nextInt(4) == 0 ? INF : randomKey(rnd);
            if (e.length != 0 && Arrays.compareUnsigned(s, e) >= 0) {
                continue;
            }
            List<String> expected = all.stream()
                    .filter(r -> (r.end().length == 0 || Arrays.compareUnsigned(r.end(), s) > 0)
                            && (e.length == 0 || Arrays.compareUnsigned(r.start(), e) < 0))
                    .map(RegionMapTest::describe).collect(Collectors.toList());
            assertThat(describe(map.overlapping(s, e))).isEqualTo(expected);
        }
    }

    private static final byte[] ALPHABET = {0, 1, 'a', (byte) 0x80, (byte) 0xFF};

    private static byte[] randomKey(Random rnd) {
        byte[] k = new byte[rnd.nextInt(4)];
        for (int i = 0; i < k.length; i++) {
            k[i] = ALPHABET[rnd.nextInt(ALPHABET.length)];
        }
        return k;
    }

    private static List<byte[]> sampleKeys() {
        List<byte[]> out = new ArrayList<>();
        out.add(new byte[0]);
        for (int len = 1; len <= 3; len++) {
            int[] idx = new int[len];
            while (true) {
                byte[] k = new byte[len];
                for (int i = 0; i < len; i++) {
                    k[i] = ALPHABET[idx[i]];
                }
                out.add(k);
                int p = len - 1;
                while (p >= 0 && ++idx[p] == ALPHABET.length) {
                    idx[p--] = 0;
                }
                if (p < 0) {
                    break;
                }
            }
        }
        out.add(new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 5});
        return out;
    }

    @Test
    void mapReferringToMissingShardsIsRefusedOnOpen() {
        RegionMap map = openShards(4);
        map.assign(b("k"), b("l"), 3);
        closeShards();
        assertThatThrownBy(() -> openShards(2)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("shard 3");
    }

    // ------------------------------------------------------------------ refusal to strand data (raw shards)

    @Test
    void rangeHoldingDataOnAnotherShardIsNotMoved() throws Exception {
        RegionMap map = openShards(3);
        map.assign(b("d"), b("m"), 1);
        // a lock on "f", on shard 1 where it belongs
        try (WriteBatch wb = new WriteBatch()) {
            wb.put(engine.shard(1).lockCf(), MvccKeys.encodeUserKey(b("f")), new byte[] {1});
            engine.shard(1).write(wb, true);
        }
        List<String> layout = describe(map.all());
        assertThatThrownBy(() -> map.assign(b("e"), b("g"), 2)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> map.assign(b("f"), b("f\0"), 0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> map.assign(INF, INF, 0)).isInstanceOf(IllegalStateException.class);
        assertThat(describe(map.all())).as("a refused assign changes nothing").isEqualTo(layout);
        assertThat(map.shardOf(b("f"))).isEqualTo(1);

        // ranges next to the data, and re-assigning to the shard that holds it, are fine
        map.assign(b("d"), b("f"), 2);           // end is exclusive: "f" itself stays
        map.assign(b("f\0"), b("g"), 0);         // starts just after "f"
        map.assign(b("e"), b("g"), 1);           // same shard as the data
        assertThat(map.shardOf(b("f"))).isEqualTo(1);

        // write CF (key@ts) and default CF entries count as data too, including keys longer than the bounds
        try (WriteBatch wb = new WriteBatch()) {
            wb.put(engine.shard(1).writeCf(), MvccKeys.versionKey(b("h\u00ff\u00ff\u00ff\u00ff\u00ff\u00ff\u00ff\u00ff"),
                    7), new byte[] {1});
            wb.put(engine.shard(1).defaultCf(), MvccKeys.versionKey(b("k"), 9), new byte[] {1});
            engine.shard(1).write(wb, true);
        }
        assertThatThrownBy(() -> map.assign(b("h"), b("i"), 2)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> map.assign(b("k"), b("k\0"), 2)).isInstanceOf(IllegalStateException.class);
        map.assign(b("i"), b("k"), 2);
        assertThat(map.shardOf(b("k"))).isEqualTo(1);

        // so does a pessimistic lock held only in memory
        assertThat(map.shardOf(b("l"))).isEqualTo(1);
        engine.shard(1).pessimisticLocks().put(b("l"), new byte[] {1});
        assertThatThrownBy(() -> map.assign(b("l"), b("l\0"), 2)).isInstanceOf(IllegalStateException.class);
        engine.shard(1).pessimisticLocks().remove(b("l"));
        map.assign(b("l"), b("l\0"), 2);
        assertThat(map.shardOf(b("l"))).isEqualTo(2);
    }

    // ------------------------------------------------------------------ through the store

    @Test
    void indexEntriesNeverShareTheRowsShardWhateverTheShardCount() {
        for (int n = 1; n <= 4; n++) {
            StoreConfig cfg = StoreFixture.config(dir.resolve("shards-" + n));
            cfg.shards = n;
            try (TxnStore store = StoreFixture.open(cfg, null, FaultInjector.NONE)) {
                for (long table = 5; table < 5 + n; table++) {
                    int rowShard = store.rowShard(table);
                    List<Integer> indexShards = new ArrayList<>();
                    for (long index = 1; index <= 2L * n; index++) {
                        indexShards.add(store.indexShard(table, index));
                    }
                    if (n == 1) {
                        assertThat(indexShards).containsOnly(0);
                    } else {
                        // every index elsewhere, and the other shards taken in turn (ids 1..n-1 all differ)
                        assertThat(indexShards).doesNotContain(rowShard);
                        assertThat(indexShards.subList(0, n - 1)).doesNotHaveDuplicates();
                        assertThat(indexShards.subList(n - 1, 2 * n - 2)).isEqualTo(indexShards.subList(0, n - 1));
                    }
                }
                if (n == 2) {
                    // two shards: a row and its index entry (index 2, as a table's first secondary index) commit
                    // across both (async commit with 1PC off), as with four
                    long table = 6;
                    store.placeTable(table, List.of(2L));
                    Transaction t = store.begin(store.defaultOptions().withOnePc(false));
                    t.put(TableKeys.rowKey(table, 1), b("row"));
                    t.put(indexKey(table, 2, 1), b(""));
                    t.commit(null);
                    assertThat(t.commitPath()).isEqualTo(CommitPath.ASYNC_COMMIT);
                }
            }
        }
    }

    @Test
    void placeTableSplitsRowsAndIndexesAcrossShardsAndPersists() {
        StoreConfig cfg = StoreFixture.config(dir);
        List<String> layout;
        try (TxnStore store = StoreFixture.open(cfg, null, FaultInjector.NONE)) {
            RegionMap regions = store.regions();
            long table = 6;
            store.placeTable(table, List.of(1L, 2L));
            int rowShard = regions.shardOf(TableKeys.rowKey(table, 0));
            int idx1 = regions.shardOf(indexKey(table, 1, 0));
            int idx2 = regions.shardOf(indexKey(table, 2, 0));
            assertThat(rowShard).isEqualTo((int) (table % store.shardCount()));
            assertThat(idx1).isNotEqualTo(rowShard);
            assertThat(idx2).isNotEqualTo(rowShard).isNotEqualTo(idx1);
            for (long h : new long[] {Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE}) {
                assertThat(regions.shardOf(TableKeys.rowKey(table, h))).isEqualTo(rowShard);
                assertThat(regions.shardOf(indexKey(table, 1, h))).isEqualTo(idx1);
                assertThat(regions.shardOf(indexKey(table, 2, h))).isEqualTo(idx2);
                assertThat(regions.shardOf(TableKeys.lobKey(table, h, 3))).isEqualTo(rowShard);
            }
            // the fixture's table keeps its placement; neighbouring tables stay on the default region
            assertThat(regions.shardOf(StoreFixture.row(5))).isEqualTo(1);
            assertThat(regions.shardOf(StoreFixture.index(5))).isEqualTo(2);
            assertThat(regions.shardOf(TableKeys.rowKey(table + 1, 0))).isZero();
            assertThat(regions.overlapping(TableKeys.rowPrefix(table), TableKeys.rowRangeEnd(table)))
                    .extracting(Region::shardId).containsExactly(rowShard);

            // the placement gives the commit paths the design promises
            Transaction t1 = store.begin();
            t1.put(TableKeys.rowKey(table, 1), b("row"));
            t1.commit(null);
            assertThat(t1.commitPath()).isEqualTo(CommitPath.ONE_PC);
            Transaction t2 = store.begin(store.defaultOptions().withOnePc(false));
            t2.put(TableKeys.rowKey(table, 2), b("row"));
            t2.put(indexKey(table, 1, 2), b(""));
            t2.commit(null);
            assertThat(t2.commitPath()).as("row and index entry on two shards").isEqualTo(CommitPath.ASYNC_COMMIT);
            Transaction t3 = store.begin();
            t3.put(TableKeys.rowKey(table, 3), b("row"));
            t3.put(TableKeys.lobKey(table, 3, 2), b("large value"));
            t3.commit(null);
            assertThat(t3.commitPath()).isEqualTo(CommitPath.ONE_PC);

            // rows now hold data: moving them (or the whole table) elsewhere is refused; the index 2 range is
            // still empty and may move
            int other = (rowShard + 3) % store.shardCount();
            assertThatThrownBy(() -> regions.assign(TableKeys.rowPrefix(table), TableKeys.rowRangeEnd(table), other))
                    .isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> store.placeIndex(table, 1, other)).isInstanceOf(IllegalStateException.class);
            assertThat(regions.shardOf(indexKey(table, 1, 2))).isEqualTo(idx1);
            store.placeTable(table, List.of(1L)); // re-placing where things already are moves nothing: allowed
            store.placeIndex(table, 2, other);
            assertThat(regions.shardOf(indexKey(table, 2, 0))).isEqualTo(other);
            layout = describe(regions.all());
        }
        try (TxnStore store = StoreFixture.open(cfg, null, FaultInjector.NONE)) {
            assertThat(describe(store.regions().all())).isEqualTo(layout);
            Transaction r = store.begin();
            assertThat(r.get(TableKeys.rowKey(6, 1))).isEqualTo(b("row"));
            assertThat(r.get(indexKey(6, 1, 2))).isEqualTo(b(""));
            r.commit(null);
        }
    }

    // ------------------------------------------------------------------ helpers

    private static byte[] indexKey(long table, long index, long handle) {
        return TableKeys.indexKeyBuilder(table, index).putLongBigEndian(handle).toBytes();
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static List<String> describe(List<Region> regions) {
        return regions.stream().map(RegionMapTest::describe).collect(Collectors.toList());
    }

    private static String describe(Region r) {
        return "[" + text(r.start()) + "," + (r.end().length == 0 ? "+inf" : text(r.end())) + ")->" + r.shardId();
    }

    private static String text(byte[] k) {
        StringBuilder sb = new StringBuilder();
        for (byte x : k) {
            if (x >= 'a' && x <= 'z') {
                sb.append((char) x);
            } else {
                sb.append(String.format("\\x%02x", x));
            }
        }
        return sb.toString();
    }
}
