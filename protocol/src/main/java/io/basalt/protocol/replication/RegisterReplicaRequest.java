package io.basalt.protocol.replication;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;

/**
 * COM_REGISTER_SLAVE (0x15): a replica announces itself before its binlog dump, for SHOW SLAVE HOSTS. Payload after
 * the command byte: server_id (4), report_host, report_user, report_password (each a 1-byte length and bytes),
 * report_port (2), rpl_recovery_rank (4, unused), master_id (4, unused). MariaDB replicas send every field; the
 * trailing integers are optional here as in MariaDB's parser.
 */
public record RegisterReplicaRequest(long serverId, String host, String user, int port) {

    /** Decodes a whole command payload (index 0 is the command byte). */
    public static RegisterReplicaRequest decode(ByteBuf payload) {
        PayloadReader in = PayloadReader.commandBody(payload);
        if (in.remaining() < 4 + 3) {
            throw new MalformedPacketException("COM_REGISTER_SLAVE of " + in.remaining() + " bytes");
        }
        long serverId = in.readInt4();
        String host = shortString(in);
        String user = shortString(in);
        shortString(in);
        int port = in.remaining() >= 2 ? in.readInt2() : 0;
        return new RegisterReplicaRequest(serverId, host, user, port);
    }

    private static String shortString(PayloadReader in) {
        if (!in.hasRemaining()) {
            throw new MalformedPacketException("COM_REGISTER_SLAVE ends inside its strings");
        }
        int length = in.readInt1();
        if (length > in.remaining()) {
            throw new MalformedPacketException("COM_REGISTER_SLAVE string of " + length + " bytes runs past the end");
        }
        return new String(in.readFixedBytes(length), StandardCharsets.UTF_8);
    }
}
