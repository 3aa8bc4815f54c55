package io.basalt.server.netty;

import io.basalt.server.command.ServerContext;
import io.basalt.server.config.ServerConfig;
import io.basalt.session.Session;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The MySQL-protocol listener: one acceptor thread, one event loop per core for socket I/O (native epoll or NIO,
 * see {@link SocketTransport}), and a
 * {@link WorkerPool} of at most {@code worker_threads} threads that run statements (idle connections cost no
 * thread). Owns all three and the client channels.
 *
 * <p>Lifecycle: {@link #start}, then at shutdown {@link #stopAccepting}, {@link #closeConnections}, {@link #close}.
 * Thread-safe.
 */
public final class NettyServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NettyServer.class);
    private static final int BACKLOG = 1024;
    private static final int WRITE_LOW_WATER = 256 * 1024;
    private static final int WRITE_HIGH_WATER = 1024 * 1024;

    private final ServerContext context;
    private final ServerConfig config;
    private final ConnectionLimiter limiter;
    private final ThreadPoolExecutor workers;
    private final StatementAdmission admission;
    private final EventLoopGroup acceptor;
    private final EventLoopGroup io;
    private final SocketTransport transport;
    private final ChannelGroup channels = new DefaultChannelGroup("basalt-clients", GlobalEventExecutor.INSTANCE);
    private Channel listener;

    public NettyServer(ServerContext context, ServerConfig config) {
        this.context = context;
        this.config = config;
        this.limiter = new ConnectionLimiter(config.maxConnections);
        // a thread per connection at most: admission, not the pool, bounds the statements running at once
        this.workers = WorkerPool.create(config.maxConnections);
        this.admission = new StatementAdmission(workers, config.workerThreads);
        context.metrics().statementAdmission(admission::running, admission::queued);
        this.transport = SocketTransport.best();
        this.acceptor = transport.eventLoops(1, "basalt-accept");
        this.io = transport.eventLoops(Runtime.getRuntime().availableProcessors(), "basalt-io");
    }

    /**
     * Binds {@code host:port} (port 0 picks a free one, see {@link #localAddress}).
     *
     * @throws BindException when the address cannot be bound (in use, not local)
     */
    public void start() throws BindException, InterruptedException {
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(acceptor, io)
                .channel(transport.serverChannel())
                .option(ChannelOption.SO_BACKLOG, BACKLOG)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK,
                        new WriteBufferWaterMark(WRITE_LOW_WATER, WRITE_HIGH_WATER))
                .childHandler(new ServerChannelInitializer(context, limiter, admission, channels,
                        config.connectTimeout, config.eventLoopReads));
        try {
            listener = bootstrap.bind(config.host, config.port).sync().channel();
            LOG.info("client sockets use Netty's {} transport", transport.label);
        } catch (Exception e) {
            if (e instanceof InterruptedException ie) {
                throw ie;
            }
            BindException bind = new BindException("cannot listen on " + config.host + ":" + config.port + ": "
                    + e.getMessage());
            bind.initCause(e);
            throw bind;
        }
    }

    public InetSocketAddress localAddress() {
        return (InetSocketAddress) listener.localAddress();
    }

    /** Worker threads alive now (busy or waiting for work). */
    public int workerThreads() {
        return workers.getPoolSize();
    }

    /** Client connections open now (including those still logging in). */
    public int openConnections() {
        return limiter.open();
    }

    /** Closes the listening socket; open connections carry on. */
    public void stopAccepting() {
        if (listener != null) {
            listener.close().awaitUninterruptibly();
        }
    }

    /**
     * Closes every client connection. A statement still running finishes (its reply is dropped) and then its
     * session is closed, which rolls back its transaction; statements still running after {@code timeoutMs} are
     * asked to stop (KILL QUERY) and given a last moment.
     *
     * @return true when every connection was cleaned up in time
     */
    public boolean closeConnections(long timeoutMs) throws InterruptedException {
        channels.close().awaitUninterruptibly();
        if (awaitNoConnections(timeoutMs)) {
            return true;
        }
        LOG.warn("{} connection(s) still running a statement after {} ms; interrupting them", limiter.open(),
                timeoutMs);
        for (Session s : context.sessions().snapshot()) {
            s.killQuery();
        }
        return awaitNoConnections(Math.min(timeoutMs, 1000));
    }

    private boolean awaitNoConnections(long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (limiter.open() > 0) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    /** Stops the worker pool and the event loops. */
    @Override
    public void close() {
        stopAccepting();
        workers.shutdownNow();
        io.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
        acceptor.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }
}
