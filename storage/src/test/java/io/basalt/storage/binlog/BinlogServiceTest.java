package io.basalt.storage.binlog;

import static io.basalt.storage.binlog.BinlogTestSupport.config;
import static io.basalt.storage.binlog.BinlogTestSupport.indexLines;
import static io.basalt.storage.binlog.BinlogTestSupport.names;
import static io.basalt.storage.binlog.BinlogTestSupport.read;
import static io.basalt.storage.binlog.BinlogTestSupport.transactions;
import static io.basalt.storage.binlog.BinlogTestSupport.txn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.protocol.binlog.BinlogCheckpointEvent;
import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.EventFlags;
import io.basalt.protocol.binlog.FormatDescriptionEvent;
import io.basalt.protocol.binlog.Gtid;
import io.basalt.protocol.binlog.GtidEvent;
import io.basalt.protocol.binlog.GtidListEvent;
import io.basalt.protocol.binlog.QueryEvent;
import io.basalt.protocol.binlog.QueryStatusVars;
import io.basalt.protocol.binlog.RotateEvent;
import io.basalt.protocol.binlog.StopEvent;
import io.basalt.storage.binlog.BinlogTestSupport.Ev;
import io.basalt.storage.binlog.BinlogTestSupport.Txn;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.pipeline.DecidedTxn;
import io.basalt.storage.pipeline.SinkPosition;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The binlog files: header, groups, sync policy, rotation, purge, close and the disabled log. */
class BinlogServiceTest {
    @TempDir
    Path tmp;

    private BinlogService open(BinlogConfig c) {
        return BinlogService.open(c, new SimpleMeterRegistry());
    }

    @Test
    void newFileStartsWithHeaderEventsAndIsMarkedInUseUntilCleanClose() {
        BinlogConfig c = config(tmp);
        Path file;
        try (BinlogService s = open(c)) {
            assertThat(names(s)).containsExactly("basalt-bin.000001");
            assertThat(indexLines(c)).containsExactly("./basalt-bin.000001");
            file = c.dir().resolve("basalt-bin.000001");
            List<Ev> ev = read(file);
            assertThat(ev).hasSize(3);
            assertThat(ev.get(0).offset()).isEqualTo(4);
            assertThat(ev.get(0).body()).isInstanceOf(FormatDescriptionEvent.class);
            assertThat(((FormatDescriptionEvent) ev.get(0).body()).checksum()).isEqualTo(BinlogChecksum.CRC32);
            assertThat(((FormatDescriptionEvent) ev.get(0).body()).createTimestamp()).isPositive();
            assertThat(ev.get(0).header().flags() & EventFlags.BINLOG_IN_USE).isEqualTo(EventFlags.BINLOG_IN_USE);
            assertThat(ev.get(1).body()).isEqualTo(new GtidListEvent(List.of()));
            assertThat(ev.get(2).body()).isEqualTo(new BinlogCheckpointEvent("basalt-bin.000001"));
            assertThat(s.currentPosition()).isEqualTo(new BinlogPosition("basalt-bin.000001", ev.get(2).end()));
        }
        List<Ev> ev = read(file);
        assertThat(ev.get(0).header().flags() & EventFlags.BINLOG_IN_USE).isZero();
        assertThat(ev.get(ev.size() - 1).body()).isInstanceOf(StopEvent.class);
    }

    @Test
    void groupsGetConsecutiveSeqNosSharedCommitIdAndXidOfStartTs() {
        BinlogConfig c = config(tmp);
        try (BinlogService s = open(c)) {
            s.sink().deliver(List.of(txn(s, 10, 11), txn(s, 12, 13),
                    new DecidedTxn(14, 15, CommitPath.ONE_PC, null),
                    new DecidedTxn(16, 17, CommitPath.ONE_PC, new byte[0]), txn(s, 18, 19)));
            s.sink().deliver(List.of(txn(s, 20, 21)));
            List<Txn> t = transactions(c.dir(), names(s));
            assertThat(t).extracting(x -> x.gtid().seqNo()).containsExactly(1L, 2L, 3L, 4L);
            assertThat(t).extracting(x -> x.gtid().commitId()).containsExactly(1L, 1L, 1L, 0L);
            assertThat(t.get(0).gtid().hasCommitId()).isTrue();
            assertThat(t.get(3).gtid().hasCommitId()).isFalse();
            assertThat(t).extracting(Txn::xid).containsExactly(10L, 12L, 18L, 20L);
            assertThat(t).extracting(x -> x.commit().commitTs()).containsExactly(11L, 13L, 19L, 21L);
            assertThat(s.gtidBinlogPos()).isEqualTo("0-1-4");
            assertThat(s.metrics().commits()).isEqualTo(4);
            assertThat(s.metrics().groupCommits()).isEqualTo(2);
            assertThat(s.metrics().bytesWritten()).isPositive();
        }
    }

