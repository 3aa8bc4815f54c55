package io.basalt.protocol.result;

import io.basalt.protocol.constants.ColumnFlags;
import io.basalt.protocol.constants.FieldType;
import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ColumnDefinitionCodecTest {
    private static final ColumnDefinition ID = new ColumnDefinition("test", "t1", "t1", "id", "id", 63, 11,
            FieldType.LONG, ColumnFlags.NOT_NULL | ColumnFlags.PRI_KEY | ColumnFlags.AUTO_INCREMENT
            | ColumnFlags.NUM, 0);

    private static final String ID_HEX = "03646566" + "0474657374" + "027431" + "027431" + "026964" + "026964"
            + "0c" + "3f00" + "0b000000" + "03" + "0382" + "00" + "0000";

    @Test
    void encodesColumnDefinition41() {
        ByteBuf out = Unpooled.buffer();
        ColumnDefinitionCodec.encode(out, ID);
        assertThat(Bytes.hexOf(out)).isEqualTo(ID_HEX);
        assertThat(ColumnDefinitionCodec.decode(out)).isEqualTo(ID);
    }

    @Test
    void encodesComputedColumnWithEmptyOrigin() {
        ColumnDefinition c = ColumnDefinition.computed("@@version", 45, 80, FieldType.VAR_STRING, 0, 31);
        ByteBuf out = Unpooled.buffer();
        ColumnDefinitionCodec.encode(out, c);
        byte[] expected = Bytes.of().shortLenStr("def").int1(0).int1(0).int1(0).shortLenStr("@@version").int1(0)
                .int1(0x0c).int2(45).int4(80).int1(0xfd).int2(0).int1(31).int2(0).array();
        assertThat(Bytes.hexOf(out)).isEqualTo(Bytes.hexOf(expected));
    }

    @Test
    void fieldListVariantAppendsDefaultValue() {
        ByteBuf out = Unpooled.buffer();
        ColumnDefinitionCodec.encodeFieldList(out, ID, null);
        assertThat(Bytes.hexOf(out)).isEqualTo(ID_HEX + "fb");
        ByteBuf withDefault = Unpooled.buffer();
        ColumnDefinitionCodec.encodeFieldList(withDefault, ID, "0");
        assertThat(Bytes.hexOf(withDefault)).isEqualTo(ID_HEX + "0130");
    }
}
