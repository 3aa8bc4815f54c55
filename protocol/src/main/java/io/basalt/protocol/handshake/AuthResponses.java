package io.basalt.protocol.handshake;

import io.basalt.protocol.codec.PayloadReader;
import io.basalt.protocol.constants.CapabilityFlags;

/** Reads the auth response field, whose framing depends on the client's capabilities. */
final class AuthResponses {

    private AuthResponses() {
    }

    /** HandshakeResponse41: length-encoded, 1-byte length, or NUL-terminated, by the client's flags. */
    static byte[] read(PayloadReader r, int capabilities) {
        if ((capabilities & CapabilityFlags.PLUGIN_AUTH_LENENC_CLIENT_DATA) != 0) {
            return r.readLenencBytes();
        }
        return readChangeUser(r, capabilities);
    }

    /** COM_CHANGE_USER: never length-encoded. */
    static byte[] readChangeUser(PayloadReader r, int capabilities) {
        if ((capabilities & CapabilityFlags.SECURE_CONNECTION) != 0) {
            return r.readFixedBytes(r.readInt1());
        }
        return r.readNulTerminatedBytes();
    }
}
