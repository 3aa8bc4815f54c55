package io.basalt.protocol.command;

import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

/** COM_PROCESS_KILL: kill a connection (like KILL CONNECTION id). @param connectionId unsigned connection id */
public record ComProcessKill(long connectionId) {

    /** @param payload the whole command payload; index 0 is the command byte, the reader index is ignored */
    public static ComProcessKill decode(ByteBuf payload) {
        return new ComProcessKill(PayloadReader.commandBody(payload).readInt4());
    }
}
