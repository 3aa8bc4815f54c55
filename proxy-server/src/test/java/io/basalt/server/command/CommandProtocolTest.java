package io.basalt.server.command;

import io.basalt.protocol.codec.PayloadWriter;
import io.basalt.protocol.constants.CapabilityFlags;
import io.basalt.protocol.constants.FieldType;
import io.basalt.protocol.constants.ServerStatus;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.protocol.result.ColumnDefinitionCodec;
import io.basalt.protocol.result.OkPacket;
import io.basalt.server.testing.RawClient;
import io.basalt.server.testing.RawClient.Received;
import io.basalt.server.testing.TestServer;
import io.basalt.storage.testing.Await;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Every COM_ command through raw packets: the exact reply packets, status flags and EOF styles. */
class CommandProtocolTest {
    private static final int MULTI = CapabilityFlags.MULTI_STATEMENTS;
    private static final int DEPRECATE_EOF = CapabilityFlags.DEPRECATE_EOF;
    private static TestServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TestServer.start();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static RawClient root() throws IOException {
        return RawClient.login(server.port(), "root", "");
    }

    private static RawClient root(int extraFlags) throws IOException {
        return RawClient.login(server.port(), "root", "", RawClient.CLIENT_FLAGS | extraFlags);
    }

    private static OkPacket okOf(RawClient c, String sql) throws IOException {
        c.query(sql);
        Received r = c.read();
        assertThat(r.isOk()).as("%s answered OK, got %s", sql, r.isErr() ? r.err() : r).isTrue();
        return r.ok();
    }

    private static int eofStatus(Received eof) {
        assertThat(eof.header()).isEqualTo(0xfe);
        return (eof.payload()[3] & 0xff) | (eof.payload()[4] & 0xff) << 8;
    }

    @Test
    void statusFlagsFollowTheSession() throws IOException {
        try (RawClient c = root()) {
            assertThat(okOf(c, "SET autocommit=0").status() & ServerStatus.AUTOCOMMIT).isZero();
            assertThat(okOf(c, "INSERT INTO t VALUES (1)").status()).isEqualTo(ServerStatus.IN_TRANS);
            assertThat(okOf(c, "COMMIT").status()).isZero();
            assertThat(okOf(c, "SET autocommit=1").status()).isEqualTo(ServerStatus.AUTOCOMMIT);
            assertThat(okOf(c, "BEGIN").status()).isEqualTo(ServerStatus.AUTOCOMMIT | ServerStatus.IN_TRANS);
            c.query("SELECT 1");
            List<Received> rs = c.readResultSet();
            assertThat(eofStatus(rs.get(1))).isEqualTo(ServerStatus.AUTOCOMMIT | ServerStatus.IN_TRANS);
            assertThat(eofStatus(rs.get(3))).isEqualTo(ServerStatus.AUTOCOMMIT | ServerStatus.IN_TRANS);
            c.command(0x0e, new byte[0]);
            assertThat(c.read().ok().status()).isEqualTo(ServerStatus.AUTOCOMMIT | ServerStatus.IN_TRANS);
            assertThat(okOf(c, "ROLLBACK").status()).isEqualTo(ServerStatus.AUTOCOMMIT);
        }
    }

    @Test
    void warningCountComesFromTheSession() throws IOException {
        try (RawClient c = root()) {
            assertThat(okOf(c, "SELECT WARN").warnings()).isEqualTo(1);
            assertThat(okOf(c, "SET x=1").warnings()).isZero();
        }
    }

    @Test
    void multiStatementsFlagEveryReplyButTheLastWithMoreResults() throws IOException {
        try (RawClient c = root(MULTI)) {
            c.query("SELECT 1; SET @a = 1; SELECT 1");
            List<Received> first = c.readResultSet();
            assertThat(eofStatus(first.get(3)) & ServerStatus.MORE_RESULTS_EXISTS).isNotZero();
            Received ok = c.read();
            assertThat(ok.ok().status() & ServerStatus.MORE_RESULTS_EXISTS).isNotZero();
            List<Received> last = c.readResultSet();
            assertThat(eofStatus(last.get(3)) & ServerStatus.MORE_RESULTS_EXISTS).isZero();
            c.query("SET @a = 1; SELECT ERR; SELECT 1");
            assertThat(c.read().ok().status() & ServerStatus.MORE_RESULTS_EXISTS).isNotZero();
            assertThat(c.read().err().code()).isEqualTo(1146);
            c.command(0x0e, new byte[0]);
            assertThat(c.read().isOk()).as("the third statement produced nothing").isTrue();
        }
    }

