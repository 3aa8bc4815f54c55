package io.basalt.protocol.command;

import io.basalt.protocol.codec.PayloadReader;
import io.basalt.protocol.codec.StatementText;
import io.netty.buffer.ByteBuf;

/**
 * COM_QUERY without CLIENT_QUERY_ATTRIBUTES (not advertised): the statement text to the end of the packet.
 *
 * @param sql the statement text (UTF-8; bytes that are not UTF-8 kept as {@link StatementText} escapes)
 */
public record ComQuery(String sql) {

    /** @param payload the whole command payload; index 0 is the command byte, the reader index is ignored */
    public static ComQuery decode(ByteBuf payload) {
        return new ComQuery(StatementText.decode(PayloadReader.commandBody(payload).readRestBytes()));
    }
}
