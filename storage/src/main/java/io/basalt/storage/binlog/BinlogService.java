package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.BinlogEventBody;
import io.basalt.protocol.binlog.BinlogMagic;
import io.basalt.protocol.binlog.Gtid;
import io.basalt.storage.pipeline.CommitSink;
import io.basalt.storage.pipeline.DecidedTxn;
import io.basalt.storage.pipeline.GroupCommitWait;
import io.basalt.storage.pipeline.SinkPosition;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The binary log (DESIGN.md §4): opens and recovers the files, writes what the commit pipeline delivers, serves
 * readers and administration (SHOW BINARY LOGS / MASTER STATUS, FLUSH and PURGE BINARY LOGS). Open it before
 * {@code TxnStore.open} and pass {@link #sink()} there; close it after the store.
 *
 * <p>With {@code enabled=false} (log_bin off) no file is touched and the sink acknowledges everything.
 *
 * <p>Thread-safe: writing and administration serialize on the writer's lock; readers ({@link BinlogTailer}) and
 * session caches ({@link BinlogCache}, one per session) do not take it.
 */
public final class BinlogService implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BinlogService.class);

    private final BinlogMetrics metrics;
    private final GroupCommitWriter writer;
    private final CommitTsIndex commits;
    private final List<Path> leftoverCaches;
    private final boolean crashed;
    private final BinlogCommitSink sink = new BinlogCommitSink();
    private volatile BinlogConfig config;

    private BinlogService(BinlogConfig config, BinlogMetrics metrics, GroupCommitWriter writer,
                          CommitTsIndex commits, List<Path> leftoverCaches, boolean crashed) {
        this.config = config;
        this.metrics = metrics;
        this.writer = writer;
        this.commits = commits;
        this.leftoverCaches = leftoverCaches;
        this.crashed = crashed;
    }

    /**
     * Recovers the binlog under {@code config.dir()} (truncating an unfinished tail, clearing the in-use flag,
     * adopting or deleting files missing from the index), purges expired files and opens a new file.
     */
    public static BinlogService open(BinlogConfig config, MeterRegistry registry) {
        BinlogMetrics metrics = new BinlogMetrics(registry);
        if (!config.enabled()) {
            LOG.info("binary logging is off");
            return new BinlogService(config, metrics, null, null, List.of(), false);
        }
        try {
            BinlogRecovery.Result r = BinlogRecovery.run(config);
            SinkPosition durable = r.commits().last();
            SinkPosition purged = BinlogFiles.readPurgedPosition(config);
            if (purged.compareTo(durable) > 0) {
                durable = purged;
            }
            BinlogFiles files = new BinlogFiles(config, r.index());
            GroupCommitWriter w = GroupCommitWriter.start(config, files, r.state(), metrics, durable);
            if (config.expireLogsSeconds() > 0) {
                w.purgeBefore(Instant.now().minusSeconds(config.expireLogsSeconds()));
            }
            LOG.info("binlog open: writing {}, GTID position '{}', last transaction commit ts {}",
                    w.position().file(), w.gtidBinlogPos(), durable.commitTs());
            return new BinlogService(config, metrics, w, r.commits(), r.leftoverCaches(), r.crashed());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the binlog in " + config.dir(), e);
        }
    }

    /** The commit sink to pass to {@code TxnStore.open}. */
    public CommitSink sink() {
        return sink;
    }

    public boolean enabled() {
        return writer != null;
    }

    /** Whether the last file was found in use (the previous process did not close the binlog). */
    public boolean recoveredFromCrash() {
        return crashed;
    }

    public BinlogConfig config() {
        return config;
    }

    /** Applies new values of the dynamic settings; the others must not change. */
    public void reconfigure(BinlogConfig c) {
        if (!config.sameStaticSettings(c)) {
            throw new IllegalArgumentException("only the dynamic binlog settings can change while it is open");
        }
        config = c;
        if (writer != null) {
            writer.reconfigure(c);
        }
    }

    public BinlogMetrics metrics() {
        return metrics;
    }

    /** A cache for one session transaction. */
    public BinlogCache newCache() {
        checkEnabled();
        return new BinlogCache(config, () -> BinlogHeader.reservedGap(writer.headerLength()), metrics);
    }

    /** Writes a standalone DDL group (GTID + {@code event}, usually a Query); see {@link GroupCommitWriter}. */
    public Gtid writeStandalone(BinlogEventBody event, long timestampSeconds, int flags) {
        checkEnabled();
        return writer.writeStandalone(event, timestampSeconds, flags);
    }

    /** SHOW BINARY LOGS: every file with its size, oldest first (empty when the log is off). */
    public List<BinlogFileInfo> files() {
        return writer == null ? List.of() : writer.files();
    }

    /** SHOW MASTER STATUS: the active file and its write position. */
    public BinlogPosition currentPosition() {
        checkEnabled();
        return writer.position();
    }

    /** {@code @@gtid_binlog_pos}: the last GTID of each domain ("" when none or the log is off). */
    public String gtidBinlogPos() {
        return writer == null ? "" : writer.gtidBinlogPos();
    }

    /** FLUSH BINARY LOGS: rotate to a new file. */
    public void flush() {
        if (writer != null) {
            writer.rotate();
        }
    }

    /**
     * PURGE BINARY LOGS TO: deletes the files before {@code file}.
     *
     * @return the deleted files
     * @throws IllegalArgumentException if {@code file} is not in the index
     */
    public List<String> purgeTo(String file) {
        checkEnabled();
        return writer.purgeTo(file);
    }

    /**
     * RESET MASTER [TO n]: deletes every binlog file, empties the GTID state and starts at file number
     * {@code firstNumber}. Runs under the writer's lock, so no group is half written.
     *
     * <p>Commit-ts recovery: after a crash, {@link #open} takes the binlog's durable position (the last transaction
     * it holds, which the commit pipeline uses to decide which outbox transactions to append again) from the
     * surviving files' commit records. RESET deletes every file holding one, so it first writes the last delivered
     * position to {@code <base>.purged} exactly as a purge does (see {@code BinlogFiles}); {@code open} takes the
     * larger of both, and a restart after RESET (clean or crashed) does not re-append the transactions the deleted
     * files held.
     *
     * @return the deleted files
     */
    public List<String> reset(long firstNumber) {
        checkEnabled();
        return writer.reset(firstNumber);
    }

    /** PURGE BINARY LOGS BEFORE: deletes the oldest files modified before {@code before}, never the active one. */
    public List<String> purgeBefore(Instant before) {
        checkEnabled();
        return writer.purgeBefore(before);
    }

    /**
     * A reader from {@code file} at {@code position} (4 or less: from the first event) for a dump thread.
     *
     * @throws IllegalArgumentException if {@code file} is not one of this binlog's files
     */
    public BinlogTailer openReader(String file, long position) {
        checkEnabled();
        if (files().stream().noneMatch(f -> f.name().equals(file))) {
            throw new IllegalArgumentException("binlog " + file + " is not in the index");
        }
        return new BinlogTailer(config.dir(), config.baseName(), writer.end(), file, position);
    }

    /**
     * BINLOG_GTID_POS(file, offset): the GTID position to start a replica exactly at {@code offset} of {@code file};
     * null when the log is off, the file is not in the index, or the offset is not an event boundary of it.
     */
    public String gtidPositionAt(String file, long offset) {
        if (writer == null || files().stream().noneMatch(f -> f.name().equals(file))) {
            return null;
        }
        try (BinlogTailer tailer = openReader(file, BinlogMagic.SIZE)) {
            return GtidPositionReader.at(tailer, file, offset);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * The Gtid_list at the head of {@code file}: the binlog GTID state before it.
     *
     * @throws IllegalArgumentException if {@code file} is not one of this binlog's files
     * @throws IllegalStateException if the file does not start with its header events
     */
    public List<Gtid> gtidListOf(String file) {
        try (BinlogTailer tailer = openReader(file, BinlogMagic.SIZE)) {
            List<Gtid> head = GtidPositionReader.head(tailer, file);
            if (head == null) {
                throw new IllegalStateException("binlog " + file + " does not start with Format_description and"
                        + " Gtid_list events");
            }
            return head;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading binlog " + file, e);
        }
    }

    /** Writes a Stop event and clears the in-use flag of the active file; readers see the end. */
    @Override
    public void close() {
        if (writer != null) {
            writer.close();
        }
    }

    private void checkEnabled() {
        if (writer == null) {
            throw new IllegalStateException("binary logging is off");
        }
    }

    /** The commit pipeline's view of the binlog. */
    private final class BinlogCommitSink implements CommitSink {
        @Override
        public void deliver(List<DecidedTxn> group) {
            if (writer != null) {
                writer.deliver(group);
            }
        }

        @Override
        public SinkPosition durablePosition() {
            return writer == null ? SinkPosition.ZERO : writer.lastDelivered();
        }

        @Override
        public OptionalLong recordedCommitTs(long startTs) {
            return commits == null ? OptionalLong.empty() : commits.lookup(startTs);
        }

        @Override
        public GroupCommitWait groupCommitWait() {
            BinlogConfig c = config;
            return new GroupCommitWait(c.commitWaitCount(), c.commitWaitUsec());
        }

        /** Storage recovery is over: no outbox record can name a leftover cache file any more. */
        @Override
        public void recoveryFinished() {
            if (commits != null) {
                commits.release();
            }
            int deleted = 0;
            for (Path p : leftoverCaches) {
                try {
                    if (Files.deleteIfExists(p)) {
                        deleted++;
                    }
                } catch (IOException e) {
                    LOG.warn("cannot delete leftover binlog cache file {}", p, e);
                }
            }
            if (deleted > 0) {
                LOG.info("deleted {} leftover binlog cache files of transactions interrupted by the last stop",
                        deleted);
            }
        }
    }
}
