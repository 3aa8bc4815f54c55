package io.basalt.server.replication;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.BinlogMagic;
import io.basalt.protocol.binlog.RawEvents;
import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.replication.ReplicationEvents;
import io.basalt.server.command.ClientGoneException;
import io.basalt.server.command.PacketOutput;
import io.basalt.server.command.ResponseWriter;
import io.basalt.storage.binlog.BinlogService;
import io.basalt.storage.binlog.BinlogTailer;
import io.basalt.storage.binlog.TailedEvent;
import io.netty.buffer.ByteBuf;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The event stream of one binlog dump (spec §6.5–6.8), run by its own thread: for every file, a fake Rotate and
 * the file's Format_description, then its events as stored (each packet is 0x00 + the event), less what the
 * replica must not get (Annotate_rows it did not ask for, groups before its GTID start); at the end of the
 * binlog it flushes and waits for the next group commit to publish more, sending heartbeats while idle, or ends
 * with EOF in non-blocking mode. It reads the files through a {@link BinlogTailer}, never the writer's lock, so
 * any number of dumps cannot hold up a commit; a slow replica only fills its own socket (the output blocks this
 * thread, up to net_write_timeout).
 *
 * <p>Errors reach the replica as ERR 1236 and end the stream. Not thread-safe: one dump thread.
 */
final class BinlogDumpStream {
    private static final Logger LOG = LoggerFactory.getLogger(BinlogDumpStream.class);
    /** How long an idle dump without heartbeats waits before it re-checks whether it should stop. */
    private static final long IDLE_WAIT_NANOS = TimeUnit.SECONDS.toNanos(60);

    /** How a stream ended. */
    enum End { EOF_SENT, ERROR_SENT, CLIENT_GONE, SERVER_SHUTDOWN, STOPPED }

    private final BinlogService binlog;
    private final DumpStart start;
    private final long serverId;
    private final ResponseWriter responses;
    private final PacketOutput out;
    private final ReplicationMetrics metrics;
    /** The checksum of the file being sent; until its first FDE, what the replica asked for at connect. */
    private BinlogChecksum fileChecksum;

    BinlogDumpStream(BinlogService binlog, DumpStart start, long serverId, ResponseWriter responses,
                     ReplicationMetrics metrics) {
        this.binlog = binlog;
        this.start = start;
        this.serverId = serverId;
        this.responses = responses;
        this.out = responses.output();
        this.metrics = metrics;
        this.fileChecksum = start.settings().fakeEventChecksum();
    }

    /** Streams until the end (non-blocking), an error, the client leaving, shutdown, or an interrupt. */
    End run() {
        try (BinlogTailer tailer = binlog.openReader(start.file(), start.position())) {
            if (start.position() > BinlogMagic.SIZE) {
                joinMidFile();
            }
            return stream(tailer);
        } catch (InterruptedException e) {
            return End.STOPPED;
        } catch (ClientGoneException e) {
            return End.CLIENT_GONE;
        } catch (MySqlException e) {
            return fail(e);
        } catch (RuntimeException e) {
            LOG.warn("binlog dump from {}:{} failed", start.file(), start.position(), e);
            return fail(GtidStartLocator.fatal("error reading the binary log: " + e.getMessage()));
        }
    }

    private End stream(BinlogTailer tailer) throws InterruptedException {
        long heartbeat = start.settings().heartbeatPeriodNanos();
        while (true) {
            TailedEvent event = tailer.next(0, TimeUnit.NANOSECONDS);
            if (event == null) {
                out.flush();
                if (start.request().nonBlocking()) {
                    responses.eof();
                    out.flush();
                    return End.EOF_SENT;
                }
                event = tailer.next(heartbeat > 0 ? heartbeat : IDLE_WAIT_NANOS, TimeUnit.NANOSECONDS);
                if (event == null) {
                    if (tailer.binlogClosed()) {
                        return End.SERVER_SHUTDOWN;
                    }
                    if (heartbeat > 0) {
                        sendArtificial(b -> ReplicationEvents.heartbeat(b, tailer.file(), tailer.position(),
                                serverId, fileChecksum));
                        out.flush();
                    }
                    continue;
                }
            }
            forward(event);
        }
    }

    /** The first event of a stream that starts inside a file: announce the file, then its FDE as a restart-free one. */
    private void joinMidFile() throws InterruptedException {
        try (BinlogTailer head = binlog.openReader(start.file(), BinlogMagic.SIZE)) {
            TailedEvent fde = head.next(0, TimeUnit.NANOSECONDS);
            if (fde == null || fde.typeCode() != BinlogEventType.FORMAT_DESCRIPTION.code()) {
                throw GtidStartLocator.fatal("binlog " + start.file() + " does not start with a Format_description"
                        + " event");
            }
            sendFakeRotate(start.file(), start.position());
            sendFormatDescription(fde, true, true);
        }
    }

    private void forward(TailedEvent event) {
        int type = event.typeCode();
        if (type == BinlogEventType.FORMAT_DESCRIPTION.code() && event.position() == BinlogMagic.SIZE) {
            sendFakeRotate(event.file(), BinlogMagic.SIZE);
            GtidStartFilter filter = start.gtidFilter();
            sendFormatDescription(event, filter != null && filter.beforeStart(), false);
            return;
        }
        if (type == BinlogEventType.ANNOTATE_ROWS.code() && !start.request().sendAnnotateRows()) {
            return;
        }
        GtidStartFilter filter = start.gtidFilter();
        if (filter == null) {
            send(event.bytes());
            return;
        }
        if (filter.accept(event, fileChecksum) == GtidStartFilter.Verdict.SEND) {
            send(event.bytes());
        }
        if (filter.takeMarker()) {
            sendArtificial(b -> ReplicationEvents.fakeGtidList(b, filter.state(), event.end(), serverId,
                    fileChecksum));
        }
    }

    /**
     * The fake Rotate of the first file is checksummed as the replica asked at connect (it has no FDE yet); later
     * ones as the previous file's events, which is what the replica expects by then (MariaDB's current_checksum_alg).
     */
    private void sendFakeRotate(String file, long position) {
        sendArtificial(b -> ReplicationEvents.fakeRotate(b, file, position, serverId, fileChecksum));
    }

    private void sendFormatDescription(TailedEvent fde, boolean resetCreated, boolean resetLogPos) {
        byte[] bytes = fde.bytes();
        fileChecksum = RawEvents.formatDescriptionChecksum(bytes);
        if (fileChecksum != BinlogChecksum.NONE && !start.settings().checksumAware()) {
            throw GtidStartLocator.fatal("Slave can not handle replication events with the checksum that master is"
                    + " configured to log");
        }
        send(ReplicationEvents.formatDescription(bytes, resetCreated, resetLogPos));
    }

    private void send(byte[] event) {
        ByteBuf b = out.beginPacket();
        b.writeByte(0);
        b.writeBytes(event);
        out.endPacket();
        metrics.eventSent(event.length);
    }

    private void sendArtificial(Consumer<ByteBuf> writer) {
        ByteBuf b = out.beginPacket();
        b.writeByte(0);
        int from = b.writerIndex();
        writer.accept(b);
        int size = b.writerIndex() - from;
        out.endPacket();
        metrics.eventSent(size);
    }

    private End fail(MySqlException e) {
        LOG.info("binlog dump from {}:{} ends with an error: {}", start.file(), start.position(), e.getMessage());
        try {
            out.flush();
            responses.error(e);
            out.flush();
            return End.ERROR_SENT;
        } catch (ClientGoneException gone) {
            return End.CLIENT_GONE;
        }
    }
}
