package io.basalt.storage.testing;

import io.basalt.storage.TxnStore;
import io.basalt.storage.codec.TableKeys;
import io.basalt.storage.config.StoreConfig;
import io.basalt.storage.fault.FaultInjector;
import io.basalt.storage.pipeline.CommitSink;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Opens small stores for tests: 4 shards, little memory, short TTLs. Table 1 has its rows on one shard and index 1
 * on the next, so a row-only transaction is single-shard (1PC) and row + index spans two shards.
 */
public final class StoreFixture {
    public static final long TABLE = 1;
    public static final long INDEX = 1;

    private StoreFixture() {
    }

    public static StoreConfig config(Path dir) {
        StoreConfig c = new StoreConfig();
        c.dataDir = dir.toString();
        c.shards = 4;
        c.rocksdb.blockCacheMb = 8;
        c.rocksdb.writeBufferSizeMb = 4;
        c.rocksdb.maxBackgroundJobs = 2;
        c.lockTtlMs = 500;
        c.managedLockTtlMs = 1000;
        c.heartbeatIntervalMs = 200;
        c.lockWaitTimeoutMs = 5000;
        c.gcRunIntervalMs = 3_600_000;
        return c;
    }

    public static TxnStore open(StoreConfig c, CommitSink sink, FaultInjector faults) {
        TxnStore s = TxnStore.open(c, new SimpleMeterRegistry(), sink, faults);
        if (s.regions().all().size() == 1) {
            s.placeTable(TABLE, List.of(INDEX));
        }
        return s;
    }

    public static TxnStore open(Path dir) {
        return open(config(dir), null, FaultInjector.NONE);
    }

    public static byte[] row(long handle) {
        return TableKeys.rowKey(TABLE, handle);
    }

    public static byte[] index(long value) {
        return TableKeys.indexKeyBuilder(TABLE, INDEX).putLongBigEndian(value).toBytes();
    }

    public static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    public static String str(byte[] b) {
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }
}