    @Test
    void logPositionsOfEveryEventAreTheirRealEndOffsets() {
        BinlogConfig c = config(tmp);
        try (BinlogService s = open(c)) {
            s.sink().deliver(List.of(txn(s, 10, 11), txn(s, 12, 13)));
            for (Ev e : read(c.dir().resolve(names(s).get(0)))) {
                assertThat(e.header().logPos()).isEqualTo(e.end());
            }
        }
    }

    @Test
    void fsyncsFollowSyncBinlog() {
        for (int every : new int[] {0, 1, 3}) {
            BinlogConfig c = config(tmp.resolve("s" + every)).withSyncBinlog(every);
            try (BinlogService s = open(c)) {
                long before = s.metrics().fsyncs();
                for (int i = 0; i < 6; i++) {
                    s.sink().deliver(List.of(txn(s, 10 + 2 * i, 11 + 2 * i)));
                }
                s.sink().deliver(List.of(new DecidedTxn(100, 101, CommitPath.ONE_PC, null)));
                assertThat(s.metrics().fsyncs() - before).as("sync_binlog=%d", every)
                        .isEqualTo(every == 0 ? 0 : 6 / every);
            }
        }
    }

    @Test
    void rotatesAtMaxSizeWithRotateEventAndIndexedNextFile() {
        BinlogConfig c = config(tmp).withMaxBinlogSize(4096);
        try (BinlogService s = open(c)) {
            for (int i = 0; i < 30; i++) {
                s.sink().deliver(List.of(txn(s, 10 + 2 * i, 11 + 2 * i)));
            }
            List<String> names = names(s);
            assertThat(names.size()).isGreaterThan(2);
            assertThat(indexLines(c)).containsExactlyElementsOf(names.stream().map(n -> "./" + n).toList());
            for (int i = 0; i < names.size() - 1; i++) {
                List<Ev> ev = read(c.dir().resolve(names.get(i)));
                assertThat(ev.get(ev.size() - 1).body()).isEqualTo(new RotateEvent(4, names.get(i + 1)));
                assertThat(ev.get(0).header().flags() & EventFlags.BINLOG_IN_USE).isZero();
                if (i > 0) {
                    assertThat(((FormatDescriptionEvent) ev.get(0).body()).createTimestamp()).isZero();
                }
            }
            List<Txn> t = transactions(c.dir(), names);
            assertThat(t).hasSize(30);
            assertThat(t).extracting(x -> x.gtid().seqNo())
                    .containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(1, 30).boxed().toList());
            List<Ev> second = read(c.dir().resolve(names.get(1)));
            long lastSeqOfFirst = transactions(c.dir(), List.of(names.get(0))).size();
            assertThat(((GtidListEvent) second.get(1).body()).gtids()).containsExactly(new Gtid(0, 1, lastSeqOfFirst));
        }
    }

    @Test
    void flushRotatesAndPurgeNeverTouchesTheActiveFile() throws Exception {
        BinlogConfig c = config(tmp);
        try (BinlogService s = open(c)) {
            s.sink().deliver(List.of(txn(s, 10, 11)));
            s.flush();
            s.sink().deliver(List.of(txn(s, 12, 13)));
            s.flush();
            s.flush();
            assertThat(names(s)).containsExactly("basalt-bin.000001", "basalt-bin.000002", "basalt-bin.000003",
                    "basalt-bin.000004");
            assertThatThrownBy(() -> s.purgeTo("basalt-bin.000009")).isInstanceOf(IllegalArgumentException.class);
            assertThat(s.purgeTo("basalt-bin.000002")).containsExactly("basalt-bin.000001");
            assertThat(Files.exists(c.dir().resolve("basalt-bin.000001"))).isFalse();
            assertThat(indexLines(c)).containsExactly("./basalt-bin.000002", "./basalt-bin.000003",
                    "./basalt-bin.000004");
            assertThat(s.purgeBefore(Instant.now().plusSeconds(60)))
                    .containsExactly("basalt-bin.000002", "basalt-bin.000003");
            assertThat(names(s)).containsExactly("basalt-bin.000004");
            assertThat(s.purgeTo("basalt-bin.000004")).isEmpty();
        }
        try (BinlogService s = open(c)) {
            assertThat(s.sink().durablePosition()).isEqualTo(new SinkPosition(13, 12));
            assertThat(names(s)).containsExactly("basalt-bin.000004", "basalt-bin.000005");
        }
    }

    @Test
    void expiredFilesArePurgedAtStartup() throws Exception {
        BinlogConfig c = config(tmp);
        try (BinlogService s = open(c)) {
            s.sink().deliver(List.of(txn(s, 10, 11)));
            s.flush();
        }
        FileTime old = FileTime.from(Instant.now().minusSeconds(7200));
        Files.setLastModifiedTime(c.dir().resolve("basalt-bin.000001"), old);
        try (BinlogService s = open(c.withExpireLogsSeconds(3600))) {
            assertThat(names(s)).containsExactly("basalt-bin.000002", "basalt-bin.000003");
        }
    }

    @Test
    void standaloneDdlGroupHasNoXid() {
        BinlogConfig c = config(tmp);
        try (BinlogService s = open(c)) {
            s.sink().deliver(List.of(txn(s, 10, 11)));
            QueryEvent q = new QueryEvent(1, 0, 0, "db", "CREATE TABLE t (id BIGINT PRIMARY KEY)",
                    QueryStatusVars.of(QueryStatusVars.DEFAULT_SQL_MODE, 45, 45, 45));
            assertThat(s.writeStandalone(q, 1_700_000_000L, 0)).isEqualTo(new Gtid(0, 1, 2));
            List<Ev> ev = read(c.dir().resolve(names(s).get(0)));
            Ev gtid = ev.get(ev.size() - 2);
            assertThat(((GtidEvent) gtid.body()).isStandalone()).isTrue();
            assertThat(ev.get(ev.size() - 1).body()).isInstanceOf(QueryEvent.class);
        }
    }

    @Test
    void durablePositionAndRecordedCommitTsSurviveACleanRestart() {
        BinlogConfig c = config(tmp);
        try (BinlogService s = open(c)) {
            assertThat(s.sink().durablePosition()).isEqualTo(SinkPosition.ZERO);
            s.sink().deliver(List.of(txn(s, 10, 15), txn(s, 12, 16)));
            s.flush();
            s.sink().deliver(List.of(txn(s, 20, 25)));
        }
        try (BinlogService s = open(c)) {
            assertThat(s.recoveredFromCrash()).isFalse();
            assertThat(s.sink().durablePosition()).isEqualTo(new SinkPosition(25, 20));
            assertThat(s.sink().recordedCommitTs(20)).isEqualTo(OptionalLong.of(25));
            assertThat(s.sink().recordedCommitTs(12)).isEqualTo(OptionalLong.of(16));
            assertThat(s.sink().recordedCommitTs(10)).isEqualTo(OptionalLong.of(15));
            assertThat(s.sink().recordedCommitTs(11)).isEmpty();
            assertThat(s.gtidBinlogPos()).isEqualTo("0-1-3");
            s.sink().deliver(List.of(txn(s, 30, 31)));
            List<Txn> t = transactions(c.dir(), names(s));
            assertThat(t).extracting(x -> x.gtid().seqNo()).containsExactly(1L, 2L, 3L, 4L);
            s.sink().recoveryFinished();
            assertThatThrownBy(() -> s.sink().recordedCommitTs(10)).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void durablePositionLooksBackPastFilesWithoutTransactions() {
        BinlogConfig c = config(tmp);
        try (BinlogService s = open(c)) {
            s.sink().deliver(List.of(txn(s, 10, 15)));
        }
        for (int i = 0; i < 3; i++) {
            open(c).close();
        }
        try (BinlogService s = open(c)) {
            assertThat(names(s)).hasSize(5);
            assertThat(s.sink().durablePosition()).isEqualTo(new SinkPosition(15, 10));
            assertThat(s.sink().recordedCommitTs(10)).isEqualTo(OptionalLong.of(15));
        }
    }

    @Test
    void disabledLogWritesNothingAndAcknowledges() {
        BinlogConfig c = config(tmp).withEnabled(false);
        try (BinlogService s = open(c)) {
            s.sink().deliver(List.of(new DecidedTxn(1, 2, CommitPath.ONE_PC, new byte[] {1, 2, 3})));
            assertThat(s.enabled()).isFalse();
            assertThat(s.files()).isEmpty();
            assertThat(s.sink().durablePosition()).isEqualTo(SinkPosition.ZERO);
            assertThat(s.gtidBinlogPos()).isEmpty();
            assertThatThrownBy(s::newCache).isInstanceOf(IllegalStateException.class);
        }
        assertThat(Files.exists(c.dir())).isFalse();
    }

    @Test
    void reconfigureChangesOnlyDynamicSettings() {
        BinlogConfig c = config(tmp);
        try (BinlogService s = open(c)) {
            s.reconfigure(c.withSyncBinlog(0).withMaxBinlogSize(1 << 20));
            long before = s.metrics().fsyncs();
            s.sink().deliver(List.of(txn(s, 10, 11)));
            assertThat(s.metrics().fsyncs()).isEqualTo(before);
            assertThatThrownBy(() -> s.reconfigure(c.withServer(7, 0))).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
