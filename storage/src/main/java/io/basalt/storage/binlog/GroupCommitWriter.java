package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.BinlogEventBody;
import io.basalt.protocol.binlog.EventFlags;
import io.basalt.protocol.binlog.EventSerializer;
import io.basalt.protocol.binlog.Gtid;
import io.basalt.protocol.binlog.GtidEvent;
import io.basalt.protocol.binlog.RotateEvent;
import io.basalt.protocol.binlog.StopEvent;
import io.basalt.protocol.binlog.XidEvent;
import io.basalt.storage.pipeline.DecidedTxn;
import io.basalt.storage.pipeline.SinkPosition;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the binlog: transaction groups handed over by the commit pipeline (already in commit-ts order), standalone
 * DDL groups, rotation, purge and the clean close. It plays MariaDB's LOCK_log: one lock guards the active file,
 * the GTID state and the index; groups are written with one gathering write and at most one fsync (sync_binlog).
 *
 * <p>Per transaction with events: GTID (next seq_no of the domain; the group's first seq_no as commit_id when the
 * group binlogs more than one transaction), the payload re-positioned in place, Basalt's {@link CommitRecordEvent},
 * and an Xid carrying the start ts. A spilled payload at or above binlog_large_commit_threshold is committed by
 * rename ({@link RenameCommit}): the file rotates and the lock is held only for the header, an fsync of a small
 * write and the rename; a smaller one is streamed by {@link CacheCopier}.
 *
 * <p>After an I/O failure the writer refuses all further work: the file may hold a partial group, and only restart
 * recovery may decide what it holds. Thread-safe.
 */
final class GroupCommitWriter {
    private static final Logger LOG = LoggerFactory.getLogger(GroupCommitWriter.class);

    private final ReentrantLock lock = new ReentrantLock();
    private final BinlogFiles files;
    private final GtidState state;
    private final BinlogMetrics metrics;
    private final BinlogEnd end;
    private final SyncPolicy sync;
    private final ByteBuf events = Unpooled.buffer(64 * 1024);
    private volatile BinlogConfig config;
    private volatile int headerLength;
    private BinlogFileWriter writer;
    private SinkPosition lastDelivered;
    private Exception failure;
    private boolean closed;

    private GroupCommitWriter(BinlogConfig config, BinlogFiles files, GtidState state, BinlogMetrics metrics,
                              SinkPosition lastDelivered) {
        this.config = config;
        this.files = files;
        this.state = state;
        this.metrics = metrics;
        this.lastDelivered = lastDelivered;
        this.sync = new SyncPolicy(config.syncBinlog());
        this.end = new BinlogEnd(new BinlogPosition(files.nextName(), 0));
    }

    /** Opens a new file (a restart never appends to an old one) with a non-zero creation timestamp. */
    static GroupCommitWriter start(BinlogConfig config, BinlogFiles files, GtidState state, BinlogMetrics metrics,
                                   SinkPosition lastDelivered) throws IOException {
        GroupCommitWriter w = new GroupCommitWriter(config, files, state, metrics, lastDelivered);
        w.openNext(nowSeconds());
        return w;
    }

    BinlogEnd end() {
        return end;
    }

    /** Header size of the active file; spilled caches reserve room for a header of this size. */
    int headerLength() {
        return headerLength;
    }

    void reconfigure(BinlogConfig c) {
        lock.lock();
        try {
            config = c;
            sync.setEvery(c.syncBinlog());
        } finally {
            lock.unlock();
        }
    }

