package io.basalt.server.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Both socket transports serve a connection, and the Linux x86-64 build ships the native one it prefers. */
class SocketTransportTest {

    @Test
    void linuxX8664PrefersNativeEpoll() {
        assumeTrue(System.getProperty("os.name").startsWith("Linux") && System.getProperty("os.arch").equals("amd64"));

        assertThat(SocketTransport.best()).as("epoll unavailable: %s", Epoll.unavailabilityCause())
                .isEqualTo(SocketTransport.EPOLL);
    }

    @ParameterizedTest
    @EnumSource(SocketTransport.class)
    void transportEchoesBytesOverLoopback(SocketTransport transport) throws Exception {
        assumeTrue(transport != SocketTransport.EPOLL || Epoll.isAvailable());
        EventLoopGroup acceptor = transport.eventLoops(1, "test-accept");
        EventLoopGroup io = transport.eventLoops(1, "test-io");
        try {
            Channel listener = new ServerBootstrap().group(acceptor, io).channel(transport.serverChannel())
                    .childHandler(new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelRead(ChannelHandlerContext ctx, Object msg) {
                            ctx.writeAndFlush((ByteBuf) msg);
                        }
                    })
                    .bind("127.0.0.1", 0).sync().channel();
            int port = ((InetSocketAddress) listener.localAddress()).getPort();
            try (Socket socket = new Socket("127.0.0.1", port)) {
                socket.getOutputStream().write(new byte[] {7, 42});
                InputStream in = socket.getInputStream();
                assertThat(in.readNBytes(2)).containsExactly(7, 42);
            }
            listener.close().sync();
        } finally {
            acceptor.shutdownGracefully().sync();
            io.shutdownGracefully().sync();
        }
    }
}
