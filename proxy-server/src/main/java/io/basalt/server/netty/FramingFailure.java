package io.basalt.server.netty;

import io.basalt.protocol.error.MySqlException;

/**
 * Emitted by {@link PacketDecoder} in place of a packet when the byte stream cannot be split into packets; the
 * connection answers with {@code error} (sequence id {@code replySequenceId}) and closes.
 */
record FramingFailure(MySqlException error, int replySequenceId) {
}
