package io.basalt.server.replication;


import io.basalt.protocol.binlog.BinlogMagic;
import io.basalt.protocol.binlog.Gtid;
import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.replication.BinlogDumpRequest;
import io.basalt.protocol.replication.RegisterReplicaRequest;
import io.basalt.server.command.ResponseWriter;
import io.basalt.session.Session;
import io.basalt.sql.binlog.ReplicaHost;
import io.basalt.sql.binlog.ReplicaHosts;
import io.basalt.storage.binlog.BinlogFileInfo;
import io.basalt.storage.binlog.BinlogService;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.List;

/**
 * Serves the binary log to replicas and change-data-capture clients (spec §6): validates a COM_BINLOG_DUMP request
 * against the binlog (file and position, or a MariaDB GTID position found in the files' Gtid_list events), hands
 * out the {@link BinlogDump} that streams it, and registers replicas (COM_REGISTER_SLAVE) with the SQL layer's
 * {@link ReplicaHosts} for SHOW SLAVE HOSTS. Thread-safe.
 */
public final class ReplicationService {
    private final BinlogService binlog;
    private final ReplicationMetrics metrics;
    private final ReplicaHosts replicaHosts;

    public ReplicationService(BinlogService binlog, ReplicaHosts replicaHosts, MeterRegistry registry) {
        this.binlog = binlog;
        this.replicaHosts = replicaHosts;
        this.metrics = new ReplicationMetrics(registry);
    }

    /**
     * Checks where a dump starts and prepares it (not started); the session's user variables carry the replica's
     * settings.
     *
     * @throws MySqlException 1236 with MariaDB's reason when the dump cannot start
     */
    public BinlogDump prepareDump(BinlogDumpRequest request, Session session, ResponseWriter responses) {
        if (!binlog.enabled()) {
            throw GtidStartLocator.fatal("Binary log is not open");
        }
        ReplicaSettings settings = ReplicaSettings.from(session.userVariables());
        DumpStart start = settings.gtidStart() != null ? gtidStart(request, settings)
                : fileStart(request, settings);
        BinlogDumpStream stream = new BinlogDumpStream(binlog, start, binlog.config().serverId(), responses,
                metrics);
        String description = "replica server_id " + request.serverId() + ", from "
                + (settings.gtidStart() != null ? "GTID position '" + gtidText(settings.gtidStart()) + "' in "
                + start.file() : start.file() + ":" + start.position())
                + (request.nonBlocking() ? ", non-blocking" : "");
        return new BinlogDump(stream, session, metrics, description);
    }

    /** COM_REGISTER_SLAVE: lists the replica in SHOW SLAVE HOSTS until its connection ends. */
    public void register(long connectionId, RegisterReplicaRequest request) {
        replicaHosts.register(connectionId, new ReplicaHost(request.serverId(), request.host(), request.port(),
                binlog.config().serverId()));
    }

    public void unregister(long connectionId) {
        replicaHosts.unregister(connectionId);
    }

    /** Dump connections streaming now. */
    public int activeDumps() {
        return metrics.activeDumps();
    }

    private DumpStart fileStart(BinlogDumpRequest request, ReplicaSettings settings) {
        List<BinlogFileInfo> files = binlog.files();
        BinlogFileInfo file = request.file().isEmpty() ? files.get(0) : files.stream()
                .filter(f -> f.name().equals(request.file())).findFirst()
                .orElseThrow(() -> GtidStartLocator.fatal(
                        "Could not find first log file name in binary log index file"));
        if (request.position() < BinlogMagic.SIZE) {
            throw GtidStartLocator.fatal("Client requested master to start replication from position < 4.");
        }
        if (request.position() > file.size()) {
            throw GtidStartLocator.fatal("Client requested master to start replication from position > file size");
        }
        return new DumpStart(file.name(), request.position(), null, settings, request);
    }

    private DumpStart gtidStart(BinlogDumpRequest request, ReplicaSettings settings) {
        List<String> names = binlog.files().stream().map(BinlogFileInfo::name).toList();
        List<Gtid> state = GtidPositionText.parse(binlog.gtidBinlogPos());
        String file = GtidStartLocator.locate(names, this::gtidListOf, settings.gtidStart(), state);
        return new DumpStart(file, BinlogMagic.SIZE, new GtidStartFilter(settings.gtidStart(),
                settings.gtidStrictMode()), settings, request);
    }

    /** The Gtid_list event at the head of {@code file}: the binlog state before it. */
    private List<Gtid> gtidListOf(String file) {
        try {
            return binlog.gtidListOf(file);
        } catch (IllegalStateException e) {
            throw GtidStartLocator.fatal(e.getMessage());
        }
    }

    private static String gtidText(List<Gtid> gtids) {
        return String.join(",", gtids.stream().map(Gtid::toString).toList());
    }
}