    /** Writes {@code group} (ascending commit ts) and makes it durable as sync_binlog says. */
    void deliver(List<DecidedTxn> group) {
        lock.lock();
        try {
            checkUsable();
            BinlogConfig c = config;
            int inline = 0;
            for (DecidedTxn t : group) {
                byte[] p = t.payload();
                if (p != null && p.length > 0 && !isLarge(p, c)) {
                    inline++;
                }
            }
            long commitId = inline > 1 ? state.nextSeqNo(c.domainId()) : 0;
            List<Path> consumed = new ArrayList<>();
            List<ByteBuffer> pending = new ArrayList<>();
            events.clear();
            long pos = writer.position();
            int binlogged = 0;
            for (DecidedTxn t : group) {
                byte[] p = t.payload();
                if (p == null || p.length == 0) {
                    continue;
                }
                binlogged++;
                if (SpilledPayload.isDescriptor(p)) {
                    writePending(pending);
                    SpilledPayload d = SpilledPayload.decode(p);
                    Path cache = c.cacheDir().resolve(d.fileName());
                    if (d.dataLength() >= c.largeCommitThreshold() && renameCommit(t, d, cache, c)) {
                        pos = writer.position();
                        continue;
                    }
                    long seq = state.nextSeqNo(c.domainId());
                    long ts = timestamp(t.commitTs());
                    writer.write(ByteBuffer.wrap(EventSerializer.serialize(
                            GtidEvent.transaction(seq, c.domainId(), isLarge(p, c) ? 0 : commitId), ts,
                            c.serverId(), EventFlags.SUPPRESS_USE, writer.position(), c.checksum())));
                    CacheCopier.copy(cache, d, writer, c.checksum());
                    writer.write(ByteBuffer.wrap(tail(t, writer.position(), c)));
                    consumed.add(cache);
                    recorded(t, seq, c);
                    pos = writer.position();
                    continue;
                }
                long seq = state.nextSeqNo(c.domainId());
                long ts = timestamp(t.commitTs());
                int start = events.writerIndex();
                pos += EventSerializer.serialize(events, GtidEvent.transaction(seq, c.domainId(), commitId), ts,
                        c.serverId(), EventFlags.SUPPRESS_USE, pos, c.checksum());
                pending.add(events.nioBuffer(start, events.writerIndex() - start));
                pos = EventSerializer.relocate(p, 0, p.length, pos, c.checksum());
                pending.add(ByteBuffer.wrap(p));
                start = events.writerIndex();
                pos += new CommitRecordEvent(t.commitTs(), t.startTs()).serialize(events, ts, c.serverId(), pos,
                        c.checksum());
                pos += EventSerializer.serialize(events, new XidEvent(t.startTs()), ts, c.serverId(), 0, pos,
                        c.checksum());
                pending.add(events.nioBuffer(start, events.writerIndex() - start));
                recorded(t, seq, c);
            }
            writePending(pending);
            if (binlogged == 0) {
                return;
            }
            if (sync.groupWritten()) {
                writer.sync();
            }
            metrics.group(binlogged);
            for (Path p : consumed) {
                Files.deleteIfExists(p);
            }
            end.publish(new BinlogPosition(writer.name(), writer.position()));
            if (writer.position() >= c.maxBinlogSize()) {
                rotateLocked();
            }
        } catch (IOException | RuntimeException e) {
            throw fail(e);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Writes a standalone event group (DDL): GTID with FL_STANDALONE|FL_DDL, then {@code event}. It is ordered
     * between transaction groups by this lock; the caller orders it against concurrent DML (metadata lock).
     */
    Gtid writeStandalone(BinlogEventBody event, long timestampSeconds, int flags) {
        lock.lock();
        try {
            checkUsable();
            BinlogConfig c = config;
            long seq = state.nextSeqNo(c.domainId());
            events.clear();
            long pos = writer.position();
            pos += EventSerializer.serialize(events, GtidEvent.ddl(seq, c.domainId()), timestampSeconds,
                    c.serverId(), EventFlags.SUPPRESS_USE, pos, c.checksum());
            EventSerializer.serialize(events, event, timestampSeconds, c.serverId(), flags, pos, c.checksum());
            writer.write(events.nioBuffer(0, events.writerIndex()));
            Gtid g = new Gtid(c.domainId(), c.serverId(), seq);
            state.record(g);
            if (sync.groupWritten()) {
                writer.sync();
            }
            metrics.group(1);
            end.publish(new BinlogPosition(writer.name(), writer.position()));
            if (writer.position() >= c.maxBinlogSize()) {
                rotateLocked();
            }
            return g;
        } catch (IOException | RuntimeException e) {
            throw fail(e);
        } finally {
            lock.unlock();
        }
    }

    /** FLUSH BINARY LOGS: ends the active file with a Rotate event and starts the next. */
    void rotate() {
        lock.lock();
        try {
            checkUsable();
            rotateLocked();
        } catch (IOException e) {
            throw fail(e);
        } finally {
            lock.unlock();
        }
    }

    /**
     * RESET MASTER: deletes every file, forgets the GTID state and starts again at file number {@code firstNumber},
     * all under the lock, so no group is in flight. The last transaction position is recorded first (as a purge
     * records it), so a restart after it still knows which committed transactions the deleted files held and does
     * not append them again from the outbox.
     */
    List<String> reset(long firstNumber) {
        lock.lock();
        try {
            checkUsable();
            writer.abandon();
            List<String> gone = files.reset(lastDelivered, firstNumber);
            state.clear();
            openNext(nowSeconds());
            LOG.info("RESET MASTER: deleted {} binlog file(s); writing {}", gone.size(), writer.name());
            return gone;
        } catch (IOException e) {
            throw fail(e);
        } finally {
            lock.unlock();
        }
    }

    List<String> purgeTo(String file) {
        lock.lock();
        try {
            checkUsable();
            return files.purgeTo(file, lastDelivered);
        } catch (IOException e) {
            throw new UncheckedIOException("purge of binlog files failed", e);
        } finally {
            lock.unlock();
        }
    }

    List<String> purgeBefore(Instant before) {
        lock.lock();
        try {
            checkUsable();
            return files.purgeBefore(before, writer.name(), lastDelivered);
        } catch (IOException e) {
            throw new UncheckedIOException("purge of binlog files failed", e);
        } finally {
            lock.unlock();
        }
    }

    List<BinlogFileInfo> files() {
        lock.lock();
        try {
            return files.infos(writer.name(), writer.position());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            lock.unlock();
        }
    }

    BinlogPosition position() {
        lock.lock();
        try {
            return new BinlogPosition(writer.name(), writer.position());
        } finally {
            lock.unlock();
        }
    }

    String gtidBinlogPos() {
        lock.lock();
        try {
            return state.binlogPos();
        } finally {
            lock.unlock();
        }
    }

    /** The last transaction written (not necessarily fsynced when sync_binlog != 1). */
    SinkPosition lastDelivered() {
        lock.lock();
        try {
            return lastDelivered;
        } finally {
            lock.unlock();
        }
    }

    /** Clean close: Stop event, in-use flag cleared. After a failure the file is left for recovery. */
    void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            if (failure != null) {
                writer.abandon();
            } else {
                writer.finish(EventSerializer.serialize(new StopEvent(), nowSeconds(), config.serverId(), 0,
                        writer.position(), config.checksum()));
                LOG.info("binlog {} closed cleanly at {}", writer.name(), writer.position());
            }
        } catch (IOException e) {
            LOG.error("binlog {} could not be closed cleanly; the next start recovers it", writer.name(), e);
        } finally {
            end.close();
            lock.unlock();
        }
    }