    @Test
    void setOptionSwitchesMultiStatements() throws IOException {
        try (RawClient c = root()) {
            c.query("SELECT 1; SELECT 1");
            assertThat(c.read().err().code()).isEqualTo(1064);
            c.command(0x1b, new byte[] {0, 0});
            Received eof = c.read();
            assertThat(eof.header()).isEqualTo(0xfe);
            assertThat(eof.payload()).hasSize(5);
            c.query("SELECT 1; SELECT 1");
            assertThat(c.readResultSet()).hasSize(4);
            assertThat(c.readResultSet()).hasSize(4);
            c.command(0x1b, new byte[] {1, 0});
            assertThat(c.read().header()).isEqualTo(0xfe);
            c.query("SELECT 1; SELECT 1");
            assertThat(c.read().err().code()).isEqualTo(1064);
            c.command(0x1b, new byte[] {7, 0});
            assertThat(c.read().err().code()).isEqualTo(1047);
        }
    }

    @Test
    void deprecateEofEndsResultSetsWithAnOk() throws IOException {
        try (RawClient c = root(DEPRECATE_EOF)) {
            c.query("SELECT 1");
            assertThat(c.read().payload()).containsExactly(1);
            ColumnDefinition column = ColumnDefinitionCodec.decode(Unpooled.wrappedBuffer(c.read().payload()));
            assertThat(column.name()).isEqualTo("1");
            assertThat(c.read().text()).isEqualTo("\u00011");
            Received end = c.read();
            assertThat(end.header()).isEqualTo(0xfe);
            assertThat(end.ok().status()).isEqualTo(ServerStatus.AUTOCOMMIT);
            c.command(0x0e, new byte[0]);
            assertThat(c.read().isOk()).isTrue();
        }
    }

    @Test
    void fieldListSendsColumnDefinitionsThenEof() throws IOException {
        try (RawClient c = root()) {
            c.command(0x04, "t1\0".getBytes(StandardCharsets.US_ASCII));
            Received id = c.read();
            ByteBuf idBuf = Unpooled.wrappedBuffer(id.payload());
            assertThat(ColumnDefinitionCodec.decode(idBuf).name()).isEqualTo("id");
            assertThat((int) idBuf.readUnsignedByte()).as("no default value").isEqualTo(0xfb);
            assertThat(ColumnDefinitionCodec.decode(Unpooled.wrappedBuffer(c.read().payload())).name())
                    .isEqualTo("name");
            assertThat(eofStatus(c.read())).isEqualTo(ServerStatus.AUTOCOMMIT);
            c.command(0x04, "nope\0".getBytes(StandardCharsets.US_ASCII));
            assertThat(c.read().err().code()).isEqualTo(1146);
        }
    }

    @Test
    void initDbAsksTheEngine() throws IOException {
        try (RawClient c = root()) {
            c.command(0x02, "test".getBytes(StandardCharsets.US_ASCII));
            assertThat(c.read().isOk()).isTrue();
            c.command(0x02, "nosuch".getBytes(StandardCharsets.US_ASCII));
            Received err = c.read();
            assertThat(err.err().code()).isEqualTo(1049);
            assertThat(err.err().message()).isEqualTo("Unknown database 'nosuch'");
            assertThat(server.engine().statements()).contains("USE `test`", "USE `nosuch`");
        }
    }

    @Test
    void statisticsIsMySqlsStatusLine() throws IOException {
        try (RawClient c = root()) {
            c.command(0x09, new byte[0]);
            assertThat(c.read().text()).matches("Uptime: \\d+  Threads: \\d+  Questions: \\d+  Slow queries: 0  "
                    + "Opens: 0  Flush tables: 1  Open tables: 0  Queries per second avg: \\d+\\.\\d{3}");
        }
    }

    @Test
    void processKillClosesTheVictim() throws Exception {
        try (RawClient victim = root(); RawClient killer = root()) {
            ByteBuf id = Unpooled.buffer();
            PayloadWriter.writeInt4(id, victim.connectionId());
            killer.command(0x0c, ByteBufUtil.getBytes(id));
            assertThat(killer.read().isOk()).isTrue();
            assertThat(victim.closedByServer()).isTrue();
            Await.until("the victim's session is gone", () -> server.sessions().find(victim.connectionId()).isEmpty());
            ByteBuf unknown = Unpooled.buffer();
            PayloadWriter.writeInt4(unknown, 999_999);
            killer.command(0x0c, ByteBufUtil.getBytes(unknown));
            assertThat(killer.read().err().code()).isEqualTo(1094);
        }
    }

