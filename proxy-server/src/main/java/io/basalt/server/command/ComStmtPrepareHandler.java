package io.basalt.server.command;

import io.basalt.protocol.command.StmtPrepare;
import io.basalt.protocol.command.StmtPrepareOk;
import io.basalt.protocol.constants.Collations;
import io.basalt.protocol.constants.ColumnFlags;
import io.basalt.protocol.constants.FieldType;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.protocol.result.ColumnDefinitionCodec;
import io.basalt.sql.engine.PreparedQuery;
import io.netty.buffer.ByteBuf;

import java.util.List;

/**
 * COM_STMT_PREPARE: PREPARE_OK (statement id, column and parameter counts, warnings), one placeholder definition
 * per parameter as MySQL sends them, then the result columns execute will return; each block is closed by an EOF
 * unless DEPRECATE_EOF. Statements the engine cannot prepare fail with 1295, on which drivers fall back to the text
 * protocol.
 */
final class ComStmtPrepareHandler implements CommandHandler {
    /** MySQL describes every parameter as a binary VAR_STRING named "?". */
    private static final ColumnDefinition PARAMETER = new ColumnDefinition("", "", "", "?", "", Collations.BINARY,
            0, FieldType.VAR_STRING, ColumnFlags.BINARY, 0);

    @Override
    public String processListName() {
        return "Prepare";
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        String sql = StmtPrepare.decode(payload).sql();
        connection.session().setCommand(processListName(), sql);
        PreparedQuery query = connection.server().engine().prepare(connection.session(), sql);
        ServerPreparedStatement statement = connection.statements().add(query, connection.maxLongData());
        List<ColumnDefinition> columns = query.resultColumns();
        ResponseWriter responses = connection.responses();
        PacketOutput out = responses.output();
        StmtPrepareOk.encode(out.beginPacket(), statement.id(), columns.size(), query.parameterCount(),
                connection.session().warnings().count());
        out.endPacket();
        if (query.parameterCount() > 0) {
            for (int i = 0; i < query.parameterCount(); i++) {
                ColumnDefinitionCodec.encode(out.beginPacket(), PARAMETER);
                out.endPacket();
            }
            responses.metadataEnd();
        }
        if (!columns.isEmpty()) {
            for (ColumnDefinition column : columns) {
                ColumnDefinitionCodec.encode(out.beginPacket(), column);
                out.endPacket();
            }
            responses.metadataEnd();
        }
        responses.markFinished();
    }
}
