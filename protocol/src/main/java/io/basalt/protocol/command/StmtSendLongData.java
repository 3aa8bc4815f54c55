package io.basalt.protocol.command;

import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

/**
 * COM_STMT_SEND_LONG_DATA: a chunk of one parameter's value, appended to what earlier chunks sent. No reply.
 *
 * @param statementId unsigned statement id
 * @param paramId     0-based parameter index
 * @param data        the chunk
 */
public record StmtSendLongData(long statementId, int paramId, byte[] data) {

    /** @param payload the whole command payload; index 0 is the command byte, the reader index is ignored */
    public static StmtSendLongData decode(ByteBuf payload) {
        PayloadReader r = PayloadReader.commandBody(payload);
        long statementId = r.readInt4();
        int paramId = r.readInt2();
        return new StmtSendLongData(statementId, paramId, r.readRestBytes());
    }
}
