package io.basalt.server;

import io.basalt.server.config.BasaltConfig;

import java.nio.file.Path;

/**
 * The configuration the in-process server tests start from: a free port, no status endpoint (its default port may be
 * taken on a developer's machine), two shards, small RocksDB buffers.
 */
final class SmallServerConfig {
    private SmallServerConfig() {
    }

    static BasaltConfig in(Path dataDir) {
        BasaltConfig c = BasaltConfig.defaults().apply(new BasaltConfig.Overrides(dataDir.toString(), "127.0.0.1", 1));
        c.server().port = 0;
        c.server().statusPort = 0;
        c.storage().shards = 2;
        c.storage().rocksdb.blockCacheMb = 8;
        c.storage().rocksdb.writeBufferSizeMb = 4;
        return c;
    }
}
