package io.basalt.protocol.binlog;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.basalt.protocol.binlog.BinlogColumnType.DATETIME2;
import static io.basalt.protocol.binlog.BinlogColumnType.INT24;
import static io.basalt.protocol.binlog.BinlogColumnType.LONG;
import static io.basalt.protocol.binlog.BinlogColumnType.LONGLONG;
import static io.basalt.protocol.binlog.BinlogColumnType.SHORT;
import static io.basalt.protocol.binlog.BinlogColumnType.TIME2;
import static io.basalt.protocol.binlog.BinlogColumnType.TIMESTAMP2;
import static io.basalt.protocol.binlog.BinlogColumnType.TINY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The real proof: a complete binlog file written with these codecs is decoded by MariaDB's own
 * {@code mariadb-binlog} without complaint, showing the row values we wrote. Skipped where the tool is missing.
 */
class MariaDbBinlogToolTest {
    private static final Path TOOL = Path.of("/usr/bin/mariadb-binlog");
    private static final long SERVER_ID = 3;
    private static final long TS = 1_700_000_000L;

    private static final List<BinlogColumn> COLUMNS = List.of(
            BinlogColumn.integer("id", LONG, false, false),
            BinlogColumn.integer("ti", TINY, false, true),
            BinlogColumn.integer("su", SHORT, true, true),
            BinlogColumn.integer("mi", INT24, false, true),
            BinlogColumn.integer("bu", LONGLONG, true, true),
            BinlogColumn.decimal("dc", 20, 6, false, true),
            BinlogColumn.floatColumn("f", true),
            BinlogColumn.doubleColumn("d", true),
            BinlogColumn.varchar("vc", 80, 45, true),
            BinlogColumn.varchar("vl", 1200, 45, true),
            BinlogColumn.fixedString("ch", 10, 8, true),
            BinlogColumn.enumeration("e", List.of("red", "green", "blue"), 45, true),
            BinlogColumn.blob("bl", 2, BinlogColumn.BINARY_CHARSET, true),
            BinlogColumn.json("j", true),
            BinlogColumn.date("dt", true),
            BinlogColumn.year("y", true),
            BinlogColumn.temporal("tm", TIME2, 3, true),
            BinlogColumn.temporal("dtt", DATETIME2, 6, true),
            BinlogColumn.temporal("ts", TIMESTAMP2, 2, true),
            BinlogColumn.integer("n", LONG, false, true));

    private static final Object[] ROW = {42, -5, 65535, -8388608, -1L, new BigDecimal("-12345.678901"), 1.5f,
        -2.25, "héllo", "v".repeat(300), "abc", 2, new byte[] {1, 2, 3}, "{\"a\":1}", LocalDate.of(2024, 2, 29),
        2024, Duration.ofHours(-838).minusMinutes(59).minusSeconds(59).minusMillis(999),
        LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000), Instant.parse("2024-01-02T03:04:05.12Z"), null};

    @Test
    void mariadbBinlogDecodesAFileWrittenByBasalt(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(TOOL), "mariadb-binlog not installed at " + TOOL + ": end-to-end check skipped");
        Path file = dir.resolve("basalt-bin.000001");
        Files.write(file, completeFile());

        Result verbose = run(dir, TOOL.toString(), "--verbose", "--base64-output=decode-rows", file.toString());
        assertThat(verbose.exitCode).as(verbose.output).isZero();
        // Case-sensitive: every Query event legitimately prints "error_code=0".
        assertThat(verbose.output).as(verbose.output).doesNotContain("ERROR").doesNotContain("WARNING")
                .doesNotContain("Warning").doesNotContain("corrupt").doesNotContain("nknown");
        assertThat(verbose.output)
                .contains("GTID 0-3-7")
                .contains("Gtid list [0-3-6]")
                .contains("Binlog checkpoint basalt-bin.000001")
                .contains("Table_map: `shop`.`items` mapped to number 21")
                .contains("### INSERT INTO `shop`.`items`")
                .contains("@1=42")
                .contains("@2=-5")
                // mariadb-binlog ignores SIGNEDNESS and prints unsigned values both ways.
                .contains("@3=-1 (65535)")
                .contains("@4=-8388608")
                .contains("@5=-1 (18446744073709551615)")
                .contains("@6=-12345.678901")
                .contains("@7=1.5")
                .contains("@8=-2.25")
                .contains("@9='héllo'")
                .contains("@10='" + "v".repeat(300) + "'")
                .contains("@11='abc'")
                .contains("@12=2")
                .contains("@13='\\x01\\x02\\x03'")
                .contains("@14='{\"a\":1}'")
                .contains("@15='2024:02:29'")
                .contains("@16=2024")
                .contains("@17='-838:59:59.999'")
                .contains("@18='2024-01-02 03:04:05.123456'")
                .contains("@19=1704164645.12")
                .contains("@20=NULL")
                .contains("Xid = 77")
                .contains("GTID 0-3-8 ddl")
                .contains("CREATE TABLE t2 (a INT)")
                .contains("use `shop`")
                .contains("SET @@session.sql_mode=1411383296")
                .contains("@@session.explicit_defaults_for_timestamp=1")
                .contains("Stop");

        Result hexdump = run(dir, TOOL.toString(), "--hexdump", file.toString());
        assertThat(hexdump.exitCode).as(hexdump.output).isZero();
        assertThat(hexdump.output).doesNotContain("ERROR").doesNotContain("corrupt");
    }

    /** magic, FDE, Gtid_list, Binlog_checkpoint, a row transaction, a DDL, Stop: a cleanly closed binlog. */
    private static byte[] completeFile() {
        ByteBuf out = Unpooled.buffer();
        BinlogMagic.write(out);
        BinlogChecksum cs = BinlogChecksum.CRC32;
        append(out, FormatDescriptionEvent.of("10.11.6-MariaDB-log", TS, cs), 0);
        append(out, new GtidListEvent(List.of(new Gtid(0, SERVER_ID, 6))), 0);
        append(out, new BinlogCheckpointEvent("basalt-bin.000001"), 0);

        append(out, GtidEvent.transaction(7, 0, 0), EventFlags.SUPPRESS_USE);
        append(out, new AnnotateRowsEvent("INSERT INTO items VALUES (42, ...)"), 0);
        append(out, new TableMapEvent(21, "shop", "items", COLUMNS, List.of(0), true), 0);
        append(out, RowsEvent.write(21, RowsEvent.STMT_END_F, COLUMNS, List.<Object[]>of(ROW)), 0);
        append(out, new XidEvent(77), 0);

        append(out, GtidEvent.ddl(8, 0), EventFlags.SUPPRESS_USE);
        append(out, new QueryEvent(1, 0, 0, "shop", "CREATE TABLE t2 (a INT)",
                QueryStatusVars.of(QueryStatusVars.DEFAULT_SQL_MODE, 45, 45, 45)), 0);
        append(out, new StopEvent(), 0);
        byte[] bytes = new byte[out.readableBytes()];
        out.readBytes(bytes);
        return bytes;
    }

    private static void append(ByteBuf out, BinlogEventBody body, int flags) {
        EventSerializer.serialize(out, body, TS, SERVER_ID, flags, out.writerIndex(), BinlogChecksum.CRC32);
    }

    private record Result(int exitCode, String output) {
    }

    private static Result run(Path dir, String... command) throws IOException, InterruptedException {
        Path log = dir.resolve("tool-output.txt");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("mariadb-binlog did not finish in 60 s");
        }
        return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }
}
