package io.basalt.sql.engine;

import io.basalt.protocol.binlog.BinlogEvent;
import io.basalt.protocol.binlog.BinlogEventReader;
import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.GtidEvent;
import io.basalt.protocol.binlog.QueryEvent;
import io.basalt.protocol.binlog.RowsEvent;
import io.basalt.protocol.binlog.TableMapEvent;
import io.basalt.session.Session;
import io.basalt.storage.binlog.BinlogConfig;
import io.basalt.storage.binlog.BinlogFileInfo;
import io.basalt.storage.binlog.BinlogService;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** DDL, DML and transactions with the binary log on; the files are read back with the protocol's reader. */
class BinlogEngineTest {
    private static final Path MARIADB_BINLOG = Path.of("/usr/bin/mariadb-binlog");

    @TempDir
    Path dir;
    BinlogService binlog;
    EngineFixture f;
    Session s;

    @BeforeEach
    void setUp() {
        binlog = BinlogService.open(BinlogConfig.defaults(dir.resolve("binlog")), new SimpleMeterRegistry());
        f = new EngineFixture(dir, binlog);
        s = f.session();
    }

    @AfterEach
    void tearDown() {
        if (f != null) {
            f.close();
            binlog.close();
        }
    }

    /** Closes the server side so the files are complete (Stop event, in-use flag cleared). */
    private List<Path> closeAndListFiles() {
        List<BinlogFileInfo> files = binlog.files();
        f.close();
        binlog.close();
        f = null;
        return files.stream().map(i -> dir.resolve("binlog").resolve(i.name())).toList();
    }

