package io.basalt.benchmarks.sysbench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SpreadAndRatiosTest {
    @Test
    void medianOfOddAndEvenCounts() {
        assertThat(Spread.of(List.of(3.0, 1.0, 2.0))).isEqualTo(new Spread(2.0, 1.0, 3.0, 3));
        assertThat(Spread.of(List.of(4.0, 1.0, 2.0, 3.0))).isEqualTo(new Spread(2.5, 1.0, 4.0, 4));
    }

    @Test
    void oneOutlierDoesNotMoveTheMedian() {
        assertThat(Spread.of(List.of(10.0, 11.0, 1000.0)).median()).isEqualTo(11.0);
    }

    @Test
    void formatsMedianWithRange() {
        assertThat(Spread.of(List.of(1.1, 1.31, 1.234)).format("%.2f")).isEqualTo("1.23 [1.10, 1.31]");
        assertThat(Spread.of(List.of(5.0)).format("%.1f")).isEqualTo("5.0");
    }

    @Test
    void unmeasuredFiguresAndTheirRatiosShowAsNotAvailable() {
        assertThat(Spread.of(List.of(Double.NaN, Double.NaN)).format("%.3f")).isEqualTo("n/a");
        assertThat(Ratios.paired(List.of(Double.NaN), List.of(2.0)).format("%.2f×")).isEqualTo("n/a");
    }

    @Test
    void ratiosArePairedByRepeat() {
        Spread r = Ratios.paired(List.of(200.0, 300.0, 100.0), List.of(100.0, 100.0, 100.0));
        assertThat(r).isEqualTo(new Spread(2.0, 1.0, 3.0, 3));
    }

    @Test
    void changeIsRelativeToTheBaseline() {
        Spread c = Ratios.pairedChangePercent(List.of(5.8, 6.0), List.of(10.0, 10.0));
        assertThat(c.median()).isCloseTo(-41.0, within(1e-9));
        assertThat(c.min()).isCloseTo(-42.0, within(1e-9));
        assertThat(c.max()).isCloseTo(-40.0, within(1e-9));
    }

    @Test
    void rejectsUnpairedOrEmptyInput() {
        assertThatThrownBy(() -> Ratios.paired(List.of(1.0), List.of(1.0, 2.0)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Spread.of(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void measurementsKeepRepeatsInOrder() {
        Measurements m = new Measurements();
        Measurements.Cell b = new Measurements.Cell("basalt", "oltp_insert", 32, "");
        Measurements.Cell d = new Measurements.Cell("mariadb", "oltp_insert", 32, "");
        m.add(b, result(100));
        m.add(d, result(50));
        m.add(b, result(90));
        m.add(d, result(90));
        assertThat(m.values(b, SysbenchResult::tps)).containsExactly(100.0, 90.0);
        assertThat(m.ratio(b, d, SysbenchResult::tps)).isEqualTo(new Spread(1.5, 1.0, 2.0, 2));
    }

    private static SysbenchResult result(double tps) {
        return new SysbenchResult(1000, tps, tps, 1, 2, 3, 0, List.of(), Double.NaN);
    }
}
