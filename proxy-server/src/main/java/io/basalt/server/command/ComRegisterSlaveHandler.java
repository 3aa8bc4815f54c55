package io.basalt.server.command;

import io.basalt.protocol.replication.RegisterReplicaRequest;
import io.netty.buffer.ByteBuf;

/** COM_REGISTER_SLAVE: a replica announces itself before its dump; it is listed by SHOW SLAVE HOSTS. OK reply. */
final class ComRegisterSlaveHandler implements CommandHandler {
    @Override
    public String processListName() {
        return "Register Slave";
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        RegisterReplicaRequest request = RegisterReplicaRequest.decode(payload);
        connection.server().replication().register(connection.connectionId(), request);
        connection.responses().ok(0, 0, null);
    }
}
