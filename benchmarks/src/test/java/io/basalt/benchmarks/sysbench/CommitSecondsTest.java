package io.basalt.benchmarks.sysbench;

import io.basalt.benchmarks.sysbench.LargeUpdateClient.Window;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class CommitSecondsTest {
    private static final List<Double> TPS = List.of(50.0, 100.0, 100.0, 100.0, 100.0, 80.0, 40.0, 100.0, 100.0, 100.0);

    @Test
    void theSecondAStatementReturnedInIsACommitSecondAndSecondsItOverlapsAreNotQuiet() {
        CommitSeconds s = CommitSeconds.of(TPS, List.of(new Window(5.01, 6.4)));
        assertThat(s.commit()).containsExactly(40.0);
        // second 0 (connecting) and seconds 5 and 6 (the statement ran) are not quiet
        assertThat(s.quiet()).containsExactly(100.0, 100.0, 100.0, 100.0, 100.0, 100.0, 100.0);
        assertThat(s.ratio()).isCloseTo(0.4, within(1e-9));
    }

    @Test
    void everyStatementContributesItsCommitSecond() {
        CommitSeconds s = CommitSeconds.of(TPS, List.of(new Window(2.0, 2.5), new Window(5.0, 5.9)));
        assertThat(s.commit()).containsExactly(100.0, 80.0);
        assertThat(s.quiet()).containsExactly(100.0, 100.0, 100.0, 40.0, 100.0, 100.0, 100.0);
        assertThat(s.ratio()).isCloseTo(90.0 / (640.0 / 7), within(1e-9));
    }

    @Test
    void noStatementLeavesNoRatio() {
        CommitSeconds s = CommitSeconds.of(TPS, List.of());
        assertThat(s.commit()).isEmpty();
        assertThat(s.quiet()).hasSize(9);
        assertThat(s.ratio()).isNaN();
    }
}
