package io.basalt.sql.sysvar;

import io.basalt.storage.metrics.StorageMetrics;
import io.basalt.storage.pipeline.CommitPath;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class StatusVariablesTest {

    @Test
    void countersGaugesAndCommitPaths() {
        StatusCounters counters = new StatusCounters();
        StorageMetrics metrics = new StorageMetrics(new SimpleMeterRegistry());
        metrics.committed(CommitPath.ONE_PC, 1000);
        metrics.committed(CommitPath.ONE_PC, 1000);
        metrics.committed(CommitPath.TWO_PC, 1000);
        StatusVariables status = new StatusVariables(counters, System.currentTimeMillis() - 5_000, () -> 3, () -> 1,
                metrics);

        counters.increment(StatusCounters.Counter.COM_SELECT);
        counters.add(StatusCounters.Counter.QUESTIONS, 7);
        counters.connectionOpened(4);
        counters.connectionOpened(2);

        assertThat(status.value("com_select")).contains("1");
        assertThat(status.value("Questions")).contains("7");
        assertThat(status.value("Connections")).contains("2");
        assertThat(status.value("Max_used_connections")).contains("4");
        assertThat(status.value("Threads_connected")).contains("3");
        assertThat(status.value("Threads_running")).contains("1");
        assertThat(Long.parseLong(status.value("Uptime").orElseThrow())).isBetween(4L, 60L);
        assertThat(status.value("Basalt_commits_1pc")).contains("2");
        assertThat(status.value("Basalt_commits_async")).contains("0");
        assertThat(status.value("Basalt_commits_2pc")).contains("1");
        assertThat(status.value("No_such")).isEmpty();
    }

    @Test
    void allIsSortedCaseInsensitively() {
        StatusVariables status = new StatusVariables(new StatusCounters(), 0, () -> 0, () -> 0, null);

        List<String> names = status.all().stream().map(StatusVariables.Entry::name).toList();

        assertThat(names).contains("Aborted_clients", "Com_commit", "Uptime").doesNotContain("Basalt_commits_1pc");
        assertThat(names).isSortedAccordingTo(String.CASE_INSENSITIVE_ORDER);
    }
}
