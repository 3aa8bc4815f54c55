package io.basalt.protocol.codec;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;

/** A continuation packet whose sequence id does not follow its predecessor (ER_NET_PACKETS_OUT_OF_ORDER, 1156). */
public final class PacketOutOfOrderException extends MySqlException {
    private static final long serialVersionUID = 1L;

    public PacketOutOfOrderException(int expected, int actual) {
        super(ErrorCode.NET_PACKETS_OUT_OF_ORDER.code(), ErrorCode.NET_PACKETS_OUT_OF_ORDER.sqlState(),
                ErrorCode.NET_PACKETS_OUT_OF_ORDER.format() + " (expected sequence id " + expected + ", got "
                        + actual + ")", null);
    }
}
