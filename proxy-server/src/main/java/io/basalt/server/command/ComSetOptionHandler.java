package io.basalt.server.command;

import io.basalt.protocol.command.ComSetOption;
import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.netty.buffer.ByteBuf;

/** COM_SET_OPTION: multi-statements on or off for this connection; answered with EOF as MySQL does. */
final class ComSetOptionHandler implements CommandHandler {
    @Override
    public String processListName() {
        return "Set option";
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        switch (ComSetOption.decode(payload).option()) {
            case ComSetOption.MULTI_STATEMENTS_ON -> connection.setMultiStatements(true);
            case ComSetOption.MULTI_STATEMENTS_OFF -> connection.setMultiStatements(false);
            default -> throw new MySqlException(ErrorCode.UNKNOWN_COM_ERROR);
        }
        connection.responses().eof();
    }
}
