package io.basalt.server.replication;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.Gtid;
import io.basalt.protocol.binlog.GtidEvent;
import io.basalt.protocol.binlog.GtidListEvent;
import io.basalt.protocol.binlog.RawEvents;
import io.basalt.storage.binlog.TailedEvent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Skips the event groups a MariaDB GTID replica already has (spec §6.4–6.6). The stream starts at the head of the
 * file {@link GtidStartLocator} chose; in each domain of the replica's position, every group up to and including
 * its start GTID is dropped. Once every domain has passed its start, a fake Gtid_list ({@link #markerDue}) tells
 * the replica the binlog state at that point. A missing start GTID (a hole: the next group has a higher seq_no) is
 * an error in GTID strict mode; otherwise the group is sent and the marker follows its GTID event, as MariaDB does.
 *
 * <p>Not thread-safe: one dump thread.
 */
final class GtidStartFilter {
    /** What to do with one event. */
    enum Verdict { SEND, SKIP }

    private final Map<Long, Gtid> pending;
    private final boolean strict;
    /** The binlog state up to the last event seen, by domain (ascending, as MariaDB lists it). */
    private final Map<Long, Gtid> state = new TreeMap<>();
    private boolean skippingGroup;
    private boolean skippingStandalone;
    private boolean markerDue;
    private boolean markerSent;

    GtidStartFilter(List<Gtid> start, boolean strict) {
        this.pending = new HashMap<>(GtidStartLocator.byDomain(start));
        this.strict = strict;
    }

    /** Whether some domain has not reached its start GTID yet (a replica must not treat FDEs as restarts then). */
    boolean beforeStart() {
        return !pending.isEmpty();
    }

    /**
     * Decides about the next event of the stream.
     *
     * @throws io.basalt.protocol.error.MySqlException 1236 for a start GTID missing from the binlog in strict mode
     */
    Verdict accept(TailedEvent event, BinlogChecksum checksum) {
        int type = event.typeCode();
        if (type == BinlogEventType.GTID_LIST.code()) {
            fileHead(GtidListEvent.decode(RawEvents.body(event.bytes(), checksum)).gtids());
            return Verdict.SEND;
        }
        if (type == BinlogEventType.GTID.code()) {
            return groupStart(event, checksum);
        }
        if (!skippingGroup) {
            return Verdict.SEND;
        }
        if (skippingStandalone || type == BinlogEventType.XID.code()) {
            endSkippedGroup();
        }
        return Verdict.SKIP;
    }

    /** True once, right after the event at which the replica's real stream starts; then send the fake Gtid_list. */
    boolean takeMarker() {
        boolean due = markerDue;
        markerDue = false;
        return due;
    }

    /** The binlog state at the marker (the fake Gtid_list's content). */
    List<Gtid> state() {
        return new ArrayList<>(state.values());
    }

    private void fileHead(List<Gtid> head) {
        for (Gtid g : head) {
            state.put(g.domainId(), g);
            Gtid wanted = pending.get(g.domainId());
            // the start GTID is the last group before this file: the domain starts right here
            if (wanted != null && wanted.seqNo() == g.seqNo()) {
                reached(g.domainId());
            }
        }
    }

    private Verdict groupStart(TailedEvent event, BinlogChecksum checksum) {
        GtidEvent gtid = GtidEvent.decode(RawEvents.body(event.bytes(), checksum));
        Gtid g = new Gtid(gtid.domainId(), RawEvents.serverId(event.bytes()), gtid.seqNo());
        state.put(g.domainId(), g);
        Gtid wanted = pending.get(g.domainId());
        if (wanted == null) {
            return Verdict.SEND;
        }
        if (g.seqNo() <= wanted.seqNo()) {
            skippingGroup = true;
            skippingStandalone = gtid.isStandalone();
            if (g.seqNo() == wanted.seqNo()) {
                pending.remove(g.domainId());
            }
            return Verdict.SKIP;
        }
        if (strict) {
            throw GtidStartLocator.fatal("The binlog on the master is missing the GTID " + wanted
                    + " requested by the slave (even though both a prior and a subsequent sequence number does"
                    + " exist), and GTID strict mode is enabled");
        }
        reached(g.domainId());
        return Verdict.SEND;
    }

    private void endSkippedGroup() {
        skippingGroup = false;
        skippingStandalone = false;
        startIfAllReached();
    }

    private void reached(long domain) {
        pending.remove(domain);
        startIfAllReached();
    }

    private void startIfAllReached() {
        if (pending.isEmpty() && !markerSent) {
            markerSent = true;
            markerDue = true;
        }
    }
}
