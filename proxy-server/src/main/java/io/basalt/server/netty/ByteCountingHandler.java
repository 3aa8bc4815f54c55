package io.basalt.server.netty;

import io.basalt.server.metrics.ServerMetrics;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;

/** Counts the bytes read from and written to client sockets ({@code basalt.network.bytes}). Shared, stateless. */
@ChannelHandler.Sharable
final class ByteCountingHandler extends ChannelDuplexHandler {
    private final ServerMetrics metrics;

    ByteCountingHandler(ServerMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf buf) {
            metrics.bytesIn(buf.readableBytes());
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf buf) {
            metrics.bytesOut(buf.readableBytes());
        }
        ctx.write(msg, promise);
    }
}
