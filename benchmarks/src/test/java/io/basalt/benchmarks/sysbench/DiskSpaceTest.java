package io.basalt.benchmarks.sysbench;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class DiskSpaceTest {
    private static final long GIB = 1L << 30;

    private static HarnessSettings largeTxn(int durationSeconds, int repeat, List<Integer> eventMib) {
        return new HarnessSettings("large-txn", false, new SysbenchOptions(4, 50000, durationSeconds), 30, 0,
                List.of(16), List.of("oltp_write_only"), repeat, 0, eventMib);
    }

    @Test
    void aRunStartsOnlyWithTheSpaceItNeeds() {
        assertThat(DiskSpace.shortfall("suite", Path.of("/tmp"), 5 * GIB, 5 * GIB)).isEmpty();
        assertThat(DiskSpace.shortfall("large-txn", Path.of("/tmp"), 3 * GIB, 20 * GIB)).hasValueSatisfying(m ->
                assertThat(m).contains("large-txn", "20.0 GiB", "3.0 GiB", "/tmp", "--event-mib"));
    }

    @Test
    void theLargeTransactionEstimateCoversTheMeasuredPeakAndGrowsWithTheRun() {
        LargeTransactionScenario scenario = new LargeTransactionScenario();
        long measuredSettings = scenario.diskBytesNeeded(largeTxn(30, 1, List.of(64, 128, 256, 512)));
        // the disk's use peaked 14.6 GiB above its start in that run
        assertThat(measuredSettings).isGreaterThan((long) (14.6 * GIB));
        assertThat(scenario.diskBytesNeeded(largeTxn(30, 2, List.of(64, 128, 256, 512))))
                .isGreaterThan(measuredSettings + 14 * GIB);
        assertThat(scenario.diskBytesNeeded(largeTxn(30, 1, List.of(64)))).isLessThan(4 * GIB);
    }

    @Test
    void aTablesOnlyScenarioNeedsRoomForItsRowsOnBothServers() {
        assertThat(DiskSpace.forTables(new SysbenchOptions(2, 10000, 10))).isLessThan(2 * GIB);
        // 4 million rows on two servers
        assertThat(DiskSpace.forTables(new SysbenchOptions(4, 1_000_000, 10))).isGreaterThan(16 * GIB);
    }
}
