package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.BinlogChecksum;
import java.nio.file.Path;

/**
 * Settings of the binary log (MariaDB's names in brackets). Immutable; {@link BinlogService#reconfigure} swaps in a
 * new instance for the dynamic ones.
 *
 * @param dir                  directory of the binlog files and the index ({@code data/binlog})
 * @param baseName             file name prefix [log_bin basename], files are {@code baseName.NNNNNN}
 * @param maxBinlogSize        a file is rotated once it reaches this size [max_binlog_size]
 * @param syncBinlog           fsync every N group commits, 0 = never [sync_binlog]
 * @param commitWaitCount      a group leader waits for this many transactions, 0 = no wait
 *                             [binlog_commit_wait_count]
 * @param commitWaitUsec       for at most this long [binlog_commit_wait_usec]
 * @param cacheSize            bytes a session cache keeps in memory before spilling to a file [binlog_cache_size]
 * @param largeCommitThreshold spilled caches larger than this are renamed into a binlog instead of copied
 *                             [binlog_large_commit_threshold]
 * @param checksum             event checksum [binlog_checksum]
 * @param serverId             server id of every event and of the GTIDs [server_id]
 * @param domainId             GTID domain [gtid_domain_id]
 * @param serverVersion        version string of the Format_description event
 * @param enabled              false: no files, the sink only acknowledges [log_bin]
 * @param expireLogsSeconds    files older than this are purged at startup and rotation, 0 = never
 *                             [binlog_expire_logs_seconds]
 */
public record BinlogConfig(Path dir, String baseName, long maxBinlogSize, int syncBinlog, int commitWaitCount,
                           long commitWaitUsec, int cacheSize, long largeCommitThreshold, BinlogChecksum checksum,
                           long serverId, long domainId, String serverVersion, boolean enabled,
                           long expireLogsSeconds) {
    public static final String DEFAULT_BASE_NAME = "basalt-bin";
    public static final String DEFAULT_SERVER_VERSION = "10.11.99-Basalt-MariaDB-log";

    public BinlogConfig {
        if (maxBinlogSize < 4096) {
            throw new IllegalArgumentException("max_binlog_size must be at least 4096: " + maxBinlogSize);
        }
        if (syncBinlog < 0 || commitWaitCount < 0 || commitWaitUsec < 0 || expireLogsSeconds < 0) {
            throw new IllegalArgumentException("negative binlog setting");
        }
        if (cacheSize < 4096) {
            throw new IllegalArgumentException("binlog_cache_size must be at least 4096: " + cacheSize);
        }
        if (baseName.isEmpty() || baseName.contains("/")) {
            throw new IllegalArgumentException("bad binlog base name: " + baseName);
        }
    }

    /**
     * Defaults: 1 GiB files, sync_binlog=1 (an acknowledged commit is durable, DESIGN.md §3.7; MariaDB's default is
     * 0), no commit wait, 32 KiB caches, 128 MiB rename threshold, CRC32, server id 1, domain 0, no expiry.
     */
    public static BinlogConfig defaults(Path dir) {
        return new BinlogConfig(dir, DEFAULT_BASE_NAME, 1L << 30, 1, 0, 100_000, 32 * 1024, 128L << 20,
                BinlogChecksum.CRC32, 1, 0, DEFAULT_SERVER_VERSION, true, 0);
    }

    public BinlogConfig withMaxBinlogSize(long v) {
        return new BinlogConfig(dir, baseName, v, syncBinlog, commitWaitCount, commitWaitUsec, cacheSize,
                largeCommitThreshold, checksum, serverId, domainId, serverVersion, enabled, expireLogsSeconds);
    }

    public BinlogConfig withSyncBinlog(int v) {
        return new BinlogConfig(dir, baseName, maxBinlogSize, v, commitWaitCount, commitWaitUsec, cacheSize,
                largeCommitThreshold, checksum, serverId, domainId, serverVersion, enabled, expireLogsSeconds);
    }

    public BinlogConfig withCommitWait(int count, long usec) {
        return new BinlogConfig(dir, baseName, maxBinlogSize, syncBinlog, count, usec, cacheSize,
                largeCommitThreshold, checksum, serverId, domainId, serverVersion, enabled, expireLogsSeconds);
    }

    public BinlogConfig withCache(int size, long largeThreshold) {
        return new BinlogConfig(dir, baseName, maxBinlogSize, syncBinlog, commitWaitCount, commitWaitUsec, size,
                largeThreshold, checksum, serverId, domainId, serverVersion, enabled, expireLogsSeconds);
    }

    public BinlogConfig withChecksum(BinlogChecksum v) {
        return new BinlogConfig(dir, baseName, maxBinlogSize, syncBinlog, commitWaitCount, commitWaitUsec, cacheSize,
                largeCommitThreshold, v, serverId, domainId, serverVersion, enabled, expireLogsSeconds);
    }

    public BinlogConfig withServer(long serverIdValue, long domainIdValue) {
        return new BinlogConfig(dir, baseName, maxBinlogSize, syncBinlog, commitWaitCount, commitWaitUsec, cacheSize,
                largeCommitThreshold, checksum, serverIdValue, domainIdValue, serverVersion, enabled,
                expireLogsSeconds);
    }

    public BinlogConfig withEnabled(boolean v) {
        return new BinlogConfig(dir, baseName, maxBinlogSize, syncBinlog, commitWaitCount, commitWaitUsec, cacheSize,
                largeCommitThreshold, checksum, serverId, domainId, serverVersion, v, expireLogsSeconds);
    }

    public BinlogConfig withExpireLogsSeconds(long v) {
        return new BinlogConfig(dir, baseName, maxBinlogSize, syncBinlog, commitWaitCount, commitWaitUsec, cacheSize,
                largeCommitThreshold, checksum, serverId, domainId, serverVersion, enabled, v);
    }

    /** The spill directory of session caches, {@code <dir>/#binlog_cache_files} as in MariaDB 11.7. */
    public Path cacheDir() {
        return dir.resolve("#binlog_cache_files");
    }

    public Path indexFile() {
        return dir.resolve(baseName + ".index");
    }

    /** Whether {@code other} differs only in settings that may change while the log is open. */
    boolean sameStaticSettings(BinlogConfig other) {
        return dir.equals(other.dir) && baseName.equals(other.baseName) && checksum == other.checksum
                && serverId == other.serverId && domainId == other.domainId
                && serverVersion.equals(other.serverVersion) && enabled == other.enabled;
    }
}
