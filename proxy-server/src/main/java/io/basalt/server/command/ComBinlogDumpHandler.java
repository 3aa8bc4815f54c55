package io.basalt.server.command;

import io.basalt.protocol.replication.BinlogDumpRequest;
import io.basalt.server.replication.BinlogDump;
import io.netty.buffer.ByteBuf;

/**
 * COM_BINLOG_DUMP: checks where the replica's stream starts (a start error is the ERR reply) and hands the
 * connection over to a dump thread once this packet is done; no OK precedes the events.
 */
final class ComBinlogDumpHandler implements CommandHandler {
    @Override
    public String processListName() {
        return "Binlog Dump";
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        BinlogDumpRequest request = BinlogDumpRequest.decode(payload);
        BinlogDump dump = connection.server().replication().prepareDump(request, connection.session(),
                connection.responses());
        connection.startDumpAfterThisPacket(dump);
    }
}
