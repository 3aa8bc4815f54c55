package io.basalt.sql.binlog;

import io.basalt.sql.sysvar.StatusVariables;
import io.basalt.sql.sysvar.SystemVariables;
import io.basalt.storage.binlog.BinlogConfig;
import io.basalt.storage.binlog.BinlogMetrics;
import io.basalt.storage.binlog.BinlogService;

/**
 * Connects the binlog to the system and status variables: {@code log_bin}, {@code log_bin_basename},
 * {@code log_bin_index} and {@code gtid_binlog_pos} / {@code gtid_current_pos} read the service, SET GLOBAL of the dynamic settings (sync_binlog, binlog_commit_wait_count/usec,
 * binlog_cache_size, binlog_large_commit_threshold, max_binlog_size, binlog_expire_logs_seconds) reconfigures the
 * service, and SHOW GLOBAL STATUS gets the Binlog_* counters.
 */
public final class BinlogVariables {
    private BinlogVariables() {
    }

    public static void install(SqlBinlog binlog, SystemVariables globals, StatusVariables status) {
        BinlogService service = binlog.service();
        if (service == null) {
            return;
        }
        BinlogConfig config = service.config();
        boolean on = service.enabled();
        globals.bindLive("log_bin", () -> on ? 1L : 0L);
        globals.bindLive("log_bin_basename",
                () -> on ? config.dir().resolve(config.baseName()).toAbsolutePath().normalize().toString() : "");
        globals.bindLive("log_bin_index", () -> on ? config.indexFile().toAbsolutePath().normalize().toString() : "");
        globals.bindLive("gtid_binlog_pos", service::gtidBinlogPos);
        // without a replica applier the current position is the binlog's (MariaDB: the union with gtid_slave_pos)
        globals.bindLive("gtid_current_pos", service::gtidBinlogPos);
        globals.onGlobalChange((name, value) -> apply(service, name, value));
        BinlogMetrics m = service.metrics();
        status.register("Binlog_commits", m::commits);
        status.register("Binlog_group_commits", m::groupCommits);
        status.register("Binlog_bytes_written", m::bytesWritten);
        status.register("Binlog_cache_use", m::cacheUse);
        status.register("Binlog_cache_disk_use", m::cacheDiskUse);
        // Basalt's own: MariaDB 11.7 renames large caches too but counts them nowhere
        status.register("Binlog_rename_commits", m::renameCommits);
    }

    private static void apply(BinlogService service, String name, Object value) {
        if (!(value instanceof Long v)) {
            return;
        }
        BinlogConfig c = service.config();
        BinlogConfig next = switch (name) {
            case "sync_binlog" -> c.withSyncBinlog((int) Math.min(v, Integer.MAX_VALUE));
            case "binlog_commit_wait_count" -> c.withCommitWait((int) Math.min(v, Integer.MAX_VALUE),
                    c.commitWaitUsec());
            case "binlog_commit_wait_usec" -> c.withCommitWait(c.commitWaitCount(), v);
            case "binlog_cache_size" -> c.withCache((int) Math.min(v, Integer.MAX_VALUE), c.largeCommitThreshold());
            case "binlog_large_commit_threshold" -> c.withCache(c.cacheSize(), v);
            case "max_binlog_size" -> c.withMaxBinlogSize(v);
            case "binlog_expire_logs_seconds" -> c.withExpireLogsSeconds(v);
            default -> null;
        };
        if (next != null) {
            service.reconfigure(next);
        }
    }
}
