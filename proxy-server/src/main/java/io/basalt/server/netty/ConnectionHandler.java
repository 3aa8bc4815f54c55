package io.basalt.server.netty;

import io.basalt.protocol.codec.Packet;
import io.basalt.protocol.codec.PacketFramer;
import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.result.ErrPacket;
import io.basalt.server.command.ClientConnection;
import io.basalt.server.command.ConnectionControl;
import io.basalt.server.command.ServerContext;
import io.basalt.sql.engine.NoWaitResult;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.DuplexChannel;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * The transport side of one client connection. On the event loop it admits the connection (max_connections, else
 * ERR 1040), sends the greeting, hands decoded packets to the connection's {@link InboundQueue}, and runs the
 * login and idle timers; on a worker it feeds the queued messages to the {@link ClientConnection} (a statement that
 * needs no waiting runs on the event loop itself, see {@link InboundQueue}). It also implements
 * the connection's {@link ConnectionControl}: closing sends what was written, half-closes, and waits briefly for the
 * client to hang up, so the client reads a final ERR instead of a reset.
 *
 * <p>Threading: fields without a note are touched only on the channel's event loop.
 */
final class ConnectionHandler extends ChannelInboundHandlerAdapter
        implements ConnectionControl, InboundQueue.Processor {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionHandler.class);
    private static final Object DISCONNECTED = new Object();
    /** How long a closing connection waits for the client to hang up before it is cut. */
    private static final long LINGER_SECONDS = 2;

    private final ServerContext server;
    private final ConnectionLimiter limiter;
    private final Executor workers;
    private final PacketDecoder decoder;
    private final long connectTimeoutSeconds;
    private final boolean eventLoopReads;
    private Channel channel;
    /** Set once in channelActive, then used by the worker (the queue hand-off orders the accesses). */
    private ChannelPacketOutput output;
    private ClientConnection connection;
    private InboundQueue queue;
    private boolean admitted;
    private boolean closing;
    /** connect_timeout before login, then the linger of a closing connection. */
    private ScheduledFuture<?> timer;
    private IdleTimer idleTimer;

    ConnectionHandler(ServerContext server, ConnectionLimiter limiter, Executor workers, PacketDecoder decoder,
                      long connectTimeoutSeconds, boolean eventLoopReads) {
        this.server = server;
        this.limiter = limiter;
        this.workers = workers;
        this.decoder = decoder;
        this.connectTimeoutSeconds = connectTimeoutSeconds;
        this.eventLoopReads = eventLoopReads;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        if (!limiter.tryAcquire()) {
            server.metrics().connectionRejected();
            LOG.warn("refusing connection from {}: max_connections reached", channel.remoteAddress());
            ctx.writeAndFlush(errPacket(ctx, new MySqlException(ErrorCode.CON_COUNT_ERROR)))
                    .addListener(ChannelFutureListener.CLOSE);
            return;
        }
        admitted = true;
        server.metrics().connectionOpened();
        output = new ChannelPacketOutput(channel, () -> connection.writeTimeoutMillis());
        InetAddress address = ((InetSocketAddress) channel.remoteAddress()).getAddress();
        connection = new ClientConnection(server, output, this, address);
        queue = new InboundQueue(channel, workers, this);
        idleTimer = new IdleTimer(channel.eventLoop(), queue::busy, this::idleTimedOut);
        connection.greet();
        timer = channel.eventLoop().schedule(this::loginTimedOut, connectTimeoutSeconds, TimeUnit.SECONDS);
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!admitted || closing) {
            release(msg);
            return;
        }
        queue.add(msg);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancelTimer();
        if (admitted) {
            idleTimer.stop();
            output.wakeUp();
            queue.add(DISCONNECTED);
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (admitted) {
            output.wakeUp();
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof IOException) {
            LOG.debug("connection from {}: {}", ctx.channel().remoteAddress(), cause.toString());
        } else {
            LOG.warn("connection from {} failed; closing it", ctx.channel().remoteAddress(), cause);
        }
        ctx.close();
    }

    // ---- InboundQueue.Processor: on the thread owning this connection's queue ----

    @Override
    public void process(Object message) {
        if (message == DISCONNECTED) {
            try {
                connection.onDisconnect();
            } finally {
                output.discard();
                limiter.release();
                server.metrics().connectionClosed();
            }
        } else if (message instanceof Packet packet) {
            if (channel.isActive()) {
                connection.onPacket(packet);
            } else {
                packet.payload().release();
            }
        } else if (message instanceof FramingFailure failure) {
            connection.onFramingError(failure.error(), failure.replySequenceId());
        }
    }

    /** On the event loop: a statement that can finish from memory without waiting (server.event_loop_reads). */
    @Override
    public NoWaitResult processWithoutWaiting(Object message) {
        return eventLoopReads && message instanceof Packet packet && channel.isActive()
                ? connection.onPacketWithoutWaiting(packet) : NoWaitResult.HAND_OFF;
    }

    @Override
    public void caughtUp() {
        idleTimer.caughtUp(connection.isLoggedIn() ? connection.idleTimeoutSeconds() : 0);
    }

    // ---- ConnectionControl: from the worker ----

    @Override
    public void loggedIn(int maxPayload) {
        channel.eventLoop().execute(() -> {
            decoder.setMaxPayload(maxPayload);
            cancelTimer();
        });
    }

    @Override
    public void close() {
        channel.eventLoop().execute(this::closeGracefully);
    }

    private void closeGracefully() {
        if (closing || !channel.isActive()) {
            return;
        }
        closing = true;
        cancelTimer();
        idleTimer.stop();
        if (channel instanceof DuplexChannel duplex) {
            channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(f -> duplex.shutdownOutput());
            channel.config().setAutoRead(true);
            timer = channel.eventLoop().schedule(() -> {
                channel.close();
            }, LINGER_SECONDS, TimeUnit.SECONDS);
        } else {
            channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
    }

    private void loginTimedOut() {
        LOG.debug("connection from {}: no login within {} s; closing", channel.remoteAddress(),
                connectTimeoutSeconds);
        channel.close();
    }

    private void idleTimedOut() {
        LOG.debug("connection {}: idle beyond wait_timeout; closing", connection.connectionId());
        channel.close();
    }

    private void cancelTimer() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    private static ByteBuf errPacket(ChannelHandlerContext ctx, MySqlException error) {
        ByteBuf buf = ctx.alloc().ioBuffer(64);
        int header = PacketFramer.reserveHeader(buf);
        ErrPacket.encode(buf, error);
        PacketFramer.finishPacket(buf, header, 0);
        return buf;
    }

    private static void release(Object msg) {
        if (msg instanceof Packet packet) {
            packet.payload().release();
        } else {
            ReferenceCountUtil.release(msg);
        }
    }
}
