package io.basalt.protocol.command;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.constants.CommandType;
import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SimpleCommandsTest {

    @Test
    void prepareOkIsTwelveBytes() {
        ByteBuf out = Unpooled.buffer();
        StmtPrepareOk.encode(out, 0x01020304L, 3, 2, 1);
        assertThat(Bytes.hexOf(out)).isEqualTo("00" + "04030201" + "0300" + "0200" + "00" + "0100");
        assertThat(out.readableBytes()).isEqualTo(StmtPrepareOk.LENGTH);
    }

    @Test
    void sendLongData() {
        StmtSendLongData d = StmtSendLongData.decode(Bytes.of().int1(0x18).int4(5).int2(1).hexBytes("0a0b").buf());
        assertThat(d.statementId()).isEqualTo(5);
        assertThat(d.paramId()).isEqualTo(1);
        assertThat(d.data()).containsExactly(0x0a, 0x0b);
        assertThatThrownBy(() -> StmtSendLongData.decode(Bytes.of().int1(0x18).int4(5).buf()))
                .isInstanceOf(MalformedPacketException.class);
    }

    @Test
    void closeAndReset() {
        assertThat(StmtClose.decode(Bytes.of().int1(0x19).int4(0xfffffffeL).buf()).statementId())
                .isEqualTo(0xfffffffeL);
        assertThat(StmtReset.decode(Bytes.of().int1(0x1a).int4(3).buf()).statementId()).isEqualTo(3);
        assertThatThrownBy(() -> StmtClose.decode(Bytes.of().int1(0x19).int2(1).buf()))
                .isInstanceOf(MalformedPacketException.class);
    }

    @Test
    void textCommands() {
        assertThat(ComQuery.decode(Bytes.of().int1(0x03).text("SELECT 'é'").buf()).sql()).isEqualTo("SELECT 'é'");
        assertThat(StmtPrepare.decode(Bytes.of().int1(0x16).text("SELECT ?").buf()).sql()).isEqualTo("SELECT ?");
        assertThat(ComInitDb.decode(Bytes.of().int1(0x02).text("shop").buf()).schema()).isEqualTo("shop");
        assertThat(ComQuery.decode(Bytes.of().int1(0x03).buf()).sql()).isEmpty();
    }

    @Test
    void fieldList() {
        ComFieldList withWildcard = ComFieldList.decode(Bytes.of().int1(0x04).cstr("t1").text("a%").buf());
        assertThat(withWildcard).isEqualTo(new ComFieldList("t1", "a%"));
        assertThat(ComFieldList.decode(Bytes.of().int1(0x04).cstr("t1").buf())).isEqualTo(new ComFieldList("t1", ""));
        assertThat(ComFieldList.decode(Bytes.of().int1(0x04).text("t1").buf())).isEqualTo(new ComFieldList("t1", ""));
    }

    @Test
    void setOptionAndKill() {
        assertThat(ComSetOption.decode(Bytes.of().int1(0x1b).int2(0).buf()).option())
                .isEqualTo(ComSetOption.MULTI_STATEMENTS_ON);
        assertThat(ComSetOption.decode(Bytes.of().int1(0x1b).int2(1).buf()).option())
                .isEqualTo(ComSetOption.MULTI_STATEMENTS_OFF);
        assertThat(ComProcessKill.decode(Bytes.of().int1(0x0c).int4(77).buf()).connectionId()).isEqualTo(77);
        assertThatThrownBy(() -> ComSetOption.decode(Bytes.of().int1(0x1b).int1(0).buf()))
                .isInstanceOf(MalformedPacketException.class);
    }

    @Test
    void commandTypesByCode() {
        assertThat(CommandType.ofCode(0x00)).isEqualTo(CommandType.COM_SLEEP);
        assertThat(CommandType.ofCode(0x03)).isEqualTo(CommandType.COM_QUERY);
        assertThat(CommandType.ofCode(0x12)).isEqualTo(CommandType.COM_BINLOG_DUMP);
        assertThat(CommandType.ofCode(0x15)).isEqualTo(CommandType.COM_REGISTER_SLAVE);
        assertThat(CommandType.ofCode(0x17)).isEqualTo(CommandType.COM_STMT_EXECUTE);
        assertThat(CommandType.ofCode(0x1e)).isEqualTo(CommandType.COM_BINLOG_DUMP_GTID);
        assertThat(CommandType.ofCode(0x1f)).isEqualTo(CommandType.COM_RESET_CONNECTION);
        assertThat(CommandType.ofCode(0xfa)).isEqualTo(CommandType.COM_STMT_BULK_EXECUTE);
        assertThat(CommandType.ofCode(0x20)).isNull();
        assertThat(CommandType.ofCode(-1)).isNull();
        assertThat(CommandType.ofCode(256)).isNull();
        for (CommandType t : CommandType.values()) {
            assertThat(CommandType.ofCode(t.code())).isSameAs(t);
        }
    }
}
