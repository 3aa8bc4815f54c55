package io.basalt.storage.binlog;

import static io.basalt.storage.binlog.BinlogTestSupport.config;
import static io.basalt.storage.binlog.BinlogTestSupport.fill;
import static io.basalt.storage.binlog.BinlogTestSupport.indexLines;
import static io.basalt.storage.binlog.BinlogTestSupport.names;
import static io.basalt.storage.binlog.BinlogTestSupport.read;
import static io.basalt.storage.binlog.BinlogTestSupport.transactions;
import static io.basalt.storage.binlog.BinlogTestSupport.txn;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.protocol.binlog.BinlogCheckpointEvent;
import io.basalt.protocol.binlog.FormatDescriptionEvent;
import io.basalt.protocol.binlog.GtidEvent;
import io.basalt.protocol.binlog.GtidListEvent;
import io.basalt.protocol.binlog.RotateEvent;
import io.basalt.protocol.binlog.XidEvent;
import io.basalt.storage.binlog.BinlogTestSupport.Ev;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.pipeline.DecidedTxn;
import io.basalt.storage.pipeline.SinkPosition;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MDEV-32014 commit by rotate: a large spilled cache becomes the next binlog file by rename. */
class RenameCommitTest {
    @TempDir
    Path tmp;

    private BinlogService open(BinlogConfig cfg) {
        return BinlogService.open(cfg, new SimpleMeterRegistry());
    }

    private static BinlogConfig renaming(Path tmp) {
        return config(tmp).withCache(4096, 64 * 1024);
    }

    private static byte[] large(BinlogCache cache) {
        for (int i = 0; i < 200; i++) {
            fill(cache, 5000 + i, 10);
        }
        return cache.payload();
    }

    @Test
    void largeCacheIsRenamedIntoTheNextFileBetweenItsGroupNeighbours() throws Exception {
        BinlogConfig cfg = renaming(tmp);
        Path renamed;
        long dataLength;
        try (BinlogService s = open(cfg)) {
            BinlogCache cache = s.newCache();
            byte[] big = large(cache);
            SpilledPayload d = SpilledPayload.decode(big);
            dataLength = d.dataLength();
            assertThat(dataLength).isGreaterThan(cfg.largeCommitThreshold());
            s.sink().deliver(List.of(txn(s, 10, 11), new DecidedTxn(12, 13, CommitPath.TWO_PC, big),
                    txn(s, 14, 15)));
            cache.reset();
            assertThat(names(s)).containsExactly("basalt-bin.000001", "basalt-bin.000002");
            assertThat(indexLines(cfg)).containsExactly("./basalt-bin.000001", "./basalt-bin.000002");
            assertThat(Files.exists(cfg.cacheDir().resolve(d.fileName()))).isFalse();
            assertThat(s.metrics().renameCommits()).isEqualTo(1);

            List<Ev> first = read(cfg.dir().resolve("basalt-bin.000001"));
            assertThat(first.get(first.size() - 1).body()).isEqualTo(new RotateEvent(4, "basalt-bin.000002"));

            renamed = cfg.dir().resolve("basalt-bin.000002");
            List<Ev> ev = read(renamed);
            assertThat(ev.get(0).body()).isInstanceOf(FormatDescriptionEvent.class);
            assertThat(ev.get(1).body()).isInstanceOf(GtidListEvent.class);
            assertThat(ev.get(2).body()).isEqualTo(new BinlogCheckpointEvent("basalt-bin.000002"));
            GtidEvent g = (GtidEvent) ev.get(3).body();
            assertThat(g.seqNo()).isEqualTo(2);
            assertThat(g.hasCommitId()).isFalse();
            assertThat(ev.get(3).end()).as("GTID fills the gap").isEqualTo(d.gap());
            assertThat(ev.get(4).offset()).isEqualTo(d.gap());
            assertThat(ev).allSatisfy(e -> assertThat(e.header().logPos()).isEqualTo(e.end()));

            List<BinlogTestSupport.Txn> t = transactions(cfg.dir(), names(s));
            assertThat(t).extracting(BinlogTestSupport.Txn::xid).containsExactly(10L, 12L, 14L);
            assertThat(t).extracting(x -> x.gtid().seqNo()).containsExactly(1L, 2L, 3L);
            assertThat(t).extracting(BinlogTestSupport.Txn::file).containsExactly("basalt-bin.000001",
                    "basalt-bin.000002", "basalt-bin.000002");
            assertThat(t.get(1).commit().commitTs()).isEqualTo(13);
            assertThat(ev.stream().filter(e -> e.body() instanceof XidEvent).count()).isEqualTo(2);
        }
        try (BinlogService s = open(cfg)) {
            assertThat(s.sink().durablePosition()).isEqualTo(new SinkPosition(15, 14));
            assertThat(s.sink().recordedCommitTs(12)).hasValue(13);
        }
        String[] out = BinlogTestSupport.mariadbBinlog(renamed);
        Assumptions.assumeTrue(out != null, "mariadb-binlog is not installed");
        System.out.println("mariadb-binlog on a rename-committed file:\n" + out[1]);
        assertThat(out[0]).isEqualTo("0");
        assertThat(out[1]).doesNotContainIgnoringCase("error").doesNotContainIgnoringCase("warning");
        assertThat(out[1]).contains("GTID 0-1-2").contains("Xid = 12").contains("Ignorable");
    }

