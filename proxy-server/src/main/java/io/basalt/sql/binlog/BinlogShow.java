package io.basalt.sql.binlog;

import io.basalt.protocol.binlog.BinlogEvent;
import io.basalt.protocol.binlog.BinlogEventReader;
import io.basalt.protocol.binlog.TornEventException;
import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ColumnDefinitions;
import io.basalt.sql.result.ResultSetData;
import io.basalt.sql.type.SqlType;
import io.basalt.storage.binlog.BinlogFileInfo;
import io.basalt.storage.binlog.BinlogPosition;
import io.basalt.storage.binlog.BinlogService;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * SHOW BINARY LOGS / MASTER LOGS, SHOW MASTER STATUS / BINLOG STATUS, SHOW BINLOG EVENTS and SHOW SLAVE / REPLICA
 * HOSTS, with MariaDB 10.11's columns. Reads the files through their own channel; never blocks writers. Stateless and thread-safe.
 */
public final class BinlogShow {
    private BinlogShow() {
    }

    public static boolean handles(SqlShow show) {
        return switch (show.kind()) {
            case BINARY_LOGS, MASTER_STATUS, BINLOG_STATUS, BINLOG_EVENTS, SLAVE_HOSTS -> true;
            default -> false;
        };
    }

    /**
     * @param offset LIMIT offset of SHOW BINLOG EVENTS (0 when absent)
     * @param limit  LIMIT row count (-1 when absent)
     * @throws MySqlException 1381 "You are not using binary logging" when the log is off; 1220 for an unknown file
     */
    public static ResultSetData execute(SqlShow show, SqlBinlog binlog, long offset, long limit) {
        if (show.kind() == SqlShow.Kind.SLAVE_HOSTS) {
            return replicaHosts(binlog.replicaHosts());
        }
        if (!binlog.enabled()) {
            if (show.kind() == SqlShow.Kind.MASTER_STATUS || show.kind() == SqlShow.Kind.BINLOG_STATUS) {
                return new ResultSetData(statusColumns(), List.of());
            }
            throw notLogging();
        }
        BinlogService service = binlog.service();
        return switch (show.kind()) {
            case BINARY_LOGS -> binaryLogs(service);
            case BINLOG_EVENTS -> events(service, show.logName(), show.position(), offset, limit);
            default -> status(service);
        };
    }

    static MySqlException notLogging() {
        return new MySqlException(1381, "HY000", "You are not using binary logging", null);
    }

    private static ResultSetData binaryLogs(BinlogService service) {
        List<Object[]> rows = new ArrayList<>();
        for (BinlogFileInfo f : service.files()) {
            rows.add(new Object[] {f.name(), f.size()});
        }
        return new ResultSetData(List.of(text("Log_name"), number("File_size")), rows);
    }

    private static ResultSetData status(BinlogService service) {
        BinlogPosition p = service.currentPosition();
        return new ResultSetData(statusColumns(), List.<Object[]>of(new Object[] {p.file(), p.position(), "", ""}));
    }

    private static ResultSetData replicaHosts(ReplicaHosts hosts) {
        List<Object[]> rows = new ArrayList<>();
        for (ReplicaHost h : hosts.list()) {
            rows.add(new Object[] {h.serverId(), h.host(), (long) h.port(), h.masterId()});
        }
        return new ResultSetData(List.of(number("Server_id"), text("Host"), number("Port"), number("Master_id")),
                rows);
    }

    private static List<ColumnDefinition> statusColumns() {
        return List.of(text("File"), number("Position"), text("Binlog_Do_DB"), text("Binlog_Ignore_DB"));
    }

    private static ResultSetData events(BinlogService service, String file, Long from, long offset, long limit) {
        List<BinlogFileInfo> files = service.files();
        String name = file != null ? file : files.get(0).name();
        if (files.stream().noneMatch(f -> f.name().equals(name))) {
            throw new MySqlException(1220, "HY000",
                    "Error when executing command SHOW BINLOG EVENTS: Could not find target log", null);
        }
        long start = from == null ? 4 : from;
        List<Object[]> rows = new ArrayList<>();
        Path path = service.config().dir().resolve(name);
        long skipped = 0;
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            BinlogEventReader reader = BinlogEventReader.ofFile(ch);
            for (BinlogEvent e = reader.next(); e != null; e = reader.next()) {
                if (e.offset() < start) {
                    continue;
                }
                if (skipped++ < offset) {
                    continue;
                }
                if (limit >= 0 && rows.size() >= limit) {
                    break;
                }
                rows.add(new Object[] {name, e.offset(), BinlogEventInfo.typeName(e),
                        e.header().serverId(), e.header().logPos(), BinlogEventInfo.info(e)});
            }
        } catch (TornEventException ex) {
            // the active file's last event is still being written: the listing ends before it
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot read binlog " + path, ex);
        }
        return new ResultSetData(List.of(text("Log_name"), number("Pos"), text("Event_type"), number("Server_id"),
                number("End_log_pos"), text("Info")), rows);
    }

    private static ColumnDefinition text(String name) {
        return ColumnDefinitions.forExpression(name, SqlType.varchar(512), false);
    }

    private static ColumnDefinition number(String name) {
        return ColumnDefinitions.forExpression(name, SqlType.BIGINT_UNSIGNED, false);
    }
}
