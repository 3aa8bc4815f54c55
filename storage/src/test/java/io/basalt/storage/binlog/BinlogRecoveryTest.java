package io.basalt.storage.binlog;

import static io.basalt.storage.binlog.BinlogTestSupport.config;
import static io.basalt.storage.binlog.BinlogTestSupport.indexLines;
import static io.basalt.storage.binlog.BinlogTestSupport.names;
import static io.basalt.storage.binlog.BinlogTestSupport.read;
import static io.basalt.storage.binlog.BinlogTestSupport.transactions;
import static io.basalt.storage.binlog.BinlogTestSupport.txn;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.protocol.binlog.EventFlags;
import io.basalt.protocol.binlog.GtidEvent;
import io.basalt.protocol.binlog.XidEvent;
import io.basalt.storage.binlog.BinlogTestSupport.Ev;
import io.basalt.storage.pipeline.SinkPosition;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recovery at open after a simulated crash: the first service is never closed (its files stay as a killed process
 * leaves them) and a second one opens the same directory.
 */
class BinlogRecoveryTest {
    @TempDir
    Path tmp;

    private BinlogService open(BinlogConfig c) {
        return BinlogService.open(c, new SimpleMeterRegistry());
    }

    /** Delivers three transactions and "crashes": returns the path of the file that holds them. */
    private Path crashAfterThreeTransactions(BinlogConfig c) {
        BinlogService s = open(c);
        s.sink().deliver(List.of(txn(s, 10, 11), txn(s, 12, 13)));
        s.sink().deliver(List.of(txn(s, 14, 15)));
        return c.dir().resolve(names(s).get(0));
    }

    private static boolean inUse(Path file) {
        return (read(file).get(0).header().flags() & EventFlags.BINLOG_IN_USE) != 0;
    }

    @Test
    void inUseFlagStaysSetAfterACrashAndRecoveryClearsIt() {
        BinlogConfig c = config(tmp);
        Path file = crashAfterThreeTransactions(c);
        assertThat(inUse(file)).isTrue();
        try (BinlogService s = open(c)) {
            assertThat(s.recoveredFromCrash()).isTrue();
            assertThat(inUse(file)).isFalse();
            assertThat(s.sink().durablePosition()).isEqualTo(new SinkPosition(15, 14));
            assertThat(s.sink().recordedCommitTs(12)).isEqualTo(OptionalLong.of(13));
            assertThat(s.gtidBinlogPos()).isEqualTo("0-1-3");
            assertThat(names(s)).containsExactly("basalt-bin.000001", "basalt-bin.000002");
        }
    }

    @Test
    void tornLastEventAndUnfinishedTransactionAreTruncated() throws Exception {
        BinlogConfig c = config(tmp);
        Path file = crashAfterThreeTransactions(c);
        byte[] all = Files.readAllBytes(file);
        List<Ev> ev = read(file);
        Ev lastGtid = ev.stream().filter(e -> e.body() instanceof GtidEvent).reduce((a, b) -> b).orElseThrow();
        Ev lastXid = ev.get(ev.size() - 1);
        assertThat(lastXid.body()).isInstanceOf(XidEvent.class);
        // the last transaction again, as a crash mid-write leaves it: whole events, then half of the next one
        byte[] tail = Arrays.copyOfRange(all, (int) lastGtid.offset(), (int) lastXid.offset() - 10);
        Files.write(file, tail, StandardOpenOption.APPEND);
        try (BinlogService s = open(c)) {
            assertThat(Files.size(file)).isEqualTo(all.length);
            assertThat(transactions(c.dir(), names(s))).extracting(BinlogTestSupport.Txn::xid)
                    .containsExactly(10L, 12L, 14L);
            assertThat(s.sink().durablePosition()).isEqualTo(new SinkPosition(15, 14));
            s.sink().deliver(List.of(txn(s, 16, 17)));
            assertThat(transactions(c.dir(), names(s))).extracting(t -> t.gtid().seqNo())
                    .containsExactly(1L, 2L, 3L, 4L);
        }
    }

    @Test
    void transactionWithoutXidIsCutEvenWhenItsEventsAreWhole() throws Exception {
        BinlogConfig c = config(tmp);
        Path file = crashAfterThreeTransactions(c);
        long size = Files.size(file);
        List<Ev> ev = read(file);
        Ev lastGtid = ev.stream().filter(e -> e.body() instanceof GtidEvent).reduce((a, b) -> b).orElseThrow();
        byte[] all = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOfRange(all, (int) lastGtid.offset(), (int) ev.get(ev.size() - 1).offset()),
                StandardOpenOption.APPEND);
        try (BinlogService s = open(c)) {
            assertThat(Files.size(file)).isEqualTo(size);
            assertThat(s.sink().recordedCommitTs(14)).isEqualTo(OptionalLong.of(15));
        }
    }

    @Test
    void garbageAfterTheLastEventIsTruncated() throws Exception {
        BinlogConfig c = config(tmp);
        Path file = crashAfterThreeTransactions(c);
        long size = Files.size(file);
        Files.write(file, new byte[100], StandardOpenOption.APPEND);
        try (BinlogService s = open(c)) {
            assertThat(Files.size(file)).isEqualTo(size);
            assertThat(s.sink().durablePosition()).isEqualTo(new SinkPosition(15, 14));
        }
    }

    @Test
    void recordedCommitTsScansOlderFilesOnlyWhileTheyCanHoldTheTransaction() {
        BinlogConfig c = config(tmp);
        try (BinlogService s = open(c)) {
            s.sink().deliver(List.of(txn(s, 10, 20)));
            s.flush();
            s.sink().deliver(List.of(txn(s, 30, 40)));
            s.flush();
            s.sink().deliver(List.of(txn(s, 50, 60)));
        }
        try (BinlogService s = open(c)) {
            assertThat(s.sink().recordedCommitTs(10)).isEqualTo(OptionalLong.of(20));
            assertThat(s.sink().recordedCommitTs(45)).isEmpty();
            assertThat(s.sink().recordedCommitTs(5)).isEmpty();
        }
    }

    @Test
    void unindexedFilesAreDeletedUnlessTheyCompleteTheSequence() throws Exception {
        BinlogConfig c = config(tmp);
        try (BinlogService s = open(c)) {
            s.sink().deliver(List.of(txn(s, 10, 11)));
            s.flush();
            s.sink().deliver(List.of(txn(s, 12, 13)));
        }
        // as if the crash came between a rename commit's rename and its index update
        BinlogIndex.load(c.indexFile()).rewrite(List.of("basalt-bin.000001"));
        Files.write(c.dir().resolve("basalt-bin.000007"), new byte[] {1, 2, 3});
        Files.write(c.dir().resolve("basalt-bin.000003"), new byte[] {(byte) 0xfe, 'b', 'i', 'n'});
        try (BinlogService s = open(c)) {
            assertThat(names(s)).containsExactly("basalt-bin.000001", "basalt-bin.000002", "basalt-bin.000003");
            assertThat(indexLines(c)).hasSize(3);
            assertThat(Files.size(c.dir().resolve("basalt-bin.000003"))).isGreaterThan(4);
            assertThat(Files.exists(c.dir().resolve("basalt-bin.000007"))).isFalse();
            assertThat(s.sink().durablePosition()).isEqualTo(new SinkPosition(13, 12));
        }
    }
}
