package io.basalt.protocol.codec;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;

/**
 * A payload that does not parse: a read past its end, a bad length-encoded integer, an unknown type code. Carries
 * ER_MALFORMED_PACKET (1835) for the client; {@link #detail()} says what was wrong, for the log. During the handshake
 * the server answers ER_HANDSHAKE_ERROR (1043) instead and closes the connection.
 */
public final class MalformedPacketException extends MySqlException {
    private static final long serialVersionUID = 1L;
    private final String detail;

    public MalformedPacketException(String detail) {
        super(ErrorCode.MALFORMED_PACKET.code(), ErrorCode.MALFORMED_PACKET.sqlState(),
                ErrorCode.MALFORMED_PACKET.format(), null);
        this.detail = detail;
    }

    /** What exactly was malformed (never sent to the client). */
    public String detail() {
        return detail;
    }

    @Override
    public String toString() {
        return getClass().getName() + ": " + detail;
    }
}
