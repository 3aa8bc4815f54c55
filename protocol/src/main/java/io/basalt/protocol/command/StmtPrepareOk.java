package io.basalt.protocol.command;

import io.basalt.protocol.codec.PayloadWriter;
import io.netty.buffer.ByteBuf;

/**
 * COM_STMT_PREPARE_OK: 0x00, statement id (4), column count (2), parameter count (2), filler, warning count (2):
 * always 12 bytes (drivers such as PHP mysqlnd and sqlx break without the warning count). It is followed by the
 * parameter definitions and then the column definitions, each block with its own terminator unless
 * CLIENT_DEPRECATE_EOF.
 */
public final class StmtPrepareOk {
    public static final int LENGTH = 12;

    private StmtPrepareOk() {
    }

    public static void encode(ByteBuf out, long statementId, int numColumns, int numParams, int warnings) {
        out.writeByte(0x00);
        PayloadWriter.writeInt4(out, statementId);
        PayloadWriter.writeInt2(out, numColumns);
        PayloadWriter.writeInt2(out, numParams);
        out.writeByte(0x00);
        PayloadWriter.writeInt2(out, warnings);
    }
}