    @Test
    void prepareAnswersWithStatementMetadata() throws IOException {
        try (RawClient c = root()) {
            c.command(0x16, "SELECT ?, ?".getBytes(StandardCharsets.US_ASCII));
            Received ok = c.read();
            assertThat(ok.payload()).hasSize(12);
            ByteBuf b = Unpooled.wrappedBuffer(ok.payload());
            assertThat((int) b.readUnsignedByte()).isZero();
            assertThat(b.readUnsignedIntLE()).isEqualTo(1);
            assertThat(b.readUnsignedShortLE()).as("columns").isEqualTo(2);
            assertThat(b.readUnsignedShortLE()).as("parameters").isEqualTo(2);
            for (int i = 0; i < 2; i++) {
                ColumnDefinition param = ColumnDefinitionCodec.decode(Unpooled.wrappedBuffer(c.read().payload()));
                assertThat(param.name()).isEqualTo("?");
                assertThat(param.type()).isEqualTo(FieldType.VAR_STRING);
            }
            assertThat(c.read().header()).isEqualTo(0xfe);
            assertThat(ColumnDefinitionCodec.decode(Unpooled.wrappedBuffer(c.read().payload())).name())
                    .isEqualTo("p1");
            c.read();
            assertThat(c.read().header()).isEqualTo(0xfe);
            c.command(0x16, "INSERT INTO t VALUES (?)".getBytes(StandardCharsets.US_ASCII));
            ByteBuf second = Unpooled.wrappedBuffer(c.read().payload());
            second.skipBytes(1);
            assertThat(second.readUnsignedIntLE()).as("ids count up per connection").isEqualTo(2);
            assertThat(second.readUnsignedShortLE()).isZero();
            assertThat(second.readUnsignedShortLE()).isEqualTo(1);
            c.read();
            assertThat(c.read().header()).as("EOF after the parameters only").isEqualTo(0xfe);
            c.command(0x16, "BEGIN".getBytes(StandardCharsets.US_ASCII));
            assertThat(c.read().err().code()).isEqualTo(1295);
        }
    }

    @Test
    void prepareWithDeprecateEofSendsNoEofs() throws IOException {
        try (RawClient c = root(DEPRECATE_EOF)) {
            c.command(0x16, "SELECT ?".getBytes(StandardCharsets.US_ASCII));
            assertThat(c.read().payload()).hasSize(12);
            assertThat(ColumnDefinitionCodec.decode(Unpooled.wrappedBuffer(c.read().payload())).name())
                    .isEqualTo("?");
            assertThat(ColumnDefinitionCodec.decode(Unpooled.wrappedBuffer(c.read().payload())).name())
                    .isEqualTo("p1");
            c.command(0x0e, new byte[0]);
            assertThat(c.read().isOk()).as("nothing else was pending").isTrue();
        }
    }

    /** COM_STMT_EXECUTE for two parameters (a LONGLONG and a VAR_STRING), types sent or not. */
    private static byte[] execute(long id, boolean sendTypes, long number, String text, boolean textAsLongData) {
        ByteBuf b = Unpooled.buffer();
        b.writeByte(0x17);
        PayloadWriter.writeInt4(b, id);
        b.writeByte(0);
        PayloadWriter.writeInt4(b, 1);
        b.writeByte(0);
        b.writeByte(sendTypes ? 1 : 0);
        if (sendTypes) {
            PayloadWriter.writeInt2(b, FieldType.LONGLONG.code());
            PayloadWriter.writeInt2(b, FieldType.VAR_STRING.code());
        }
        PayloadWriter.writeInt8(b, number);
        if (!textAsLongData) {
            PayloadWriter.writeLenencString(b, text);
        }
        return ByteBufUtil.getBytes(b);
    }

    private static void prepare(RawClient c, String sql) throws IOException {
        c.command(0x16, sql.getBytes(StandardCharsets.US_ASCII));
        c.read();
        int params = (int) sql.chars().filter(ch -> ch == '?').count();
        for (int i = 0; i < params * 2 + 2; i++) {
            c.read();
        }
    }

    /** Reads a binary result set of one row and returns the row payload. */
    private static byte[] binaryRow(RawClient c) throws IOException {
        Received count = c.read();
        assertThat(count.isErr()).as("%s", count.isErr() ? count.err() : "").isFalse();
        int columns = count.payload()[0];
        for (int i = 0; i < columns; i++) {
            c.read();
        }
        assertThat(c.read().header()).isEqualTo(0xfe);
        byte[] row = c.read().payload();
        assertThat(c.read().header()).isEqualTo(0xfe);
        return row;
    }

