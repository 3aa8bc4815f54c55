package io.basalt.server.replication;

import io.basalt.session.Session;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.Consumer;

/**
 * One binlog dump connection's thread. A dump streams for as long as the replica stays, so it runs on a thread of
 * its own rather than occupying a statement worker; while it runs it owns the connection's output. Started once by
 * the connection after the COM_BINLOG_DUMP packet was processed; stopped by the connection when the client goes
 * (interrupt, then join, so the output is free again when {@link #stop} returns). Thread-safe.
 */
public final class BinlogDump {
    private static final Logger LOG = LoggerFactory.getLogger(BinlogDump.class);
    private static final long JOIN_MILLIS = 10_000;

    private final BinlogDumpStream stream;
    private final Session session;
    private final ReplicationMetrics metrics;
    private final String description;
    private Thread thread;

    BinlogDump(BinlogDumpStream stream, Session session, ReplicationMetrics metrics, String description) {
        this.stream = stream;
        this.session = session;
        this.metrics = metrics;
        this.description = description;
    }

    /**
     * Starts the thread.
     *
     * @param onEnd runs on the dump thread when the stream ends: true if it ended with EOF (the connection may take
     *              commands again), false if it must be closed (error sent, client gone, shutdown, stopped)
     */
    public synchronized void start(Consumer<Boolean> onEnd) {
        if (thread != null) {
            throw new IllegalStateException("dump already started");
        }
        thread = new Thread(() -> run(onEnd), "basalt-binlog-dump-" + session.connectionId());
        thread.setDaemon(true);
        metrics.dumpStarted();
        thread.start();
    }

    /** Interrupts the stream and waits for its thread to end; called when the connection is gone. */
    public void stop() {
        Thread t;
        synchronized (this) {
            t = thread;
        }
        if (t == null || t == Thread.currentThread()) {
            return;
        }
        t.interrupt();
        try {
            t.join(JOIN_MILLIS);
            if (t.isAlive()) {
                LOG.warn("binlog dump thread of connection {} did not stop within {} ms", session.connectionId(),
                        JOIN_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run(Consumer<Boolean> onEnd) {
        session.setCommand("Binlog Dump", null);
        LOG.info("connection {}: binlog dump started ({})", session.connectionId(), description);
        BinlogDumpStream.End end = BinlogDumpStream.End.STOPPED;
        try {
            end = stream.run();
        } finally {
            metrics.dumpEnded();
            session.setCommand("Sleep", null);
            LOG.info("connection {}: binlog dump ended ({})", session.connectionId(),
                    end.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
            onEnd.accept(end == BinlogDumpStream.End.EOF_SENT);
        }
    }
}
