package io.basalt.storage.txn;

import io.basalt.storage.pipeline.CommitPipeline;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Leads the commit pipeline's groups whose first transaction has no waiting thread (the commit writer's 1PC rounds)
 * on a thread of its own, {@code basalt-binlog-leader}: while it writes and fsyncs one group's binlog events, the
 * commit writer writes and syncs the WAL of the next round, so the two fsyncs of a commit overlap with those of the
 * commits around it instead of taking turns on one thread. It leads whenever the pipeline asks for such a leader
 * ({@link CommitPipeline#onAsyncLeaderWanted}) or the commit writer hands it a group ({@link #wake}).
 *
 * <p>Thread-safe: {@link #wake} from any thread, also with the pipeline's lock held (it only unparks); {@link #close}
 * from the commit writer's owner, once nothing is left to deliver.
 */
final class BinlogGroupLeader implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BinlogGroupLeader.class);
    private static final long CLOSE_WAIT_MS = 10_000;

    private final CommitPipeline pipeline;
    private final Thread thread;
    private volatile boolean wanted;
    private volatile boolean parked;
    private volatile boolean closed;

    BinlogGroupLeader(CommitPipeline pipeline) {
        this.pipeline = pipeline;
        this.thread = new Thread(this::run, "basalt-binlog-leader");
        thread.setDaemon(true);
        pipeline.onAsyncLeaderWanted(this::wake);
        thread.start();
    }

    /** Asks the thread to deliver every deliverable group nobody leads. */
    void wake() {
        wanted = true;
        if (parked) {
            LockSupport.unpark(thread);
        }
    }

    private void run() {
        while (!closed) {
            wanted = false;
            try {
                if (pipeline.deliverIfLeaderless()) {
                    continue;
                }
            } catch (RuntimeException | Error e) {
                // a bug, not a binlog failure (the pipeline hands those to the commits): keep leading, or every later
                // commit of an event loop would wait forever
                LOG.error("the binlog group leader failed a group", e);
            }
            parked = true;
            if (!wanted && !closed) {
                LockSupport.park(this);
            }
            parked = false;
        }
    }

    @Override
    public void close() {
        closed = true;
        if (!ParkedThreads.wakeAndJoin(thread, CLOSE_WAIT_MS)) {
            LOG.warn("the binlog group leader is still delivering a group after {} ms; leaving it", CLOSE_WAIT_MS);
        }
    }
}
