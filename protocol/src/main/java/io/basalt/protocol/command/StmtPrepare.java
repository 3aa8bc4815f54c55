package io.basalt.protocol.command;

import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

/** COM_STMT_PREPARE: the statement text. @param sql the SQL with '?' placeholders */
public record StmtPrepare(String sql) {

    /** @param payload the whole command payload; index 0 is the command byte, the reader index is ignored */
    public static StmtPrepare decode(ByteBuf payload) {
        return new StmtPrepare(PayloadReader.commandBody(payload).readRestString());
    }
}
