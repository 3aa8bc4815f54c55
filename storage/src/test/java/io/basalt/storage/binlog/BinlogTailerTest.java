package io.basalt.storage.binlog;

import static io.basalt.storage.binlog.BinlogTestSupport.config;
import static io.basalt.storage.binlog.BinlogTestSupport.txn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.protocol.binlog.BinlogEventType;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Dump-thread readers: published end only, waiting, following rotations and restarts. */
class BinlogTailerTest {
    @TempDir
    Path tmp;

    private static List<TailedEvent> drain(BinlogTailer t) throws InterruptedException {
        List<TailedEvent> out = new ArrayList<>();
        TailedEvent e;
        while ((e = t.next(0, TimeUnit.MILLISECONDS)) != null) {
            out.add(e);
        }
        return out;
    }

    @Test
    void readsUpToThePublishedEndAndFollowsRotation() throws Exception {
        BinlogConfig c = config(tmp);
        try (BinlogService s = BinlogService.open(c, new SimpleMeterRegistry());
             BinlogTailer t = s.openReader("basalt-bin.000001", 4)) {
            List<TailedEvent> header = drain(t);
            assertThat(header).extracting(TailedEvent::typeCode).containsExactly(
                    BinlogEventType.FORMAT_DESCRIPTION.code(), BinlogEventType.GTID_LIST.code(),
                    BinlogEventType.BINLOG_CHECKPOINT.code());
            assertThat(t.position()).isEqualTo(s.currentPosition().position());
            s.sink().deliver(List.of(txn(s, 10, 11)));
            List<TailedEvent> group = drain(t);
            assertThat(group.get(0).typeCode()).isEqualTo(BinlogEventType.GTID.code());
            assertThat(group.get(group.size() - 1).typeCode()).isEqualTo(BinlogEventType.XID.code());
            assertThat(group.get(group.size() - 2).typeCode()).isEqualTo(BinlogEventType.IGNORABLE.code());
            s.flush();
            List<TailedEvent> rotated = drain(t);
            assertThat(rotated.get(0).typeCode()).isEqualTo(BinlogEventType.ROTATE.code());
            assertThat(rotated.get(1).file()).isEqualTo("basalt-bin.000002");
            assertThat(rotated.get(1).position()).isEqualTo(4);
            assertThat(t.file()).isEqualTo("basalt-bin.000002");
        }
    }

    @Test
    void waitsForTheNextGroup() throws Exception {
        BinlogConfig c = config(tmp);
        try (BinlogService s = BinlogService.open(c, new SimpleMeterRegistry())) {
            BinlogTailer t = s.openReader("basalt-bin.000001", s.currentPosition().position());
            assertThat(t.next(1, TimeUnit.MILLISECONDS)).isNull();
            CompletableFuture<TailedEvent> next = CompletableFuture.supplyAsync(() -> {
                try {
                    return t.next(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            s.sink().deliver(List.of(txn(s, 10, 11)));
            assertThat(next.get(60, TimeUnit.SECONDS).typeCode()).isEqualTo(BinlogEventType.GTID.code());
            t.close();
        }
    }

    @Test
    void continuesIntoTheFileOpenedByTheNextStart() throws Exception {
        BinlogConfig c = config(tmp);
        try (BinlogService s = BinlogService.open(c, new SimpleMeterRegistry())) {
            s.sink().deliver(List.of(txn(s, 10, 11)));
        }
        try (BinlogService s = BinlogService.open(c, new SimpleMeterRegistry());
             BinlogTailer t = s.openReader("basalt-bin.000001", 0)) {
            List<TailedEvent> all = drain(t);
            assertThat(all).anyMatch(e -> e.typeCode() == BinlogEventType.STOP.code());
            assertThat(all.get(all.size() - 1).file()).isEqualTo("basalt-bin.000002");
            assertThatThrownBy(() -> s.openReader("basalt-bin.000009", 4))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
