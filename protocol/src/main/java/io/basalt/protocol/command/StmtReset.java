package io.basalt.protocol.command;

import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

/** COM_STMT_RESET: drops long data and closes the cursor of a statement; replied with OK. @param statementId id */
public record StmtReset(long statementId) {

    /** @param payload the whole command payload; index 0 is the command byte, the reader index is ignored */
    public static StmtReset decode(ByteBuf payload) {
        return new StmtReset(PayloadReader.commandBody(payload).readInt4());
    }
}
