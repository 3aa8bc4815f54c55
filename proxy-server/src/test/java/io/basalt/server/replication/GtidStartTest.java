package io.basalt.server.replication;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.EventSerializer;
import io.basalt.protocol.binlog.Gtid;
import io.basalt.protocol.binlog.GtidEvent;
import io.basalt.protocol.binlog.GtidListEvent;
import io.basalt.protocol.binlog.QueryEvent;
import io.basalt.protocol.binlog.QueryStatusVars;
import io.basalt.protocol.binlog.RawEvents;
import io.basalt.protocol.binlog.XidEvent;
import io.basalt.protocol.error.MySqlException;
import io.basalt.storage.binlog.TailedEvent;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** GTID positions, the choice of the start file and the skipping of groups a replica already has. */
class GtidStartTest {
    private static final BinlogChecksum CRC = BinlogChecksum.CRC32;

    @Test
    void parsesMariaDbGtidPositions() {
        assertThat(GtidPositionText.parse("")).isEmpty();
        assertThat(GtidPositionText.parse("0-1-57, 1-2-3")).containsExactly(new Gtid(0, 1, 57), new Gtid(1, 2, 3));
        assertThatThrownBy(() -> GtidPositionText.parse("0-1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> GtidPositionText.parse("0-1-2,0-1-3")).hasMessageContaining("twice");
        assertThatThrownBy(() -> GtidPositionText.parse("0-1--2")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> GtidPositionText.parse("0-1-2,")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> GtidPositionText.parse("4294967296-1-2")).hasMessageContaining("out of range");
    }

    @Test
    void startsInTheNewestFileWhoseGtidListTheReplicaHasReached() {
        Map<String, List<Gtid>> heads = Map.of(
                "b.1", List.of(),
                "b.2", List.of(new Gtid(0, 1, 10)),
                "b.3", List.of(new Gtid(0, 1, 20), new Gtid(1, 1, 5)));
        List<String> files = List.of("b.1", "b.2", "b.3");
        List<Gtid> state = List.of(new Gtid(0, 1, 30), new Gtid(1, 1, 9));
        assertThat(GtidStartLocator.locate(files, heads::get, List.of(new Gtid(0, 1, 25), new Gtid(1, 1, 5)), state))
                .isEqualTo("b.3");
        assertThat(GtidStartLocator.locate(files, heads::get, List.of(new Gtid(0, 1, 15)), state))
                .as("domain 1 is in b.3's list but not in the replica's position: it needs domain 1 from b.2")
                .isEqualTo("b.2");
        assertThat(GtidStartLocator.locate(files, heads::get, List.of(), state)).isEqualTo("b.1");
        assertThatThrownBy(() -> GtidStartLocator.locate(List.of("b.2", "b.3"), heads::get, List.of(), state))
                .isInstanceOf(MySqlException.class).hasMessageStartingWith("Could not find GTID state");
        assertThatThrownBy(() -> GtidStartLocator.locate(files, heads::get, List.of(new Gtid(0, 1, 31)), state))
                .hasMessageContaining("0-1-31, which is not in the master's binlog");
        assertThatThrownBy(() -> GtidStartLocator.locate(files, heads::get, List.of(new Gtid(7, 1, 1)), state))
                .hasMessageContaining("7-1-1, which is not in the master's binlog");
    }

    /** A stream: a file head listing {@code head}, then groups with the given seq_nos (a DDL for every odd one). */
    private static List<TailedEvent> stream(List<Gtid> head, long... seqs) {
        List<TailedEvent> events = new ArrayList<>();
        long[] pos = {4};
        add(events, pos, new GtidListEvent(head));
        for (long seq : seqs) {
            if (seq % 2 == 1) {
                add(events, pos, GtidEvent.ddl(seq, 0));
                add(events, pos, query("CREATE TABLE t" + seq + " (a INT)"));
            } else {
                add(events, pos, GtidEvent.transaction(seq, 0, 0));
                add(events, pos, query("BEGIN"));
                add(events, pos, new XidEvent(seq));
            }
        }
        return events;
    }

    private static QueryEvent query(String sql) {
        return new QueryEvent(1, 0, 0, "d", sql, QueryStatusVars.of(0, 33, 33, 33));
    }

    private static void add(List<TailedEvent> events, long[] pos, io.basalt.protocol.binlog.BinlogEventBody body) {
        byte[] bytes = EventSerializer.serialize(body, 1, 1, 0, pos[0], CRC);
        events.add(new TailedEvent("b.1", pos[0], bytes));
        pos[0] += bytes.length;
    }

    /** The seq_nos of the GTID events sent, with "M" where the marker (fake Gtid_list) goes. */
    private static List<String> run(GtidStartFilter filter, List<TailedEvent> events) {
        List<String> out = new ArrayList<>();
        for (TailedEvent e : events) {
            if (filter.accept(e, CRC) == GtidStartFilter.Verdict.SEND && e.typeCode() == 162) {
                out.add(String.valueOf(GtidEvent.decode(RawEvents.body(e.bytes(), CRC)).seqNo()));
            }
            if (filter.takeMarker()) {
                out.add("M");
            }
        }
        return out;
    }

    @Test
    void skipsWholeGroupsUpToTheStartGtidThenMarksTheStart() {
        GtidStartFilter f = new GtidStartFilter(List.of(new Gtid(0, 1, 3)), true);
        assertThat(f.beforeStart()).isTrue();
        assertThat(run(f, stream(List.of(), 1, 2, 3, 4, 5))).containsExactly("M", "4", "5");
        assertThat(f.beforeStart()).isFalse();
        assertThat(f.state()).containsExactly(new Gtid(0, 1, 5));
    }

    @Test
    void aStartGtidThatEndsTheFilesGtidListStartsAtTheFileHead() {
        GtidStartFilter f = new GtidStartFilter(List.of(new Gtid(0, 1, 7)), true);
        assertThat(run(f, stream(List.of(new Gtid(0, 1, 7)), 8, 9))).containsExactly("M", "8", "9");
    }

    @Test
    void aMissingStartGtidIsAnErrorInStrictModeAndOtherwiseStartsAtTheNextGroup() {
        List<TailedEvent> withHole = stream(List.of(), 1, 2, 4, 5);
        assertThatThrownBy(() -> run(new GtidStartFilter(List.of(new Gtid(0, 1, 3)), true), withHole))
                .isInstanceOf(MySqlException.class).hasMessageContaining("missing the GTID 0-1-3");
        assertThat(run(new GtidStartFilter(List.of(new Gtid(0, 1, 3)), false), withHole))
                .containsExactly("4", "M", "5");
    }

    @Test
    void anEmptyStartSendsEverythingWithoutMarker() {
        assertThat(run(new GtidStartFilter(List.of(), true), stream(List.of(), 1, 2))).containsExactly("1", "2");
    }
}