    private void workload() {
        f.exec(s, "CREATE DATABASE d");
        f.exec(s, "USE d");
        f.exec(s, "CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(20), n DECIMAL(10,2), at DATETIME)");
        f.exec(s, "INSERT INTO t VALUES (1, 'one', 1.50, '2024-01-02 03:04:05'), (2, 'two', NULL, NULL)");
        f.exec(s, "UPDATE t SET v = 'uno' WHERE id = 1");
        f.exec(s, "DELETE FROM t WHERE id = 2");
        f.exec(s, "BEGIN");
        f.exec(s, "INSERT INTO t (id, v) VALUES (10, 'rolled back')");
        f.exec(s, "ROLLBACK");
        f.exec(s, "BEGIN");
        f.exec(s, "INSERT INTO t (id, v) VALUES (3, 'kept')");
        f.exec(s, "SAVEPOINT a");
        f.exec(s, "INSERT INTO t (id, v) VALUES (4, 'undone')");
        f.exec(s, "ROLLBACK TO SAVEPOINT a");
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "INSERT INTO t (id, v) VALUES (5, 'x'), (3, 'dup')")))
                .isEqualTo(1062);
        f.exec(s, "COMMIT");
        f.exec(s, "SELECT * FROM t");
    }

    /** One line per event of interest, rows decoded with their table map. */
    private static List<String> describe(List<Path> files) throws IOException {
        List<String> out = new ArrayList<>();
        long lastSeq = 0;
        TableMapEvent map = null;
        for (Path p : files) {
            try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
                BinlogEventReader r = BinlogEventReader.ofFile(ch);
                for (BinlogEvent e = r.next(); e != null; e = r.next()) {
                    BinlogEventType type = e.header().type();
                    switch (type) {
                        case GTID -> {
                            GtidEvent g = (GtidEvent) e.decode();
                            assertThat(g.seqNo()).isGreaterThan(lastSeq);
                            lastSeq = g.seqNo();
                            out.add(g.isStandalone() ? "GTID ddl" : "GTID");
                        }
                        case QUERY -> {
                            QueryEvent q = (QueryEvent) e.decode();
                            out.add("Query " + q.database() + ": " + q.sql());
                        }
                        case ANNOTATE_ROWS -> out.add("Annotate " + e.decode().toString().contains("INSERT"));
                        case TABLE_MAP -> {
                            map = (TableMapEvent) e.decode();
                            out.add("Table_map " + map.database() + "." + map.table());
                        }
                        case WRITE_ROWS_V1, UPDATE_ROWS_V1, DELETE_ROWS_V1 -> {
                            RowsEvent rows = e.decodeRows(map);
                            StringBuilder sb = new StringBuilder(type.name());
                            if ((rows.flags() & RowsEvent.STMT_END_F) != 0) {
                                sb.append(" end");
                            }
                            for (int i = 0; i < rows.rowCount(); i++) {
                                if (!rows.before().isEmpty()) {
                                    sb.append(' ').append(render(rows.before().get(i)));
                                }
                                if (!rows.after().isEmpty()) {
                                    sb.append(rows.before().isEmpty() ? " " : "->").append(render(rows.after().get(i)));
                                }
                            }
                            out.add(sb.toString());
                        }
                        case XID -> out.add("Xid");
                        default -> {
                        }
                    }
                }
            }
        }
        return out;
    }

    private static String render(Object[] row) {
        Object[] shown = new Object[row.length];
        for (int i = 0; i < row.length; i++) {
            shown[i] = row[i] instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : row[i];
        }
        return Arrays.toString(shown);
    }

    @Test
    void ddlAndRowEventsInCommitOrder() throws IOException {
        workload();
        List<String> events = describe(closeAndListFiles());
        assertThat(events).containsExactly(
                "GTID ddl", "Query : CREATE DATABASE d",
                "GTID ddl", "Query d: CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(20), n DECIMAL(10,2), at DATETIME)",
                "GTID", "Annotate true", "Table_map d.t",
                "WRITE_ROWS_V1 end [1, one, 1.50, 2024-01-02T03:04:05] [2, two, null, null]", "Xid",
                "GTID", "Annotate false", "Table_map d.t",
                "UPDATE_ROWS_V1 end [1, one, 1.50, 2024-01-02T03:04:05]->[1, uno, 1.50, 2024-01-02T03:04:05]", "Xid",
                "GTID", "Annotate false", "Table_map d.t", "DELETE_ROWS_V1 end [2, two, null, null]", "Xid",
                "GTID", "Annotate true", "Table_map d.t", "WRITE_ROWS_V1 end [3, kept, null, null]", "Xid");
    }

    @Test
    void decodedValuesKeepTheirTypes() throws IOException {
        f.exec(s, "CREATE DATABASE d");
        f.exec(s, "USE d");
        f.exec(s, "CREATE TABLE t (id INT PRIMARY KEY, n DECIMAL(10,2), at DATETIME)");
        f.exec(s, "INSERT INTO t VALUES (7, 2.25, '2024-05-06 07:08:09')");
        List<Path> files = closeAndListFiles();
        TableMapEvent map = null;
        RowsEvent write = null;
        try (FileChannel ch = FileChannel.open(files.get(0), StandardOpenOption.READ)) {
            BinlogEventReader r = BinlogEventReader.ofFile(ch);
            for (BinlogEvent e = r.next(); e != null; e = r.next()) {
                if (e.header().type() == BinlogEventType.TABLE_MAP) {
                    map = (TableMapEvent) e.decode();
                } else if (e.header().type() == BinlogEventType.WRITE_ROWS_V1) {
                    write = e.decodeRows(map);
                }
            }
        }
        assertThat(write).isNotNull();
        assertThat(write.after().get(0)).containsExactly(7L, new BigDecimal("2.25"),
                LocalDateTime.of(2024, 5, 6, 7, 8, 9));
    }

    @Test
    void showStatementsAndFlush() {
        f.exec(s, "CREATE DATABASE d");
        var logs = f.exec(s, "SHOW BINARY LOGS");
        assertThat(logs.labels()).containsExactly("Log_name", "File_size");
        assertThat(logs.rows()).hasSize(1);
        f.exec(s, "FLUSH BINARY LOGS");
        assertThat(f.exec(s, "SHOW MASTER LOGS").rows()).hasSize(2);
        var status = f.exec(s, "SHOW MASTER STATUS");
        assertThat(status.labels()).containsExactly("File", "Position", "Binlog_Do_DB", "Binlog_Ignore_DB");
        assertThat(status.rows().get(0).get(0)).isEqualTo("basalt-bin.000002");
        var events = f.exec(s, "SHOW BINLOG EVENTS IN 'basalt-bin.000001'");
        assertThat(events.labels()).containsExactly("Log_name", "Pos", "Event_type", "Server_id", "End_log_pos",
                "Info");
        assertThat(events.column(2)).startsWith("Format_desc", "Gtid_list", "Binlog_checkpoint", "Gtid", "Query");
        assertThat(events.column(5)).contains("CREATE DATABASE d");
        assertThat(events.column(2)).endsWith("Rotate");
        var limited = f.exec(s, "SHOW BINLOG EVENTS IN 'basalt-bin.000001' LIMIT 1, 2");
        assertThat(limited.column(2)).containsExactly("Gtid_list", "Binlog_checkpoint");
        f.exec(s, "PURGE BINARY LOGS TO 'basalt-bin.000002'");
        assertThat(f.exec(s, "SHOW BINARY LOGS").column(0)).containsExactly("basalt-bin.000002");
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "PURGE BINARY LOGS TO 'nope.000001'"))).isEqualTo(1373);
    }

    @Test
    void ddlWaitsForAnOpenTransactionThatWroteItsTableSoTheBinlogKeepsTheirOrder() throws Exception {
        f.exec(s, "CREATE DATABASE d");
        f.exec(s, "CREATE TABLE d.t (id INT PRIMARY KEY)");
        f.exec(s, "BEGIN");
        f.exec(s, "INSERT INTO d.t VALUES (1)");
        Session ddl = f.session();
        f.exec(ddl, "SET SESSION lock_wait_timeout = 1");
        assertThat(EngineFixture.errorCode(() -> f.exec(ddl, "ALTER TABLE d.t ADD COLUMN c INT")))
                .as("the open transaction holds the table's metadata lock").isEqualTo(1205);
        f.exec(ddl, "SET SESSION lock_wait_timeout = 60");
        var alter = java.util.concurrent.CompletableFuture.runAsync(
                () -> f.exec(ddl, "ALTER TABLE d.t ADD COLUMN c INT"));
        f.exec(s, "COMMIT");
        alter.get(30, java.util.concurrent.TimeUnit.SECONDS);
        f.exec(s, "INSERT INTO d.t VALUES (2, 20)");
        List<String> events = describe(closeAndListFiles());
        assertThat(events.subList(4, events.size())).containsExactly(
                "GTID", "Annotate true", "Table_map d.t", "WRITE_ROWS_V1 end [1]", "Xid",
                "GTID ddl", "Query : ALTER TABLE d.t ADD COLUMN c INT",
                "GTID", "Annotate true", "Table_map d.t", "WRITE_ROWS_V1 end [2, 20]", "Xid");
    }

    @Test
    void binlogGtidPosResetMasterAndSlaveHosts() {
        f.exec(s, "CREATE DATABASE d");
        f.exec(s, "CREATE TABLE d.t (id INT PRIMARY KEY)");
        var events = f.exec(s, "SHOW BINLOG EVENTS IN 'basalt-bin.000001'");
        List<Object> gtidOffsets = new java.util.ArrayList<>();
        for (List<Object> row : events.rows()) {
            if ("Gtid".equals(row.get(2))) {
                gtidOffsets.add(row.get(1));
            }
        }
        assertThat(f.exec(s, "SELECT BINLOG_GTID_POS('basalt-bin.000001', " + gtidOffsets.get(1) + ")").rows()
                .get(0)).containsExactly("0-1-1");
        long end = binlog.currentPosition().position();
        assertThat(f.exec(s, "SELECT BINLOG_GTID_POS('basalt-bin.000001', ?)".replace("?", Long.toString(end)))
                .rows().get(0)).containsExactly("0-1-2");
        assertThat(f.exec(s, "SELECT BINLOG_GTID_POS('basalt-bin.000001', 5), BINLOG_GTID_POS('x', 4),"
                + " BINLOG_GTID_POS(NULL, 4)").rows().get(0)).containsExactly(null, null, null);
        assertThat(f.exec(s, "SELECT BINLOG_GTID_POS('basalt-bin.000001', 4)").rows().get(0))
                .as("file start: nothing binlogged before it").containsExactly("");
        assertThat(f.exec(s, "SELECT BINLOG_GTID_POS('basalt-bin.000001', " + (end + 1) + ")").rows().get(0))
                .as("past the end").containsExactly((Object) null);

        var hosts = f.exec(s, "SHOW SLAVE HOSTS");
        assertThat(hosts.labels()).containsExactly("Server_id", "Host", "Port", "Master_id");
        assertThat(hosts.rows()).isEmpty();
        assertThat(f.exec(s, "SHOW REPLICA HOSTS").rows()).isEmpty();

        f.exec(s, "FLUSH BINARY LOGS");
        assertThat(f.exec(s, "SELECT BINLOG_GTID_POS('basalt-bin.000002', 4)").rows().get(0))
                .as("start of the next file: its Gtid_list").containsExactly("0-1-2");
        f.exec(s, "RESET MASTER");
        assertThat(f.exec(s, "SELECT BINLOG_GTID_POS('basalt-bin.000002', 4)").rows().get(0))
                .as("deleted by RESET MASTER").containsExactly((Object) null);
        assertThat(f.exec(s, "SHOW BINARY LOGS").column(0)).containsExactly("basalt-bin.000001");
        assertThat(f.exec(s, "SELECT @@gtid_binlog_pos").rows().get(0)).containsExactly("");
        f.exec(s, "INSERT INTO d.t VALUES (1)");
        assertThat(f.exec(s, "SELECT @@gtid_binlog_pos").rows().get(0)).containsExactly("0-1-1");
        f.exec(s, "RESET MASTER TO 12");
        assertThat(f.exec(s, "SHOW MASTER STATUS").rows().get(0).get(0)).isEqualTo("basalt-bin.000012");
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "RESET MASTER TO 0"))).isEqualTo(1210);
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "RESET MASTER TO 2147483648"))).isEqualTo(1210);
    }

    @Test
    void resetMasterAndBinlogGtidPosWithTheLogOff() {
        BinlogService off = BinlogService.open(BinlogConfig.defaults(dir.resolve("off")).withEnabled(false),
                new SimpleMeterRegistry());
        EngineFixture noLog = new EngineFixture(dir.resolve("nolog"), off);
        try {
            Session session = noLog.session();
            assertThat(EngineFixture.errorCode(() -> noLog.exec(session, "RESET MASTER"))).isEqualTo(1186);
            assertThat(noLog.exec(session, "SELECT BINLOG_GTID_POS('basalt-bin.000001', 4)").rows().get(0))
                    .containsExactly((Object) null);
            assertThat(noLog.exec(session, "SHOW SLAVE HOSTS").rows()).isEmpty();
        } finally {
            noLog.close();
        }
    }

    @Test
    void variablesAndStatusFollowTheLog() {
        assertThat(f.exec(s, "SELECT @@log_bin, @@gtid_binlog_pos, @@binlog_format").rows().get(0))
                .containsExactly(1L, "", "ROW");
        f.exec(s, "CREATE DATABASE d");
        f.exec(s, "CREATE TABLE d.t (id INT PRIMARY KEY)");
        f.exec(s, "INSERT INTO d.t VALUES (1)");
        assertThat(f.exec(s, "SELECT @@global.gtid_binlog_pos, @@gtid_current_pos").rows().get(0))
                .containsExactly("0-1-3", "0-1-3");
        assertThat(f.exec(s, "SHOW GLOBAL STATUS LIKE 'Binlog_c%'").rows()).contains(
                List.of("Binlog_commits", "3"), List.of("Binlog_cache_use", "1"), List.of("Binlog_cache_disk_use", "0"));
        f.exec(s, "SET GLOBAL sync_binlog = 0");
        assertThat(binlog.config().syncBinlog()).isZero();
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "SET binlog_format = 'STATEMENT'"))).isEqualTo(1231);
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "SET GLOBAL binlog_checksum = 'NONE'"))).isEqualTo(1238);
        assertThat(EngineFixture.errorCode(() -> f.exec(s, "SET GLOBAL server_id = 7"))).isEqualTo(1238);
        f.exec(s, "SET sql_log_bin = 0");
        f.exec(s, "INSERT INTO d.t VALUES (2)");
        assertThat(f.exec(s, "SELECT @@gtid_binlog_pos").rows().get(0)).containsExactly("0-1-3");
    }

    @Test
    void aLargeTransactionIsRenamedIntoTheLogAndCounted() throws IOException {
        f.exec(s, "CREATE DATABASE d");
        f.exec(s, "CREATE TABLE d.big (id INT PRIMARY KEY, b LONGTEXT)");
        f.exec(s, "SET GLOBAL binlog_large_commit_threshold = 10485760");
        f.exec(s, "INSERT INTO d.big VALUES (1, REPEAT('a', 11000000))");
        f.exec(s, "INSERT INTO d.big VALUES (2, 'small')");
        assertThat(f.exec(s, "SHOW GLOBAL STATUS LIKE 'Binlog_rename_commits'").rows())
                .containsExactly(List.of("Binlog_rename_commits", "1"));
        List<String> rows = describe(closeAndListFiles()).stream().filter(l -> l.startsWith("WRITE_ROWS")).toList();
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).isEqualTo("WRITE_ROWS_V1 end [1, " + "a".repeat(11_000_000) + "]");
        assertThat(rows.get(1)).isEqualTo("WRITE_ROWS_V1 end [2, small]");
    }

    @Test
    void mariadbBinlogDecodesTheFiles() throws Exception {
        assumeTrue(Files.isExecutable(MARIADB_BINLOG), "mariadb-binlog is not installed");
        workload();
        List<Path> files = closeAndListFiles();
        List<String> cmd = new ArrayList<>(List.of(MARIADB_BINLOG.toString(), "--verbose",
                "--base64-output=decode-rows"));
        files.forEach(p -> cmd.add(p.toString()));
        Process p = new ProcessBuilder(cmd).redirectError(dir.resolve("stderr.txt").toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile()).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = Files.readString(dir.resolve("stdout.txt"));
        String err = Files.readString(dir.resolve("stderr.txt"));
        assertThat(p.exitValue()).as(err).isEqualTo(0);
        assertThat(err).doesNotContainIgnoringCase("warning").doesNotContainIgnoringCase("error");
        assertThat(out).contains("### INSERT INTO `d`.`t`", "### UPDATE `d`.`t`", "### DELETE FROM `d`.`t`",
                "CREATE TABLE t (id INT PRIMARY KEY", "INSERT INTO t (id, v) VALUES (3, 'kept')");
        assertThat(out).doesNotContain("rolled back").doesNotContain("undone");
    }
}
