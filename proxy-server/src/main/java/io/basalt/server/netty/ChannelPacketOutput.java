package io.basalt.server.netty;

import io.basalt.protocol.codec.PacketFramer;
import io.basalt.server.command.ClientGoneException;
import io.basalt.server.command.PacketOutput;
import io.basalt.storage.concurrency.BlockingHint;
import io.basalt.storage.concurrency.NoWaitScope;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * {@link PacketOutput} over a Netty channel. Packets are framed straight into one buffer, which is handed to the
 * channel once it holds {@value #FLUSH_THRESHOLD} bytes and on {@link #flush}; after each hand-over the calling
 * worker waits while the channel is not writable (its outbound buffer is above the high water mark), so a client
 * that reads slowly holds back only its own statement; one that reads nothing for net_write_timeout is cut off. On
 * an event loop (the greeting, a query run there) it never waits.
 *
 * <p>Used by one thread at a time (the connection's command thread); {@link #wakeUp} may be called from any thread.
 */
final class ChannelPacketOutput implements PacketOutput {
    static final int FLUSH_THRESHOLD = 64 * 1024;
    private static final Logger LOG = LoggerFactory.getLogger(ChannelPacketOutput.class);
    private static final int INITIAL_CAPACITY = 512;
    private static final long WAIT_SLICE_MS = 1000;

    private final Channel channel;
    private final LongSupplier writeTimeoutMillis;
    private final Object writability = new Object();
    private ByteBuf buffer;
    private int headerIndex = -1;
    private int sequenceId;

    /**
     * @param writeTimeoutMillis how long a worker waits for the client to read (net_write_timeout) before the
     *                           connection is cut; asked on the waiting worker
     */
    ChannelPacketOutput(Channel channel, LongSupplier writeTimeoutMillis) {
        this.channel = channel;
        this.writeTimeoutMillis = writeTimeoutMillis;
    }

    @Override
    public void sequenceId(int next) {
        sequenceId = next & 0xff;
    }

    /** A packet begun but never ended (its encoding failed) is dropped, so the reply that follows stays framed. */
    @Override
    public ByteBuf beginPacket() {
        if (buffer == null) {
            buffer = channel.alloc().ioBuffer(INITIAL_CAPACITY);
        } else if (headerIndex >= 0) {
            buffer.writerIndex(headerIndex);
        }
        headerIndex = PacketFramer.reserveHeader(buffer);
        return buffer;
    }

    @Override
    public void endPacket() {
        if (headerIndex < 0) {
            throw new IllegalStateException("endPacket without beginPacket");
        }
        sequenceId = PacketFramer.finishPacket(buffer, headerIndex, sequenceId);
        headerIndex = -1;
        if (buffer.readableBytes() >= FLUSH_THRESHOLD) {
            NoWaitScope.refuse("a reply larger than " + FLUSH_THRESHOLD + " bytes");
            send();
        }
    }

    @Override
    public void flush() {
        if (buffer != null && headerIndex >= 0) {
            buffer.writerIndex(headerIndex);
            headerIndex = -1;
        }
        if (buffer != null && buffer.isReadable()) {
            send();
        }
    }

    /** The channel's writability changed or it closed: a waiting worker re-checks. */
    void wakeUp() {
        synchronized (writability) {
            writability.notifyAll();
        }
    }

    @Override
    public void discard() {
        if (buffer != null) {
            buffer.release();
            buffer = null;
        }
        headerIndex = -1;
    }

    private void send() {
        ByteBuf out = buffer;
        buffer = null;
        if (!channel.isActive()) {
            out.release();
            throw new ClientGoneException();
        }
        channel.writeAndFlush(out);
        awaitWritable();
    }

    private void awaitWritable() {
        if (channel.isWritable() || channel.eventLoop().inEventLoop()) {
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(writeTimeoutMillis.getAsLong());
        try (BlockingHint.Section waiting = BlockingHint.begin()) {
            awaitWritableUntil(deadline);
        }
    }

    private void awaitWritableUntil(long deadline) {
        synchronized (writability) {
            while (!channel.isWritable()) {
                if (!channel.isActive()) {
                    throw new ClientGoneException();
                }
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    LOG.info("connection from {}: the client read nothing for net_write_timeout; closing it",
                            channel.remoteAddress());
                    channel.close();
                    throw new ClientGoneException();
                }
                try {
                    writability.wait(Math.min(left, WAIT_SLICE_MS));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new ClientGoneException();
                }
            }
        }
    }
}
