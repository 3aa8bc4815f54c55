package io.basalt.protocol.codec;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;

/**
 * A logical packet longer than max_allowed_packet (ER_NET_PACKET_TOO_LARGE, 1153). Raised by {@link PacketAssembler}
 * as soon as the header announcing the excess arrives; the assembler then discards the rest of that packet, so the
 * server can answer with an ERR packet and close cleanly.
 */
public final class PacketTooLargeException extends MySqlException {
    private static final long serialVersionUID = 1L;
    private final int sequenceId;
    private final long announcedLength;

    public PacketTooLargeException(int sequenceId, long announcedLength) {
        super(ErrorCode.NET_PACKET_TOO_LARGE.code(), ErrorCode.NET_PACKET_TOO_LARGE.sqlState(),
                ErrorCode.NET_PACKET_TOO_LARGE.format(), null);
        this.sequenceId = sequenceId;
        this.announcedLength = announcedLength;
    }

    /** Sequence id of the physical packet whose header exceeded the limit; the ERR reply uses the next one. */
    public int sequenceId() {
        return sequenceId;
    }

    /** Payload length accumulated so far including the offending physical packet. */
    public long announcedLength() {
        return announcedLength;
    }
}
