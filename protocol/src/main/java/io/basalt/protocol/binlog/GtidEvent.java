package io.basalt.protocol.binlog;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

/**
 * Gtid_log_event (type 162), the first event of every event group: seq_no (8), domain_id (4), flags2 (1), the
 * commit_id (8) iff {@link #FL_GROUP_COMMIT_ID}, zero fill to at least 19 body bytes, and optionally zeros up to
 * {@code padTo} body bytes. The GTID's server id travels in the event header. The header flags MariaDB uses are
 * {@link EventFlags#SUPPRESS_USE}.
 *
 * <p>{@code padTo} is MariaDB's {@code pad_to_size} (MDEV-32014, 11.7): the body size to declare, so that the GTID
 * of a transaction whose spilled cache file is renamed into a binlog ends exactly at the end of the reserved header
 * gap; see {@link #padToFill}. Readers ignore zero bytes after the known fields. 0 means no padding.
 *
 * @param commitId the group commit id, written only when {@code flags2} has {@link #FL_GROUP_COMMIT_ID}
 */
public record GtidEvent(long seqNo, long domainId, int flags2, long commitId, int padTo) implements BinlogEventBody {

    /** No terminating Xid/COMMIT: the group is a single statement (DDL). */
    public static final int FL_STANDALONE = 0x01;
    /** commit_id present; same commit_id = same group commit on the master (parallel replication). */
    public static final int FL_GROUP_COMMIT_ID = 0x02;
    /** The group can be rolled back safely (transactional engines only). */
    public static final int FL_TRANSACTIONAL = 0x04;
    /** Not {@code @@skip_parallel_replication}. */
    public static final int FL_ALLOW_PARALLEL = 0x08;
    /** The transaction waited on a row lock. */
    public static final int FL_WAITED = 0x10;
    /** The group contains DDL. */
    public static final int FL_DDL = 0x20;
    private static final int FL_PREPARED_XA = 0x40;
    private static final int FL_COMPLETED_XA = 0x80;

    /** Body bytes before any padding: seq_no, domain_id, flags2 and zero fill. */
    public static final int MIN_BODY_SIZE = 19;
    /**
     * MariaDB's {@code Gtid_log_event::max_data_length} on LP64 (19 + 2 + sizeof(XID) 152 + 1 + 4 + 4): the GTID
     * room MariaDB reserves in a cache file's header gap.
     */
    public static final int MAX_DATA_LENGTH = 182;
    private static final int FIXED_FIELDS = 13;

    public GtidEvent {
        if ((flags2 & (FL_PREPARED_XA | FL_COMPLETED_XA)) != 0) {
            throw new IllegalArgumentException("XA GTID events are not supported");
        }
        if (padTo != 0 && padTo < unpaddedSize(flags2)) {
            throw new IllegalArgumentException("padTo " + padTo + " below the unpadded body size");
        }
    }

    /** An event group of a transaction terminated by an Xid: transactional, parallel-replicable. */
    public static GtidEvent transaction(long seqNo, long domainId, long commitId) {
        int flags = FL_TRANSACTIONAL | FL_ALLOW_PARALLEL | (commitId != 0 ? FL_GROUP_COMMIT_ID : 0);
        return new GtidEvent(seqNo, domainId, flags, commitId, 0);
    }

    /** A standalone DDL event group (no terminating Xid), as MariaDB marks DDL on transactional tables. */
    public static GtidEvent ddl(long seqNo, long domainId) {
        return new GtidEvent(seqNo, domainId, FL_STANDALONE | FL_DDL | FL_ALLOW_PARALLEL, 0, 0);
    }

    /**
     * The {@code padTo} that makes a GTID event starting at file offset {@code eventStart} end exactly at
     * {@code gapEnd}: {@code gapEnd − eventStart − 19 − trailer}.
     */
    public static int padToFill(long eventStart, long gapEnd, BinlogChecksum checksum) {
        return Math.toIntExact(gapEnd - eventStart - EventHeader.SIZE - checksum.trailerSize());
    }

    /** This event with its body padded to {@code padTo} bytes. */
    public GtidEvent withPadTo(int padTo) {
        return new GtidEvent(seqNo, domainId, flags2, commitId, padTo);
    }

    public boolean hasCommitId() {
        return (flags2 & FL_GROUP_COMMIT_ID) != 0;
    }

    public boolean isStandalone() {
        return (flags2 & FL_STANDALONE) != 0;
    }

    @Override
    public BinlogEventType type() {
        return BinlogEventType.GTID;
    }

    @Override
    public void encode(ByteBuf out) {
        int start = out.writerIndex();
        out.writeLongLE(seqNo);
        out.writeIntLE((int) domainId);
        out.writeByte(flags2);
        if (hasCommitId()) {
            out.writeLongLE(commitId);
        }
        int size = Math.max(unpaddedSize(flags2), padTo);
        out.writeZero(size - (out.writerIndex() - start));
    }

    /** Reads a body (without trailer); bytes after the known fields (zero fill, padding, newer fields) are skipped. */
    public static GtidEvent decode(ByteBuf body) {
        int size = body.readableBytes();
        PayloadReader in = new PayloadReader(body);
        long seqNo = in.readInt8();
        long domainId = in.readInt4();
        int flags2 = in.readInt1();
        if ((flags2 & (FL_PREPARED_XA | FL_COMPLETED_XA)) != 0) {
            throw new MalformedPacketException("XA GTID event");
        }
        long commitId = (flags2 & FL_GROUP_COMMIT_ID) != 0 ? in.readInt8() : 0;
        in.skip(in.remaining());
        int padTo = size > unpaddedSize(flags2) ? size : 0;
        return new GtidEvent(seqNo, domainId, flags2, commitId, padTo);
    }

    private static int unpaddedSize(int flags2) {
        return (flags2 & FL_GROUP_COMMIT_ID) != 0 ? FIXED_FIELDS + 8 : MIN_BODY_SIZE;
    }
}
