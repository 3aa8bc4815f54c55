package io.basalt.server.command;

import io.basalt.protocol.command.ComFieldList;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.protocol.result.ColumnDefinitionCodec;
import io.netty.buffer.ByteBuf;

import java.util.List;

/**
 * COM_FIELD_LIST (the mysql CLI's tab completion): the table's matching columns as column definitions with a default
 * value field, then EOF (OK-0xFE under DEPRECATE_EOF); no column-count packet.
 */
final class ComFieldListHandler implements CommandHandler {
    @Override
    public String processListName() {
        return "Field List";
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        ComFieldList request = ComFieldList.decode(payload);
        connection.session().setCommand(processListName(), request.table());
        List<ColumnDefinition> columns = connection.server().engine()
                .fieldList(connection.session(), request.table(), request.wildcard());
        PacketOutput out = connection.responses().output();
        for (ColumnDefinition column : columns) {
            ColumnDefinitionCodec.encodeFieldList(out.beginPacket(), column, null);
            out.endPacket();
        }
        connection.responses().eof();
    }
}
