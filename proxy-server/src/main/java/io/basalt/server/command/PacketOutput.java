package io.basalt.server.command;

import io.netty.buffer.ByteBuf;

/**
 * Where a connection's reply packets go. Each payload is written into the buffer {@link #beginPacket} returns and
 * framed by {@link #endPacket} with the next sequence id; framed packets are buffered and sent in batches of tens of
 * KiB and on {@link #flush}. Sending blocks the calling worker (never an event loop) while the client does not
 * read fast enough. Inside a {@link io.basalt.storage.concurrency.NoWaitScope} a reply is never sent in parts:
 * {@link #endPacket} refuses with {@link io.basalt.storage.concurrency.WouldBlockException} where it would send.
 *
 * <p>Used only by the thread running the connection's current command.
 */
public interface PacketOutput {
    /** Sets the sequence id of the next packet: a reply to a client packet carries that packet's id + 1. */
    void sequenceId(int next);

    /** @return the buffer to write one payload into; valid until {@link #endPacket} */
    ByteBuf beginPacket();

    /**
     * Frames the payload written since {@link #beginPacket}; may send buffered packets.
     *
     * @throws ClientGoneException when the connection closed while waiting to send
     */
    void endPacket();

    /** Drops what was framed or begun but not sent yet: a reply abandoned before any of it went out. */
    void discard();

    /**
     * Sends everything buffered.
     *
     * @throws ClientGoneException when the connection closed while waiting to send
     */
    void flush();
}