    private boolean isLarge(byte[] payload, BinlogConfig c) {
        return SpilledPayload.isDescriptor(payload)
                && SpilledPayload.decode(payload).dataLength() >= c.largeCommitThreshold();
    }

    /** Rename commit of {@code t}; false (nothing done) when its gap cannot hold the next file's header. */
    private boolean renameCommit(DecidedTxn t, SpilledPayload d, Path cache, BinlogConfig c) throws IOException {
        String next = files.nextName();
        byte[] header = BinlogHeader.build(c, next, state.list(), 0, nowSeconds());
        if (!RenameCommit.fits(d, header.length, c.checksum())) {
            LOG.warn("binlog cache {} reserved {} bytes, the header of {} needs {} plus its GTID; copying it"
                    + " instead of renaming", d.fileName(), d.gap(), next, header.length);
            return false;
        }
        finishForRotation(next);
        long seq = state.nextSeqNo(c.domainId());
        long ts = timestamp(t.commitTs());
        byte[] tail = tail(t, d.gap() + d.dataLength(), c);
        Path target = c.dir().resolve(next);
        long bytes = RenameCommit.run(cache, d, target, header, GtidEvent.transaction(seq, c.domainId(), 0),
                (g, off) -> EventSerializer.serialize(g, ts, c.serverId(), EventFlags.SUPPRESS_USE, off,
                        c.checksum()), tail);
        files.added(next);
        writer = BinlogFileWriter.append(target, metrics);
        headerLength = header.length;
        metrics.bytesWritten(bytes);
        metrics.renameCommit();
        recorded(t, seq, c);
        LOG.info("renamed binlog cache {} ({} bytes) to binlog {}", d.fileName(), d.dataLength(), next);
        return true;
    }

