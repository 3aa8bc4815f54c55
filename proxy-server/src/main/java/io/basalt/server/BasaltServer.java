package io.basalt.server;

import io.basalt.server.auth.UserAccounts;
import io.basalt.server.command.ServerContext;
import io.basalt.server.replication.ReplicationService;
import io.basalt.server.config.BasaltConfig;
import io.basalt.server.config.BinlogSettings;
import io.basalt.server.config.ServerConfig;
import io.basalt.server.metrics.ServerMetrics;
import io.basalt.server.netty.NettyServer;
import io.basalt.session.SessionRegistry;
import io.basalt.sql.binlog.SqlBinlog;
import io.basalt.sql.engine.SqlEngine;
import io.basalt.sql.sysvar.SystemVariables;
import io.basalt.storage.TxnStore;
import io.basalt.storage.binlog.BinlogConfig;
import io.basalt.storage.binlog.BinlogService;
import io.basalt.storage.config.StoreConfig;
import io.basalt.storage.fault.FaultInjector;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One running Basalt server: the binary log, the store, the SQL layer over it and the MySQL-protocol listener,
 * started in that order and stopped in the reverse one. {@link #close} stops accepting, closes client connections (rolling back their
 * transactions), waits up to {@code shutdown_timeout_ms} for running statements, then closes the SQL layer and the
 * store cleanly, so the next start needs no recovery. Thread-safe; {@link #close} is idempotent.
 */
public final class BasaltServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BasaltServer.class);

    /** Opens the SQL layer (catalog and engine) over an open store. */
    @FunctionalInterface
    public interface SqlLayerFactory {
        SqlLayer open(TxnStore store, SystemVariables globals, SessionRegistry sessions, MeterRegistry meters,
                      String serverVersion, SqlBinlog binlog);
    }

    /**
     * The SQL layer of a running server.
     *
     * @param engine    what the connections execute statements with
     * @param resources closed at shutdown after the last connection, before the store (the catalog)
     */
    public record SqlLayer(SqlEngine engine, AutoCloseable resources) {
    }

    private final BasaltConfig config;
    private final BinlogService binlog;
    private final TxnStore store;
    private final SqlLayer sql;
    private final NettyServer network;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CountDownLatch terminated = new CountDownLatch(1);

    private BasaltServer(BasaltConfig config, BinlogService binlog, TxnStore store, SqlLayer sql,
                         NettyServer network) {
        this.config = config;
        this.binlog = binlog;
        this.store = store;
        this.sql = sql;
        this.network = network;
    }

    /**
     * Opens the store (recovering what a previous process left), the SQL layer, and starts listening. On failure
     * everything opened so far is closed again.
     *
     * @throws io.basalt.storage.error.StorageException when the store cannot open (e.g. its data directory is in
     *                                                  use by another instance)
     * @throws BindException                            when the listen address cannot be bound
     * @throws InitFileException                       when the configured init file fails
     */
    public static BasaltServer start(BasaltConfig config, MeterRegistry meters, SqlLayerFactory sqlLayer)
            throws BindException, InterruptedException {
        ServerConfig sc = config.server();
        StoreConfig storage = config.storage();
        LOG.info("Basalt {} starting with {}", sc.version,
                config.source() == null ? "built-in defaults" : "configuration " + config.source());
        BinlogConfig bc = config.binlog().toConfig(storage.dataDir, sc.version);
        LOG.info("opening the binary log ({}, log_bin={})", bc.dir().toAbsolutePath().normalize(), bc.enabled());
        BinlogService binlog = BinlogService.open(bc, meters);
        if (binlog.recoveredFromCrash()) {
            LOG.info("the binary log was not closed by the previous process; its unfinished tail was recovered");
        }
        TxnStore store;
        try {
            store = TxnStore.open(storage, meters, binlog.sink(), FaultInjector.NONE);
        } catch (RuntimeException e) {
            binlog.close();
            throw e;
        }
        SqlLayer sql = null;
        NettyServer network = null;
        try {
            SystemVariables globals = new SystemVariables(SystemVariables.standardDefinitions(),
                    globalOverrides(config));
            SessionRegistry sessions = new SessionRegistry();
            LOG.info("opening the catalog");
            SqlBinlog sqlBinlog = new SqlBinlog(binlog);
            sql = sqlLayer.open(store, globals, sessions, meters, sc.version, sqlBinlog);
            if (!sc.initFile.isEmpty()) {
                InitFile.run(Path.of(sc.initFile), sql.engine(), sessions, globals);
            }
            ServerContext context = new ServerContext(sql.engine(), sessions, globals,
                    UserAccounts.fromConfig(sc.users), new ServerMetrics(meters), sc.version, sc.defaultAuthPlugin,
                    new ReplicationService(binlog, sqlBinlog.replicaHosts(), meters), sc.eventLoopCommits);
            network = new NettyServer(context, sc);
            network.start();
            BasaltServer server = new BasaltServer(config, binlog, store, sql, network);
            LOG.info("Basalt {} ready for connections on {}:{} (data {})", sc.version, sc.host,
                    network.localAddress().getPort(), Path.of(storage.dataDir).toAbsolutePath().normalize());
            return server;
        } catch (BindException | InterruptedException | RuntimeException e) {
            if (network != null) {
                network.close();
            }
            closeQuietly(sql);
            store.close();
            binlog.close();
            throw e;
        }
    }

    /** System variables whose global value comes from the configuration. */
    private static Map<String, Object> globalOverrides(BasaltConfig config) {
        ServerConfig sc = config.server();
        StoreConfig storage = config.storage();
        Map<String, Object> v = new HashMap<>();
        v.put("version", sc.version);
        v.put("port", (long) sc.port);
        v.put("datadir", Path.of(storage.dataDir).toAbsolutePath().normalize() + "/");
        v.put("max_allowed_packet", sc.maxAllowedPacket);
        v.put("max_connections", (long) sc.maxConnections);
        v.put("wait_timeout", sc.waitTimeout);
        v.put("connect_timeout", sc.connectTimeout);
        v.put("default_authentication_plugin", sc.defaultAuthPlugin);
        v.put("innodb_lock_wait_timeout", Math.max(1, storage.lockWaitTimeoutMs / 1000));
        v.put("tidb_enable_async_commit", storage.enableAsyncCommit ? 1L : 0L);
        v.put("tidb_enable_1pc", storage.enableOnePc ? 1L : 0L);
        BinlogSettings b = config.binlog();
        v.put("server_id", b.serverId);
        v.put("gtid_domain_id", b.gtidDomainId);
        v.put("max_binlog_size", b.maxBinlogSize);
        v.put("sync_binlog", (long) b.syncBinlog);
        v.put("binlog_checksum", b.binlogChecksum.toUpperCase(Locale.ROOT));
        v.put("binlog_commit_wait_count", (long) b.binlogCommitWaitCount);
        v.put("binlog_commit_wait_usec", b.binlogCommitWaitUsec);
        v.put("binlog_cache_size", (long) b.binlogCacheSize);
        v.put("binlog_large_commit_threshold", b.binlogLargeCommitThreshold);
        v.put("binlog_expire_logs_seconds", b.binlogExpireLogsSeconds);
        v.put("binlog_annotate_row_events", b.binlogAnnotateRowEvents ? 1L : 0L);
        return v;
    }

    /** The binary log (open, possibly with log_bin off). */
    public BinlogService binlog() {
        return binlog;
    }

    /** The address the server listens on (the configured port, or the one picked for port 0). */
    public InetSocketAddress address() {
        return network.localAddress();
    }

    /** True from a completed start until {@link #close} begins: what the status endpoint's /health reports. */
    public boolean isServing() {
        return !closed.get();
    }

    /** Blocks until {@link #close} has completed. */
    public void awaitTermination() throws InterruptedException {
        terminated.await();
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            LOG.info("shutting down: no longer accepting connections");
            network.stopAccepting();
            int open = network.openConnections();
            if (open > 0) {
                LOG.info("closing {} client connection(s); their open transactions are rolled back", open);
            }
            try {
                if (!network.closeConnections(config.server().shutdownTimeoutMs)) {
                    LOG.warn("some statements were still running at shutdown; they are abandoned");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            network.close();
            LOG.info("closing the catalog");
            closeQuietly(sql);
            store.close();
            LOG.info("closing the binary log");
            binlog.close();
            LOG.info("shutdown complete");
        } finally {
            terminated.countDown();
        }
    }

    private static void closeQuietly(SqlLayer sql) {
        if (sql == null || sql.resources() == null) {
            return;
        }
        try {
            sql.resources().close();
        } catch (Exception e) {
            LOG.warn("closing the SQL layer failed", e);
        }
    }
}
