package io.basalt.storage.binlog;

import static io.basalt.storage.binlog.BinlogTestSupport.config;
import static io.basalt.storage.binlog.BinlogTestSupport.names;
import static io.basalt.storage.binlog.BinlogTestSupport.read;
import static io.basalt.storage.binlog.BinlogTestSupport.txn;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.protocol.binlog.BinlogEventType;
import io.basalt.protocol.binlog.Gtid;
import io.basalt.storage.binlog.BinlogTestSupport.Ev;
import io.basalt.storage.pipeline.SinkPosition;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** BINLOG_GTID_POS(file, offset), the Gtid_list of a file, and RESET MASTER. */
class BinlogResetAndGtidPositionTest {
    @TempDir
    Path tmp;

    private BinlogService open(BinlogConfig c) {
        return BinlogService.open(c, new SimpleMeterRegistry());
    }

    /** Start offsets of the GTID events of {@code file}. */
    private static List<Long> gtidOffsets(Path file) {
        return read(file).stream().filter(e -> e.typeCode() == BinlogEventType.GTID.code()).map(Ev::offset).toList();
    }

    @Test
    void gtidPositionAtAnEventBoundaryIsTheFilesListAdvancedByTheGtidsBeforeIt() {
        BinlogConfig c = config(tmp);
        try (BinlogService s = open(c)) {
            s.sink().deliver(List.of(txn(s, 10, 11), txn(s, 12, 13)));
            s.sink().deliver(List.of(txn(s, 14, 15)));
            Path file = c.dir().resolve("basalt-bin.000001");
            List<Long> gtids = gtidOffsets(file);
            assertThat(gtids).hasSize(3);
            assertThat(s.gtidPositionAt("basalt-bin.000001", 4)).isEmpty();
            assertThat(s.gtidPositionAt("basalt-bin.000001", gtids.get(0))).isEmpty();
            assertThat(s.gtidPositionAt("basalt-bin.000001", gtids.get(1))).isEqualTo("0-1-1");
            assertThat(s.gtidPositionAt("basalt-bin.000001", gtids.get(2))).isEqualTo("0-1-2");
            long end = s.currentPosition().position();
            assertThat(s.gtidPositionAt("basalt-bin.000001", end)).isEqualTo("0-1-3");
            assertThat(s.gtidPositionAt("basalt-bin.000001", gtids.get(1) + 1)).as("inside an event").isNull();
            assertThat(s.gtidPositionAt("basalt-bin.000001", end + 100)).as("past the end").isNull();
            assertThat(s.gtidPositionAt("basalt-bin.000001", 3)).isNull();
            assertThat(s.gtidPositionAt("basalt-bin.000009", 4)).isNull();

            s.flush();
            assertThat(s.gtidListOf("basalt-bin.000002")).containsExactly(new Gtid(0, 1, 3));
            assertThat(s.gtidPositionAt("basalt-bin.000002", 4)).as("the state before the file")
                    .isEqualTo("0-1-3");
            assertThat(s.gtidListOf("basalt-bin.000001")).isEmpty();
        }
    }

    @Test
    void resetMasterStartsAnEmptyBinlogAndKeepsTheDurablePositionForRecovery() throws Exception {
        BinlogConfig c = config(tmp);
        try (BinlogService s = open(c)) {
            s.sink().deliver(List.of(txn(s, 10, 11)));
            s.flush();
            s.sink().deliver(List.of(txn(s, 12, 13)));
            assertThat(s.reset(1)).containsExactly("basalt-bin.000001", "basalt-bin.000002");
            assertThat(names(s)).containsExactly("basalt-bin.000001");
            assertThat(s.gtidBinlogPos()).isEmpty();
            assertThat(s.gtidListOf("basalt-bin.000001")).isEmpty();
            assertThat(gtidOffsets(c.dir().resolve("basalt-bin.000001"))).isEmpty();
            s.sink().deliver(List.of(txn(s, 14, 15)));
            assertThat(s.gtidBinlogPos()).as("numbering starts again").isEqualTo("0-1-1");

            assertThat(s.reset(7)).containsExactly("basalt-bin.000001");
            assertThat(names(s)).containsExactly("basalt-bin.000007");
            assertThat(Files.exists(c.dir().resolve("basalt-bin.000001"))).isFalse();
        }
        try (BinlogService again = open(c)) {
            assertThat(again.sink().durablePosition()).as("the reset files' last transaction is still known")
                    .isEqualTo(new SinkPosition(15, 14));
            assertThat(names(again)).containsExactly("basalt-bin.000007", "basalt-bin.000008");
        }
    }
}