    /** Commit record and Xid of {@code t} starting at file offset {@code at}. */
    private byte[] tail(DecidedTxn t, long at, BinlogConfig c) {
        ByteBuf b = Unpooled.buffer(96);
        long ts = timestamp(t.commitTs());
        int n = new CommitRecordEvent(t.commitTs(), t.startTs()).serialize(b, ts, c.serverId(), at, c.checksum());
        EventSerializer.serialize(b, new XidEvent(t.startTs()), ts, c.serverId(), 0, at + n, c.checksum());
        byte[] out = new byte[b.readableBytes()];
        b.readBytes(out);
        return out;
    }

    private void recorded(DecidedTxn t, long seq, BinlogConfig c) {
        state.record(new Gtid(c.domainId(), c.serverId(), seq));
        lastDelivered = t.position();
    }

    private void writePending(List<ByteBuffer> pending) throws IOException {
        if (!pending.isEmpty()) {
            writer.write(pending.toArray(new ByteBuffer[0]));
            pending.clear();
        }
    }

    private void rotateLocked() throws IOException {
        String next = files.nextName();
        finishForRotation(next);
        openNext(0);
        if (config.expireLogsSeconds() > 0) {
            files.purgeBefore(Instant.now().minusSeconds(config.expireLogsSeconds()), writer.name(), lastDelivered);
        }
    }

    /** Ends the active file with a Rotate event naming {@code next}. */
    private void finishForRotation(String next) throws IOException {
        BinlogConfig c = config;
        writer.finish(EventSerializer.serialize(new RotateEvent(4, next), nowSeconds(), c.serverId(), 0,
                writer.position(), c.checksum()));
        sync.synced();
    }

    private void openNext(long created) throws IOException {
        BinlogConfig c = config;
        String name = files.nextName();
        byte[] header = BinlogHeader.build(c, name, state.list(), created, nowSeconds());
        writer = BinlogFileWriter.create(c.dir(), name, header, metrics);
        files.added(name);
        headerLength = header.length;
        end.publish(new BinlogPosition(name, writer.position()));
    }

    private void checkUsable() {
        if (failure != null) {
            throw new IllegalStateException("the binlog failed earlier; restart the server to recover it", failure);
        }
        if (closed) {
            throw new IllegalStateException("the binlog is closed");
        }
    }

    private RuntimeException fail(Exception e) {
        if (failure == null && !closed) {
            failure = e;
            LOG.error("binlog write failed; binary logging stops until restart", e);
        }
        return e instanceof IOException io ? new UncheckedIOException("binlog write failed", io)
                : (RuntimeException) e;
    }

    /** Event timestamp of a transaction: the physical part (ms) of its commit ts, in seconds. */
    private static long timestamp(long commitTs) {
        return (commitTs >>> 18) / 1000;
    }

    private static long nowSeconds() {
        return System.currentTimeMillis() / 1000;
    }
}
