package io.basalt.protocol.command;

import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

/**
 * COM_FIELD_LIST (deprecated, still sent by the mysql CLI for tab completion): the columns of a table matching a
 * LIKE-style wildcard. Answered with column definitions carrying default values
 * ({@link io.basalt.protocol.result.ColumnDefinitionCodec#encodeFieldList}) and an EOF.
 *
 * @param table    the table name
 * @param wildcard the column name pattern ("" for all)
 */
public record ComFieldList(String table, String wildcard) {

    /** @param payload the whole command payload; index 0 is the command byte, the reader index is ignored */
    public static ComFieldList decode(ByteBuf payload) {
        PayloadReader r = PayloadReader.commandBody(payload);
        String table = r.readNulTerminatedOrRestString();
        return new ComFieldList(table, r.readRestString());
    }
}
