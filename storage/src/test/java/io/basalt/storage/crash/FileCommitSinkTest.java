package io.basalt.storage.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.pipeline.DecidedTxn;
import io.basalt.storage.pipeline.SinkPosition;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The crash tests' stand-in binlog: durable records read back on open, a torn last line dropped. */
class FileCommitSinkTest {
    @TempDir
    Path dir;

    @Test
    void readsBackRecordsAndDropsATornLastLine() throws Exception {
        Path f = dir.resolve("binlog.txt");
        try (FileCommitSink s = FileCommitSink.open(f)) {
            assertThat(s.durablePosition()).isEqualTo(SinkPosition.ZERO);
            s.deliver(List.of(new DecidedTxn(10, 12, CommitPath.ONE_PC, "a".getBytes(StandardCharsets.US_ASCII)),
                    new DecidedTxn(11, 13, CommitPath.TWO_PC, new byte[0])));
        }
        Files.writeString(f, "14 12 ASYNC_CO", StandardOpenOption.APPEND); // killed mid-write
        try (FileCommitSink s = FileCommitSink.open(f)) {
            assertThat(s.records()).hasSize(2);
            assertThat(s.durablePosition()).isEqualTo(new SinkPosition(13, 11));
            assertThat(s.recordedCommitTs(10)).hasValue(12);
            assertThat(s.recordedCommitTs(12)).isEmpty();
            s.deliver(List.of(new DecidedTxn(12, 14, CommitPath.ASYNC_COMMIT, new byte[] {1, 2})));
        }
        List<DecidedTxn> all = FileCommitSink.read(f);
        assertThat(all).extracting(DecidedTxn::startTs).containsExactly(10L, 11L, 12L);
        assertThat(new String(all.get(0).payload(), StandardCharsets.US_ASCII)).isEqualTo("a");
        assertThat(all.get(2).payload()).containsExactly(1, 2);
    }
}