    @Test
    void executeKeepsTypesAcrossExecutesAndUsesLongData() throws IOException {
        int before = server.engine().executeParameters().size();
        try (RawClient c = root()) {
            prepare(c, "SELECT ?, ?");
            c.write(0, execute(1, true, 42, "hi", false));
            byte[] row = binaryRow(c);
            assertThat(row[0]).isZero();
            assertThat(new String(row, 2, row.length - 2, StandardCharsets.UTF_8)).isEqualTo("\u000242\u0002hi");
            c.write(0, execute(1, false, 43, "yo", false));
            binaryRow(c);
            c.write(0, execute(0xFFFF_FFFFL, false, 44, "last", false));
            binaryRow(c);
            ByteBuf chunk = Unpooled.buffer();
            chunk.writeByte(0x18);
            PayloadWriter.writeInt4(chunk, 1);
            PayloadWriter.writeInt2(chunk, 1);
            chunk.writeBytes("abc".getBytes(StandardCharsets.US_ASCII));
            c.write(0, ByteBufUtil.getBytes(chunk.copy()));
            c.write(0, ByteBufUtil.getBytes(chunk));
            c.write(0, execute(1, false, 45, null, true));
            binaryRow(c);
            c.write(0, execute(1, false, 46, "after", false));
            binaryRow(c);
        }
        List<Object[]> params = server.engine().executeParameters();
        assertThat(params.subList(before, params.size())).containsExactly(
                new Object[] {42L, "hi"}, new Object[] {43L, "yo"}, new Object[] {44L, "last"},
                new Object[] {45L, "abcabc"}, new Object[] {46L, "after"});
    }

    @Test
    void resetAndCloseForgetStatements() throws IOException {
        try (RawClient c = root()) {
            prepare(c, "SELECT ?, ?");
            ByteBuf reset = Unpooled.buffer();
            reset.writeByte(0x1a);
            PayloadWriter.writeInt4(reset, 1);
            c.write(0, ByteBufUtil.getBytes(reset));
            assertThat(c.read().isOk()).isTrue();
            ByteBuf close = Unpooled.buffer();
            close.writeByte(0x19);
            PayloadWriter.writeInt4(close, 1);
            c.write(0, ByteBufUtil.getBytes(close));
            c.write(0, execute(1, true, 1, "x", false));
            Received err = c.read();
            assertThat(err.err().code()).as("close has no reply; the execute fails").isEqualTo(1243);
            c.write(0, ByteBufUtil.getBytes(reset.resetReaderIndex()));
            assertThat(c.read().err().code()).isEqualTo(1243);
        }
    }

    @Test
    void maxPreparedStmtCountLimitsOpenStatementsServerWide() throws Exception {
        try (TestServer limited = TestServer.start()) {
            limited.context().globals().set("max_prepared_stmt_count", 2L);
            try (RawClient a = RawClient.login(limited.port(), "root", "");
                 RawClient b = RawClient.login(limited.port(), "root", "")) {
                prepare(a, "SELECT ?, ?");
                prepare(b, "SELECT ?, ?");
                b.command(0x16, "SELECT ?".getBytes(StandardCharsets.US_ASCII));
                Received refused = b.read();
                assertThat(refused.err().code()).isEqualTo(1461);
                assertThat(refused.err().message())
                        .isEqualTo("Can't create more than max_prepared_stmt_count statements (current value: 2)");
                ByteBuf close = Unpooled.buffer();
                close.writeByte(0x19);
                PayloadWriter.writeInt4(close, 1);
                a.write(0, ByteBufUtil.getBytes(close));
                a.command(0x0e, new byte[0]);
                assertThat(a.read().isOk()).as("the close (which has no reply) was processed").isTrue();
                prepare(b, "SELECT ?, ?");
                b.write(0, execute(2, true, 5, "ok", false));
                binaryRow(b);
            }
            Await.until("disconnects release their statements",
                    () -> limited.context().openPreparedStatements() == 0);
        }
    }

    @Test
    void resetConnectionRestoresAFreshSession() throws IOException {
        int resets = server.engine().resets();
        // a server-wide count: connections of earlier tests may still be releasing theirs, never adding any
        long openBefore = server.context().openPreparedStatements();
        try (RawClient c = root()) {
            prepare(c, "SELECT ?, ?");
            okOf(c, "SET autocommit=0");
            c.command(0x1f, new byte[0]);
            OkPacket ok = c.read().ok();
            assertThat(ok.status()).isEqualTo(ServerStatus.AUTOCOMMIT);
            assertThat(server.engine().resets()).isEqualTo(resets + 1);
            c.write(0, execute(1, true, 1, "x", false));
            assertThat(c.read().err().code()).isEqualTo(1243);
            assertThat(server.context().openPreparedStatements()).isLessThanOrEqualTo(openBefore);
        }
    }
}
