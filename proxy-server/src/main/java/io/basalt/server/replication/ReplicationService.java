package io.basalt.server.replication;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.BinlogMagic;
import io.basalt.protocol.binlog.Gtid;
import io.basalt.protocol.binlog.GtidListEvent;
import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.replication.BinlogDumpRequest;
import io.basalt.protocol.replication.RegisterReplicaRequest;
import io.basalt.server.command.ResponseWriter;
import io.basalt.session.Session;
import io.basalt.storage.binlog.BinlogFileInfo;
import io.basalt.storage.binlog.BinlogService;
import io.basalt.storage.binlog.BinlogTailer;
import io.basalt.storage.binlog.TailedEvent;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Serves the binary log to replicas and change-data-capture clients (spec §6): validates a COM_BINLOG_DUMP request
 * against the binlog (file and position, or a MariaDB GTID position found in the files' Gtid_list events), hands
 * out the {@link BinlogDump} that streams it, and keeps the replicas registered with COM_REGISTER_SLAVE for SHOW
 * SLAVE HOSTS. Thread-safe.
 */
public final class ReplicationService {
    private final BinlogService binlog;
    private final ReplicationMetrics metrics;
    private final Map<Long, RegisteredReplica> replicas = new ConcurrentHashMap<>();

    public ReplicationService(BinlogService binlog, MeterRegistry registry) {
        this.binlog = binlog;
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

    /** COM_REGISTER_SLAVE: remembers the replica for SHOW SLAVE HOSTS until its connection ends. */
    public void register(long connectionId, RegisterReplicaRequest request) {
        replicas.put(connectionId, new RegisteredReplica(request.serverId(), request.host(), request.port(),
                binlog.config().serverId()));
    }

    public void unregister(long connectionId) {
        replicas.remove(connectionId);
    }

    /** The registered replicas (SHOW SLAVE HOSTS), in no particular order. */
    public List<RegisteredReplica> replicas() {
        return new ArrayList<>(replicas.values());
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
        try (BinlogTailer tailer = binlog.openReader(file, BinlogMagic.SIZE)) {
            BinlogChecksum checksum = BinlogChecksum.NONE;
            TailedEvent e;
            while ((e = tailer.next(0, TimeUnit.NANOSECONDS)) != null && file.equals(e.file())) {
                if (e.typeCode() == BinlogEventType.FORMAT_DESCRIPTION.code()) {
                    checksum = EventBytes.formatDescriptionChecksum(e.bytes());
                } else if (e.typeCode() == BinlogEventType.GTID_LIST.code()) {
                    return GtidListEvent.decode(EventBytes.body(e.bytes(), checksum)).gtids();
                } else {
                    break;
                }
            }
            throw GtidStartLocator.fatal("binlog " + file + " has no Gtid_list event after its Format_description");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw GtidStartLocator.fatal("interrupted while reading binlog " + file);
        }
    }

    private static String gtidText(List<Gtid> gtids) {
        return String.join(",", gtids.stream().map(Gtid::toString).toList());
    }
}
