package io.basalt.storage.binlog;

import static io.basalt.storage.binlog.BinlogTestSupport.config;
import static io.basalt.storage.binlog.BinlogTestSupport.fill;
import static io.basalt.storage.binlog.BinlogTestSupport.names;
import static io.basalt.storage.binlog.BinlogTestSupport.read;
import static io.basalt.storage.binlog.BinlogTestSupport.transactions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.protocol.binlog.AnnotateRowsEvent;
import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.BinlogColumn;
import io.basalt.protocol.binlog.BinlogColumnType;
import io.basalt.protocol.binlog.BinlogEvent;
import io.basalt.protocol.binlog.BinlogEventReader;
import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.EventSerializer;
import io.basalt.protocol.binlog.RowsEvent;
import io.basalt.storage.binlog.BinlogTestSupport.Ev;
import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.concurrency.WouldBlockException;
import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.pipeline.DecidedTxn;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.buffer.Unpooled;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Session caches: in memory, spilled with the reserved gap, savepoints, lifecycle, the copy path. */
class BinlogCacheTest {
    @TempDir
    Path tmp;

    private BinlogService open(BinlogConfig c) {
        return BinlogService.open(c, new SimpleMeterRegistry());
    }

    private static List<BinlogEvent> events(byte[] bytes, long start) {
        BinlogEventReader r = BinlogEventReader.ofEvents(Unpooled.wrappedBuffer(bytes), start, BinlogChecksum.CRC32);
        List<BinlogEvent> out = new ArrayList<>();
        BinlogEvent e;
        while ((e = r.next()) != null) {
            out.add(e);
        }
        return out;
    }

    private static List<Path> cacheFiles(BinlogConfig c) throws Exception {
        try (Stream<Path> s = Files.list(c.cacheDir())) {
            return s.toList();
        }
    }

    @Test
    void smallTransactionStaysInMemoryPositionedFromZero() throws Exception {
        BinlogConfig c = config(tmp);
        try (BinlogService s = open(c); BinlogCache cache = s.newCache()) {
            assertThat(cache.payload()).isNull();
            fill(cache, 1, 3);
            byte[] p = cache.payload();
            assertThat(cache.spilled()).isFalse();
            List<BinlogEvent> ev = events(p, 0);
            assertThat(ev).extracting(e -> e.header().type()).containsExactly(BinlogEventType.ANNOTATE_ROWS,
                    BinlogEventType.TABLE_MAP, BinlogEventType.WRITE_ROWS_V1);
            assertThat(ev.get(0).header().logPos()).isEqualTo(ev.get(0).end());
            assertThat(cacheFiles(c)).isEmpty();
            assertThat(s.metrics().cacheUse()).isEqualTo(1);
            assertThat(s.metrics().cacheDiskUse()).isZero();
        }
    }

    @Test
    void serializedEventsAreCopiedAndRepositioned() {
        BinlogConfig c = config(tmp);
        try (BinlogService s = open(c); BinlogCache cache = s.newCache()) {
            fill(cache, 1, 1);
            byte[] foreign = EventSerializer.serialize(new AnnotateRowsEvent("x"), 1, 1, 0, 5000,
                    BinlogChecksum.CRC32);
            byte[] copy = foreign.clone();
            long at = cache.position();
            cache.append(foreign, 0, foreign.length);
            assertThat(foreign).isEqualTo(copy);
            List<BinlogEvent> ev = events(cache.payload(), 0);
            assertThat(ev.get(ev.size() - 1).offset()).isEqualTo(at);
            assertThat(ev.get(ev.size() - 1).header().logPos()).isEqualTo(at + foreign.length);
        }
    }

    /** A thread that must not wait (an event loop) never writes a cache file: the append is refused untouched. */
    @Test
    void anAppendThatWouldSpillIsRefusedInsideANoWaitScope() throws Exception {
        BinlogConfig c = config(tmp).withCache(4096, 1L << 30);
        try (BinlogService s = open(c); BinlogCache cache = s.newCache()) {
            fill(cache, 1, 1);
            long before = cache.position();
            try (NoWaitScope ignored = NoWaitScope.enter(100)) {
                assertThatThrownBy(() -> fill(cache, 2, 200)).isInstanceOf(WouldBlockException.class);
            }
            assertThat(cache.spilled()).isFalse();
            assertThat(cacheFiles(c)).isEmpty();
            cache.truncate(before);
            fill(cache, 2, 200);
            assertThat(cache.spilled()).as("outside the scope it spills").isTrue();
        }
    }

