package io.basalt.protocol.result;

import io.basalt.protocol.constants.ServerStatus;
import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ResultPacketsTest {

    @Test
    void okPacketWithoutInfo() {
        ByteBuf out = Unpooled.buffer();
        OkPacket.encode(out, 1, 0, ServerStatus.AUTOCOMMIT, 0, "", false);
        assertThat(Bytes.hexOf(out)).isEqualTo("00" + "01" + "00" + "0200" + "0000");
    }

    @Test
    void okPacketWithLargeCountersAndInfo() {
        ByteBuf out = Unpooled.buffer();
        OkPacket.encode(out, 300, 70000, ServerStatus.IN_TRANS | ServerStatus.AUTOCOMMIT, 2,
                "Rows matched: 1", false);
        byte[] expected = Bytes.of().int1(0).hexBytes("fc2c01").hexBytes("fd701101").int2(3).int2(2)
                .int1("Rows matched: 1".length()).text("Rows matched: 1").array();
        assertThat(Bytes.hexOf(out)).isEqualTo(Bytes.hexOf(expected));
        OkPacket decoded = OkPacket.decode(out);
        assertThat(decoded).isEqualTo(new OkPacket(300, 70000, 3, 2, "Rows matched: 1"));
    }

    @Test
    void okPacketAsResultSetTerminatorUsesFeHeader() {
        ByteBuf out = Unpooled.buffer();
        OkPacket.encode(out, 0, 0, ServerStatus.AUTOCOMMIT | ServerStatus.MORE_RESULTS_EXISTS, 0, null, true);
        assertThat(Bytes.hexOf(out)).isEqualTo("fe" + "00" + "00" + "0a00" + "0000");
    }

    @Test
    void errPacket() {
        ByteBuf out = Unpooled.buffer();
        ErrPacket.encode(out, 1045, "28000", "Access denied");
        byte[] expected = Bytes.of().int1(0xff).hexBytes("1504").text("#28000").text("Access denied").array();
        assertThat(Bytes.hexOf(out)).isEqualTo(Bytes.hexOf(expected));
        assertThat(ErrPacket.decode(out)).isEqualTo(new ErrPacket(1045, "28000", "Access denied"));
    }

    @Test
    void errPacketFromExceptionAndInvalidSqlState() {
        ByteBuf out = Unpooled.buffer();
        ErrPacket.encode(out, new MySqlException(ErrorCode.NO_SUCH_TABLE, "db", "t"));
        assertThat(ErrPacket.decode(out)).isEqualTo(new ErrPacket(1146, "42S02", "Table 'db.t' doesn't exist"));
        ByteBuf bad = Unpooled.buffer();
        ErrPacket.encode(bad, 1105, "X", "m");
        assertThat(ErrPacket.decode(bad).sqlState()).isEqualTo("HY000");
    }

    @Test
    void eofPacket() {
        ByteBuf out = Unpooled.buffer();
        EofPacket.encode(out, 1, ServerStatus.AUTOCOMMIT);
        assertThat(Bytes.hexOf(out)).isEqualTo("fe" + "0100" + "0200");
        assertThat(EofPacket.decode(out)).isEqualTo(new EofPacket(1, 2));
    }

    @Test
    void columnCount() {
        ByteBuf out = Unpooled.buffer();
        ColumnCount.encode(out, 3);
        ColumnCount.encode(out, 1000);
        assertThat(Bytes.hexOf(out)).isEqualTo("03" + "fce803");
    }
}
