package io.basalt.protocol.row;

import io.basalt.protocol.codec.PayloadWriter;
import io.basalt.protocol.result.ColumnDefinition;
import io.netty.buffer.ByteBuf;

import java.util.List;

/** ProtocolText::ResultsetRow: one length-encoded string per column, 0xFB for NULL. Stateless. */
public final class TextRowEncoder {

    private TextRowEncoder() {
    }

    public static void encode(ByteBuf out, Object[] values, List<ColumnDefinition> columns) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException(values.length + " values for " + columns.size() + " columns");
        }
        for (int i = 0; i < values.length; i++) {
            Object value = values[i];
            if (value == null) {
                PayloadWriter.writeLenencNull(out);
            } else if (value instanceof String s) {
                PayloadWriter.writeLenencString(out, s);
            } else {
                PayloadWriter.writeLenencBytes(out, TextValueFormatter.format(value, columns.get(i)));
            }
        }
    }
}
