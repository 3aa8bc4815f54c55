package io.basalt.protocol.command;

import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

/**
 * COM_SET_OPTION: switches multi-statement support for the session. Answered with EOF (MySQL's choice) or ERR
 * 1047 for an unknown option.
 *
 * @param option {@link #MULTI_STATEMENTS_ON} or {@link #MULTI_STATEMENTS_OFF}
 */
public record ComSetOption(int option) {
    public static final int MULTI_STATEMENTS_ON = 0;
    public static final int MULTI_STATEMENTS_OFF = 1;

    /** @param payload the whole command payload; index 0 is the command byte, the reader index is ignored */
    public static ComSetOption decode(ByteBuf payload) {
        return new ComSetOption(PayloadReader.commandBody(payload).readInt2());
    }
}
