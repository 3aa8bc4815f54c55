package io.basalt.storage.config;

/**
 * RocksDB options applied to every shard. Defaults are for many concurrent committers on few cores: concurrent WAL
 * writers group-sync, and a write group is one stage that its leader finishes alone.
 */
public class RocksDbConfig {
    /**
     * Off: a write group's WAL write and memtable inserts run as one stage, so more writers queue behind each synced
     * WAL write and the next group is larger (A/B at 32 threads on 2 cores: 6-17 % fewer fsyncs per transaction;
     * update_index +4..38 %, write_only +6..7 %, update_non_index +2..5 %, insert -2..-7 %).
     */
    public boolean enablePipelinedWrite = false;
    /**
     * Off: a write group's leader inserts every member's batch into the memtable itself. On, it wakes every member
     * to insert its own and the group then waits for the last one: one more hand-off per write, which cost more than
     * the parallel inserts won (A/B at 32 threads on 2 cores, 4 × 10 s each: read_write +29 %, update_non_index
     * +14 %, write_only +9 %, update_index +3 %, insert 0 %; 0.5-1.5 fewer context switches per transaction).
     */
    public boolean allowConcurrentMemtableWrite = false;
    /**
     * Off: a writer waiting for its write group blocks at once instead of spinning and yielding first. With more
     * committers than cores the spinning took the CPU from the threads that would finish the group (A/B at 32
     * threads on 2 cores: update_index +7..11 %, insert +3..4 %, write_only +2..9 %, update_non_index -1..+6 %).
     */
    public boolean enableWriteThreadAdaptiveYield = false;
    /**
     * SST and blob files written by flushes and compactions are handed to the disk every this many KiB
     * (sync_file_range), instead of all at the file's closing fsync; 0: at close only. A flush of a large value (a 64
     * MiB row) otherwise leaves tens of MiB dirty for one fsync, and every commit's WAL fsync on the same disk queues
     * behind that write-back.
     */
    public int bytesPerSyncKb = 1024;
    /** The same for the WAL: a large prewrite is written back while it is appended, not all at its fsync. */
    public int walBytesPerSyncKb = 1024;
    /**
     * Once the WAL files together pass this many MiB, RocksDB flushes the column families that keep the oldest one
     * alive, so it can go. Crash recovery replays every live WAL file; RocksDB's own bound (0 here), four times all
     * memtables, is about 16 GiB for four shards' 17 column families, and one rarely written column family (a shard's
     * meta) keeps every WAL since its last flush alive until then.
     */
    public long maxTotalWalSizeMb = 1024;
    public int maxBackgroundJobs = 4;
    public long writeBufferSizeMb = 64;
    public int maxWriteBufferNumber = 4;
    public long blockCacheMb = 256;
    public int bloomBitsPerKey = 10;
    /** none, lz4, zstd */
    public String compression = "lz4";
    /**
     * Values of at least this many KiB in the default column family (long column values kept off-row, large rows)
     * go to blob files (compressed as the SSTs are) when the memtable is flushed, instead of into SST blocks.
     * Reading one then reads its blob record, bypassing the shared block cache, instead of loading a block as large
     * as the value into it, where a 32 MiB value would evict an eighth of the hot blocks (a 256 MiB one, all of
     * them). 0: off.
     */
    public int blobMinSizeKb = 8;
    /** Sync the WAL of every decisive write (prewrite, primary commit, 1PC, rollback). Off only for experiments. */
    public boolean syncDecisiveWrites = true;
}
