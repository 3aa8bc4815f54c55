package io.basalt.server.netty;

import io.basalt.server.command.ClientConnection;
import io.basalt.server.command.ServerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.socket.SocketChannel;

import java.util.concurrent.Executor;

/**
 * Builds each client channel's pipeline: byte counting, packet framing ({@link PacketDecoder}), then the
 * {@link ConnectionHandler}. Every channel joins {@code channels} so that shutdown can close them all.
 */
final class ServerChannelInitializer extends ChannelInitializer<SocketChannel> {
    private final ServerContext server;
    private final ConnectionLimiter limiter;
    private final Executor workers;
    private final ChannelGroup channels;
    private final ByteCountingHandler byteCounter;
    private final long connectTimeoutSeconds;
    private final boolean eventLoopReads;

    ServerChannelInitializer(ServerContext server, ConnectionLimiter limiter, Executor workers, ChannelGroup channels,
                             long connectTimeoutSeconds, boolean eventLoopReads) {
        this.server = server;
        this.limiter = limiter;
        this.workers = workers;
        this.channels = channels;
        this.byteCounter = new ByteCountingHandler(server.metrics());
        this.connectTimeoutSeconds = connectTimeoutSeconds;
        this.eventLoopReads = eventLoopReads;
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        channels.add(ch);
        PacketDecoder decoder = new PacketDecoder(ClientConnection.LOGIN_MAX_PAYLOAD);
        ch.pipeline()
                .addLast("bytes", byteCounter)
                .addLast("framing", decoder)
                .addLast("connection", new ConnectionHandler(server, limiter, workers, decoder,
                        connectTimeoutSeconds, eventLoopReads));
    }
}
