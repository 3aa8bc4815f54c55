package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.BinlogCheckpointEvent;
import io.basalt.protocol.binlog.BinlogEvent;
import io.basalt.protocol.binlog.BinlogEventReader;
import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.BinlogReadException;
import io.basalt.protocol.binlog.EventFlags;
import io.basalt.protocol.binlog.Gtid;
import io.basalt.protocol.binlog.GtidEvent;
import io.basalt.protocol.binlog.GtidListEvent;
import io.basalt.protocol.binlog.XidEvent;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * One pass over a binlog file, event group by event group (with {@link BinlogEventReader}): what recovery needs to
 * know. A group is complete at its Xid, or after its single event when the GTID is standalone; the file's good end
 * is the end of the last complete group or group-less event. Everything after it (an unfinished group, a torn or
 * damaged event) is the tail a crash left. Immutable once built.
 */
final class BinlogFileScan {
    final String name;
    final long fileSize;
    final long goodEnd;
    final boolean inUse;
    final List<Gtid> headerGtidList;
    final String checkpoint;
    /** GTIDs of the complete groups, in file order. */
    final List<Gtid> gtids;
    /** Commit records of the complete transactions, in file order. */
    final List<CommitRecordEvent> commits;
    /** Events of the tail after {@link #goodEnd} that were read whole (an unfinished group). */
    final int tailEvents;
    /** The torn or damaged event that ends the readable part, null when the file ends after a whole event. */
    final String tailProblem;

    private BinlogFileScan(String name, long fileSize, long goodEnd, boolean inUse, List<Gtid> headerGtidList,
                           String checkpoint, List<Gtid> gtids, List<CommitRecordEvent> commits, int tailEvents,
                           String tailProblem) {
        this.name = name;
        this.fileSize = fileSize;
        this.goodEnd = goodEnd;
        this.inUse = inUse;
        this.headerGtidList = headerGtidList;
        this.checkpoint = checkpoint;
        this.gtids = gtids;
        this.commits = commits;
        this.tailEvents = tailEvents;
        this.tailProblem = tailProblem;
    }

    static BinlogFileScan scan(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return scan(file.getFileName().toString(), ch);
        }
    }

    static BinlogFileScan scan(String name, FileChannel ch) throws IOException {
        long size = ch.size();
        long goodEnd = 0;
        boolean inUse = false;
        List<Gtid> headerList = List.of();
        String checkpoint = null;
        List<Gtid> gtids = new ArrayList<>();
        List<CommitRecordEvent> commits = new ArrayList<>();
        Gtid open = null;
        boolean standalone = false;
        CommitRecordEvent openCommit = null;
        int openEvents = 0;
        String problem = null;
        try {
            BinlogEventReader reader = BinlogEventReader.ofFile(ch);
            goodEnd = reader.position();
            BinlogEvent e;
            while ((e = reader.next()) != null) {
                BinlogEventType type = e.header().type();
                if (open != null) {
                    openEvents++;
                    int rawType = e.bytes().getUnsignedByte(4);
                    if (CommitRecordEvent.matches(rawType, e.body())) {
                        openCommit = CommitRecordEvent.decode(e.body());
                    }
                    if (type == BinlogEventType.XID || standalone) {
                        if (type == BinlogEventType.XID && openCommit != null
                                && openCommit.startTs() != ((XidEvent) e.decode()).xid()) {
                            throw new IllegalStateException("commit record of start ts " + openCommit.startTs()
                                    + " before Xid " + ((XidEvent) e.decode()).xid() + " at " + e.offset()
                                    + " in " + name);
                        }
                        gtids.add(open);
                        if (openCommit != null) {
                            commits.add(openCommit);
                        }
                        open = null;
                        openCommit = null;
                        openEvents = 0;
                        goodEnd = e.end();
                    }
                    continue;
                }
                switch (type) {
                    case GTID -> {
                        GtidEvent g = (GtidEvent) e.decode();
                        open = new Gtid(g.domainId(), e.header().serverId(), g.seqNo());
                        standalone = g.isStandalone();
                        openEvents = 1;
                    }
                    case FORMAT_DESCRIPTION -> inUse = (e.header().flags() & EventFlags.BINLOG_IN_USE) != 0;
                    case GTID_LIST -> headerList = ((GtidListEvent) e.decode()).gtids();
                    case BINLOG_CHECKPOINT -> checkpoint = ((BinlogCheckpointEvent) e.decode()).fileName();
                    default -> {
                    }
                }
                if (open == null) {
                    goodEnd = e.end();
                }
            }
        } catch (BinlogReadException e) {
            problem = e.getMessage();
        }
        return new BinlogFileScan(name, size, goodEnd, inUse, headerList, checkpoint, gtids, commits,
                open == null ? 0 : openEvents, problem);
    }

    /** Whether the file has bytes after its last complete group. */
    boolean hasTail() {
        return goodEnd < fileSize;
    }
}
