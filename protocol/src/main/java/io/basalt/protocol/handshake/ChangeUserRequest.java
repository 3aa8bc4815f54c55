package io.basalt.protocol.handshake;

import io.basalt.protocol.codec.PayloadReader;
import io.basalt.protocol.constants.CapabilityFlags;
import io.netty.buffer.ByteBuf;

import java.util.Map;

/**
 * COM_CHANGE_USER: re-authenticate as another user on the same connection. The auth response is framed by the
 * capabilities negotiated at connect (1-byte length with SECURE_CONNECTION, else NUL-terminated); charset, plugin
 * name and attributes are optional trailing fields.
 *
 * @param username       the new user
 * @param authResponse   the answer to the connection's current scramble
 * @param database       the schema to switch to ("" for none)
 * @param charset        the collation id sent, or -1 when the client did not send one
 * @param authPluginName the plugin the response is for, or null when not sent
 * @param connectAttrs   connection attributes (empty when not sent)
 */
public record ChangeUserRequest(String username, byte[] authResponse, String database, int charset,
                                String authPluginName, Map<String, String> connectAttrs) {

    public ChangeUserRequest {
        connectAttrs = Map.copyOf(connectAttrs);
    }

    /**
     * @param payload            the whole command payload; index 0 is the command byte, the reader index is ignored
     * @param clientCapabilities the flags from the client's handshake response
     */
    public static ChangeUserRequest decode(ByteBuf payload, int clientCapabilities) {
        PayloadReader r = PayloadReader.commandBody(payload);
        String username = r.readNulTerminatedString();
        byte[] authResponse = AuthResponses.readChangeUser(r, clientCapabilities);
        String database = r.hasRemaining() ? r.readNulTerminatedOrRestString() : "";
        int charset = -1;
        String plugin = null;
        Map<String, String> attrs = Map.of();
        if (r.remaining() >= 2) {
            charset = r.readInt2();
            if ((clientCapabilities & CapabilityFlags.PLUGIN_AUTH) != 0 && r.hasRemaining()) {
                plugin = r.readNulTerminatedOrRestString();
            }
            if ((clientCapabilities & CapabilityFlags.CONNECT_ATTRS) != 0 && r.hasRemaining()) {
                attrs = ConnectAttributes.read(r);
            }
        }
        return new ChangeUserRequest(username, authResponse, database, charset, plugin, attrs);
    }
}
