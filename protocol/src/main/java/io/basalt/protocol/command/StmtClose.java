package io.basalt.protocol.command;

import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

/** COM_STMT_CLOSE: deallocates a prepared statement. No reply. @param statementId unsigned statement id */
public record StmtClose(long statementId) {

    /** @param payload the whole command payload; index 0 is the command byte, the reader index is ignored */
    public static StmtClose decode(ByteBuf payload) {
        return new StmtClose(PayloadReader.commandBody(payload).readInt4());
    }
}
