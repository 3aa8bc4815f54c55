package io.basalt.server.netty;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * Which Netty socket transport the listener uses: native epoll where Netty's library loads (Linux x86-64), which
 * makes fewer system calls and less garbage per packet than NIO, and NIO everywhere else. Decided once per process.
 */
enum SocketTransport {
    EPOLL("native epoll"), NIO("NIO");

    /** How the startup log names it. */
    final String label;

    SocketTransport(String label) {
        this.label = label;
    }

    static SocketTransport best() {
        return Epoll.isAvailable() ? EPOLL : NIO;
    }

    EventLoopGroup eventLoops(int threads, String threadName) {
        DefaultThreadFactory factory = new DefaultThreadFactory(threadName, true);
        return this == EPOLL ? new EpollEventLoopGroup(threads, factory) : new NioEventLoopGroup(threads, factory);
    }

    Class<? extends ServerChannel> serverChannel() {
        return this == EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }
}