    @Test
    void largeTransactionsInARowEachGetTheirOwnFile() {
        BinlogConfig cfg = renaming(tmp);
        try (BinlogService s = open(cfg)) {
            for (int i = 0; i < 3; i++) {
                BinlogCache cache = s.newCache();
                s.sink().deliver(List.of(new DecidedTxn(10 + 2 * i, 11 + 2 * i, CommitPath.ONE_PC, large(cache))));
                cache.reset();
            }
            assertThat(names(s)).hasSize(4);
            assertThat(transactions(cfg.dir(), names(s))).extracting(x -> x.gtid().seqNo())
                    .containsExactly(1L, 2L, 3L);
            assertThat(s.gtidBinlogPos()).isEqualTo("0-1-3");
        }
    }

    @Test
    void staleCacheFilesAreDeletedOnceStorageRecoveryIsOver() throws Exception {
        BinlogConfig cfg = renaming(tmp);
        Files.createDirectories(cfg.cacheDir());
        Path stale = Files.write(cfg.cacheDir().resolve("ML_123.cache"), new byte[8192]);
        Path other = Files.write(cfg.cacheDir().resolve("notes.txt"), new byte[1]);
        try (BinlogService s = open(cfg)) {
            assertThat(Files.exists(stale)).as("an outbox record may still name it").isTrue();
            s.sink().recoveryFinished();
            assertThat(Files.exists(stale)).isFalse();
            assertThat(Files.exists(other)).isTrue();
        }
        try (Stream<Path> st = Files.list(cfg.cacheDir())) {
            assertThat(st.toList()).containsExactly(other);
        }
    }

    @Test
    void sealedCacheOfAnUndeterminedCommitCanStillBeReplayedAfterRestart() {
        BinlogConfig cfg = renaming(tmp);
        byte[] big;
        try (BinlogService s = open(cfg)) {
            BinlogCache cache = s.newCache();
            big = large(cache);
            cache.abandon();
        }
        try (BinlogService s = open(cfg)) {
            s.sink().deliver(List.of(new DecidedTxn(12, 13, CommitPath.ASYNC_COMMIT, big)));
            s.sink().recoveryFinished();
            assertThat(transactions(cfg.dir(), names(s))).extracting(BinlogTestSupport.Txn::xid).containsExactly(12L);
            assertThat(s.metrics().renameCommits()).isEqualTo(1);
        }
    }
}