    @Test
    void largeTransactionSpillsBehindAnAlignedGap() throws Exception {
        BinlogConfig c = config(tmp).withCache(4096, 1L << 30);
        try (BinlogService s = open(c); BinlogCache cache = s.newCache()) {
            for (int i = 0; i < 20; i++) {
                fill(cache, i, 20);
            }
            assertThat(cache.spilled()).isTrue();
            byte[] p = cache.payload();
            SpilledPayload d = SpilledPayload.decode(p);
            assertThat(d.gap() % 4096).isZero();
            assertThat((long) d.gap()).isGreaterThanOrEqualTo(s.currentPosition().position() + 19 + 182 + 4);
            assertThat(d.dataLength()).isEqualTo(cache.position());
            Path f = c.cacheDir().resolve(d.fileName());
            assertThat(f.getFileName().toString()).startsWith("ML_");
            assertThat(Files.size(f)).isEqualTo(d.gap() + d.dataLength());
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
                BinlogEventReader r = BinlogEventReader.ofRange(ch, d.gap(), d.gap() + d.dataLength(),
                        BinlogChecksum.CRC32);
                BinlogEvent first = r.next();
                assertThat(first.offset()).isEqualTo(d.gap());
                assertThat(first.header().logPos()).isEqualTo(first.end());
                int n = 1;
                while (r.next() != null) {
                    n++;
                }
                assertThat(n).isEqualTo(60);
            }
            assertThat(s.metrics().cacheDiskUse()).isEqualTo(1);
            assertThatThrownBy(() -> fill(cache, 99, 1)).isInstanceOf(IllegalStateException.class);
            cache.abandon();
            assertThat(Files.exists(f)).as("kept for recovery").isTrue();
        }
    }

    @Test
    void aLargeEventSpillsAtItsFinalPositionAndTheCacheDoesNotKeepABufferAsLargeAsIt() throws Exception {
        BinlogConfig c = config(tmp).withCache(4096, 1L << 30);
        List<BinlogColumn> columns = List.of(BinlogColumn.integer("id", BinlogColumnType.LONGLONG, false, false),
                BinlogColumn.blob("b", 4, 63, true));
        byte[] value = new byte[3 << 20];
        Arrays.fill(value, (byte) 7);
        try (BinlogService s = open(c); BinlogCache cache = s.newCache()) {
            List<Object[]> rows = List.<Object[]>of(new Object[] {1L, value});
            cache.append(RowsEvent.write(17, RowsEvent.STMT_END_F, columns, rows), 1_700_000_000L, 0);
            assertThat(cache.spilled()).isTrue();
            assertThat(cache.retainedBytes()).as("buffers kept for the session's next transactions")
                    .isLessThan(1 << 20);
            SpilledPayload d = SpilledPayload.decode(cache.payload());
            try (FileChannel ch = FileChannel.open(c.cacheDir().resolve(d.fileName()), StandardOpenOption.READ)) {
                BinlogEvent e = BinlogEventReader.ofRange(ch, d.gap(), d.gap() + d.dataLength(), BinlogChecksum.CRC32)
                        .next();
                assertThat(e.offset()).isEqualTo(d.gap());
                assertThat(e.header().logPos()).isEqualTo(e.end()).isEqualTo(d.gap() + d.dataLength());
            }
        }
    }

    @Test
    void truncateDropsEventsInMemoryAndInTheSpillFile() throws Exception {
        BinlogConfig c = config(tmp).withCache(4096, 1L << 30);
        try (BinlogService s = open(c); BinlogCache cache = s.newCache()) {
            fill(cache, 1, 1);
            long mark = cache.position();
            fill(cache, 2, 1);
            cache.truncate(mark);
            assertThat(events(cache.payload(), 0)).hasSize(3);
            cache.reset();
            fill(cache, 1, 100);
            mark = cache.position();
            fill(cache, 2, 100);
            assertThat(cache.spilled()).isTrue();
            cache.truncate(mark);
            SpilledPayload d = SpilledPayload.decode(cache.payload());
            assertThat(d.dataLength()).isEqualTo(mark);
            Path f = c.cacheDir().resolve(d.fileName());
            assertThat(Files.size(f)).isEqualTo(d.gap() + mark);
            cache.reset();
            assertThat(Files.exists(f)).isFalse();
        }
    }

    @Test
    void spilledTransactionBelowThresholdIsCopiedIntoTheBinlog() throws Exception {
        BinlogConfig c = config(tmp).withCache(4096, 1L << 30);
        try (BinlogService s = open(c)) {
            byte[] small = BinlogTestSupport.payload(s, 1, 2);
            BinlogCache cache = s.newCache();
            for (int i = 0; i < 300; i++) {
                fill(cache, 1000 + i, 10);
            }
            byte[] big = cache.payload();
            long dataLength = SpilledPayload.decode(big).dataLength();
            s.sink().deliver(List.of(new DecidedTxn(10, 11, CommitPath.ONE_PC, small),
                    new DecidedTxn(12, 13, CommitPath.TWO_PC, big)));
            cache.reset();
            assertThat(cacheFiles(c)).isEmpty();
            assertThat(names(s)).hasSize(1);
            List<Ev> ev = read(c.dir().resolve(names(s).get(0)));
            assertThat(ev).allSatisfy(e -> assertThat(e.header().logPos()).isEqualTo(e.end()));
            assertThat(ev.stream().filter(e -> e.typeCode() == BinlogEventType.WRITE_ROWS_V1.code()).count())
                    .isEqualTo(301);
            assertThat(transactions(c.dir(), names(s))).extracting(t -> t.gtid().commitId()).containsExactly(1L, 1L);
            assertThat(s.metrics().bytesWritten()).isGreaterThan(dataLength);
        }
    }
}
