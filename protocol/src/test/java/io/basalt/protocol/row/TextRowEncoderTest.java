package io.basalt.protocol.row;

import io.basalt.protocol.constants.ColumnFlags;
import io.basalt.protocol.constants.FieldType;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TextRowEncoderTest {

    @Test
    void writesLenencStringsAndNullMarkers() {
        List<ColumnDefinition> columns = List.of(
                ColumnDefinition.computed("a", 63, 20, FieldType.LONGLONG, ColumnFlags.UNSIGNED, 0),
                ColumnDefinition.computed("b", 45, 80, FieldType.VAR_STRING, 0, 0),
                ColumnDefinition.computed("c", 45, 80, FieldType.VAR_STRING, 0, 0),
                ColumnDefinition.computed("d", 63, 10, FieldType.BLOB, ColumnFlags.BINARY, 0),
                ColumnDefinition.computed("e", 63, 10, FieldType.DATE, 0, 0));
        ByteBuf out = Unpooled.buffer();
        TextRowEncoder.encode(out, new Object[] {-1L, null, "é", new byte[] {0, 1}, LocalDate.of(2024, 1, 2)},
                columns);
        byte[] expected = Bytes.of()
                .shortLenStr("18446744073709551615")
                .int1(0xfb)
                .hexBytes("02 c3 a9")
                .hexBytes("02 00 01")
                .shortLenStr("2024-01-02")
                .array();
        assertThat(Bytes.hexOf(out)).isEqualTo(Bytes.hexOf(expected));
    }

    @Test
    void longValuesGetMultiByteLengths() {
        ByteBuf out = Unpooled.buffer();
        TextRowEncoder.encode(out, new Object[] {"x".repeat(251)},
                List.of(ColumnDefinition.computed("a", 45, 1000, FieldType.VAR_STRING, 0, 0)));
        assertThat(Bytes.hexOf(out.slice(0, 4))).isEqualTo("fcfb0078");
        assertThat(out.readableBytes()).isEqualTo(3 + 251);
    }

    @Test
    void valueCountMustMatchColumns() {
        assertThatThrownBy(() -> TextRowEncoder.encode(Unpooled.buffer(), new Object[1], List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
