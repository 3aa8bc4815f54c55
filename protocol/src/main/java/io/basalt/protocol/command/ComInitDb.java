package io.basalt.protocol.command;

import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

/** COM_INIT_DB: change the default schema. @param schema the schema name */
public record ComInitDb(String schema) {

    /** @param payload the whole command payload; index 0 is the command byte, the reader index is ignored */
    public static ComInitDb decode(ByteBuf payload) {
        return new ComInitDb(PayloadReader.commandBody(payload).readRestString());
    }
}
