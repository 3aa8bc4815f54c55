package io.basalt.benchmarks.protocol;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.BinlogColumn;
import io.basalt.protocol.binlog.BinlogColumnType;
import io.basalt.protocol.binlog.EventSerializer;
import io.basalt.protocol.binlog.RowsEvent;
import io.basalt.protocol.command.StatementParameters;
import io.basalt.protocol.command.StmtExecuteRequest;
import io.basalt.protocol.constants.Collations;
import io.basalt.protocol.constants.FieldType;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.protocol.result.ColumnDefinitionCodec;
import io.basalt.protocol.result.OkPacket;
import io.basalt.protocol.row.BinaryRowEncoder;
import io.basalt.protocol.row.TextRowEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Single-threaded costs of the wire protocol and the binlog encoding on a sysbench row ({@code id INT, k INT,
 * c CHAR(120), pad CHAR(60)}, the strings in sysbench's digit-group format), written into a pooled direct buffer
 * as the server's connections do:
 *
 * <ul>
 *   <li>{@code binaryRowEncode} / {@code textRowEncode}: one result row for COM_STMT_EXECUTE / COM_QUERY.</li>
 *   <li>{@code columnDefinitionsEncode}: the four column definitions a result set starts with.</li>
 *   <li>{@code okPacketEncode}: the OK of a one-row UPDATE.</li>
 *   <li>{@code stmtExecuteDecode}: a COM_STMT_EXECUTE with two BIGINT parameters (sysbench's
 *       {@code id BETWEEN ? AND ?}), types sent.</li>
 *   <li>{@code updateRowsEventEncode}: the Update_rows event of one row (before and after image) with its CRC32.</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
@Fork(value = 1, jvmArgsAppend = "-Dlogback.configurationFile=basalt-bench-logback.xml")
@Threads(1)
public class ProtocolMicroBenchmark {
    /** The row, its columns in both encodings, and a reusable output buffer. */
    @State(Scope.Thread)
    public static class Row {
        private static final int UTF8MB4_BYTES = 4;

        Object[] values;
        Object[] updated;
        List<ColumnDefinition> columns;
        List<BinlogColumn> binlogColumns;
        ByteBuf out;
        ByteBuf executePayload;
        StatementParameters twoParameters;

        @Setup(Level.Trial)
        public void prepare() {
            SplittableRandom r = new SplittableRandom(42);
            values = new Object[] {4242L, 4983L, digitGroups(r, 11), digitGroups(r, 5)};
            updated = new Object[] {4242L, 4984L, values[2], values[3]};
            columns = List.of(column("id", FieldType.LONG, 11), column("k", FieldType.LONG, 11),
                    column("c", FieldType.STRING, 120L * UTF8MB4_BYTES),
                    column("pad", FieldType.STRING, 60L * UTF8MB4_BYTES));
            binlogColumns = List.of(BinlogColumn.integer("id", BinlogColumnType.LONG, false, false),
                    BinlogColumn.integer("k", BinlogColumnType.LONG, false, false),
                    BinlogColumn.fixedString("c", 120 * UTF8MB4_BYTES, Collations.UTF8MB4_GENERAL_CI, false),
                    BinlogColumn.fixedString("pad", 60 * UTF8MB4_BYTES, Collations.UTF8MB4_GENERAL_CI, false));
            out = PooledByteBufAllocator.DEFAULT.directBuffer(4096);
            executePayload = Unpooled.buffer();
            executePayload.writeByte(0x17).writeIntLE(1).writeByte(StmtExecuteRequest.CURSOR_TYPE_NO_CURSOR)
                    .writeIntLE(1).writeByte(0).writeByte(1)
                    .writeShortLE(FieldType.LONGLONG.code()).writeShortLE(FieldType.LONGLONG.code())
                    .writeLongLE(4242).writeLongLE(4341);
            twoParameters = new StatementParameters(2, null, Map.of());
        }

        @TearDown(Level.Trial)
        public void release() {
            out.release();
        }

        /** sysbench's c/pad format: groups of 11 digits joined by '-' (10 groups for c, 5 for pad). */
        private static String digitGroups(SplittableRandom r, int groups) {
            StringBuilder s = new StringBuilder();
            for (int g = 0; g < groups; g++) {
                if (g > 0) {
                    s.append('-');
                }
                for (int d = 0; d < 11; d++) {
                    s.append((char) ('0' + r.nextInt(10)));
                }
            }
            return s.toString();
        }

        private static ColumnDefinition column(String name, FieldType type, long length) {
            return new ColumnDefinition("sbtest", "sbtest1", "sbtest1", name, name,
                    type == FieldType.STRING ? Collations.UTF8MB4_GENERAL_CI : Collations.BINARY, length, type, 0, 0);
        }

        ByteBuf cleared() {
            return out.clear();
        }
    }

    @Benchmark
    public ByteBuf binaryRowEncode(Row row) {
        ByteBuf out = row.cleared();
        BinaryRowEncoder.encode(out, row.values, row.columns);
        return out;
    }

    @Benchmark
    public ByteBuf textRowEncode(Row row) {
        ByteBuf out = row.cleared();
        TextRowEncoder.encode(out, row.values, row.columns);
        return out;
    }

    @Benchmark
    public ByteBuf columnDefinitionsEncode(Row row) {
        ByteBuf out = row.cleared();
        for (ColumnDefinition c : row.columns) {
            ColumnDefinitionCodec.encode(out, c);
        }
        return out;
    }

    @Benchmark
    public ByteBuf okPacketEncode(Row row) {
        ByteBuf out = row.cleared();
        OkPacket.encode(out, 1, 0, 0x0002, 0, "Rows matched: 1  Changed: 1  Warnings: 0", false);
        return out;
    }

    @Benchmark
    public StmtExecuteRequest stmtExecuteDecode(Row row) {
        return StmtExecuteRequest.decode(row.executePayload, id -> row.twoParameters);
    }

    @Benchmark
    public ByteBuf updateRowsEventEncode(Row row) {
        ByteBuf out = row.cleared();
        RowsEvent event = RowsEvent.update(1, RowsEvent.STMT_END_F, row.binlogColumns, List.<Object[]>of(row.values),
                List.<Object[]>of(row.updated));
        EventSerializer.serialize(out, event, 1_700_000_000L, 1, 0, 4, BinlogChecksum.CRC32);
        return out;
    }
}
