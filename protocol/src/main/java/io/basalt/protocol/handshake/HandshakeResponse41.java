package io.basalt.protocol.handshake;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;
import io.basalt.protocol.constants.CapabilityFlags;
import io.netty.buffer.ByteBuf;

import java.util.Map;

/**
 * The client's answer to the greeting (Protocol::HandshakeResponse41), or an SSLRequest (its 32-byte prefix with
 * CLIENT_SSL set).
 *
 * <p>Optional fields are parsed by the flags the client sent, not by the intersection with the server's: node
 * mysql2 writes CONNECT_WITH_DB with an empty database and attributes regardless of what the server offered. A max
 * packet size of 0 means "no limit from the client". The 23-byte filler is ignored (MariaDB clients put extended
 * capabilities in its last 4 bytes).
 *
 * @param capabilities   the client's CLIENT_* flags
 * @param maxPacketSize  the client's max packet size (0 allowed)
 * @param charset        collation id the client wants for the connection
 * @param username       the user name, "" for an SSLRequest
 * @param authResponse   the auth plugin's answer to the scramble (empty for an empty password)
 * @param database       the initial schema when CONNECT_WITH_DB was sent (may be ""), else null
 * @param authPluginName the plugin the client answered for when PLUGIN_AUTH was sent, else null
 * @param connectAttrs   connection attributes (empty when CONNECT_ATTRS was not sent)
 * @param sslRequest     true for an SSLRequest: the client wants TLS before sending the rest
 */
public record HandshakeResponse41(int capabilities, long maxPacketSize, int charset, String username,
                                  byte[] authResponse, String database, String authPluginName,
                                  Map<String, String> connectAttrs, boolean sslRequest) {
    private static final int FILLER_LENGTH = 23;
    private static final int SSL_REQUEST_LENGTH = 32;

    public HandshakeResponse41 {
        connectAttrs = Map.copyOf(connectAttrs);
    }

    public boolean hasCapability(int flag) {
        return (capabilities & flag) != 0;
    }

    /**
     * Parses the payload from its reader index.
     *
     * @throws MalformedPacketException on a truncated payload or a pre-4.1 client
     */
    public static HandshakeResponse41 decode(ByteBuf payload) {
        int length = payload.readableBytes();
        PayloadReader r = new PayloadReader(payload);
        int capabilities = (int) r.readInt4();
        if ((capabilities & CapabilityFlags.PROTOCOL_41) == 0) {
            throw new MalformedPacketException("client does not speak protocol 4.1");
        }
        long maxPacketSize = r.readInt4();
        int charset = r.readInt1();
        r.skip(FILLER_LENGTH);
        if (length == SSL_REQUEST_LENGTH && (capabilities & CapabilityFlags.SSL) != 0) {
            return new HandshakeResponse41(capabilities, maxPacketSize, charset, "", new byte[0], null, null,
                    Map.of(), true);
        }
        String username = r.readNulTerminatedString();
        byte[] authResponse = AuthResponses.read(r, capabilities);
        String database = null;
        if ((capabilities & CapabilityFlags.CONNECT_WITH_DB) != 0) {
            database = r.hasRemaining() ? r.readNulTerminatedOrRestString() : "";
        }
        String plugin = null;
        if ((capabilities & CapabilityFlags.PLUGIN_AUTH) != 0 && r.hasRemaining()) {
            plugin = r.readNulTerminatedOrRestString();
        }
        Map<String, String> attrs = Map.of();
        if ((capabilities & CapabilityFlags.CONNECT_ATTRS) != 0 && r.hasRemaining()) {
            attrs = ConnectAttributes.read(r);
        }
        return new HandshakeResponse41(capabilities, maxPacketSize, charset, username, authResponse, database,
                plugin, attrs, false);
    }
}
