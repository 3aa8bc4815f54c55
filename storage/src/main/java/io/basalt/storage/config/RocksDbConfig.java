package io.basalt.storage.config;

/**
 * RocksDB options applied to every shard. Defaults follow TiDB 4.0's lesson for many concurrent committers: let
 * concurrent WAL writers group-sync, pipeline WAL and memtable writes, and write memtables concurrently.
 */
public class RocksDbConfig {
    public boolean enablePipelinedWrite = true;
    public boolean allowConcurrentMemtableWrite = true;
    public boolean enableWriteThreadAdaptiveYield = true;
    public int maxBackgroundJobs = 4;
    public long writeBufferSizeMb = 64;
    public int maxWriteBufferNumber = 4;
    public long blockCacheMb = 256;
    public int bloomBitsPerKey = 10;
    /** none, lz4, zstd */
    public String compression = "lz4";
    /** Sync the WAL of every decisive write (prewrite, primary commit, 1PC, rollback). Off only for experiments. */
    public boolean syncDecisiveWrites = true;
}
