package io.basalt.benchmarks.sysbench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SysbenchOutputParserTest {
    // abridged from a real sysbench 1.0.20 oltp_update_index run with --report-interval=1 --percentile=99
    private static final String OUTPUT = """
            sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)

            Running the test with following options:
            Number of threads: 4
            Report intermediate results every 1 second(s)

            [ 1s ] thds: 4 tps: 190.84 qps: 190.84 (r/w/o: 0.00/190.84/0.00) lat (ms,99%): 38.94 err/s: 0.00 reconn/s: 0.00
            [ 2s ] thds: 4 tps: 221.03 qps: 221.03 (r/w/o: 0.00/221.03/0.00) lat (ms,99%): 27.66 err/s: 0.00 reconn/s: 0.00
            SQL statistics:
                queries performed:
                    read:                            0
                    write:                           612
                    other:                           0
                    total:                           612
                transactions:                        612    (203.62 per sec.)
                queries:                             612    (203.62 per sec.)
                ignored errors:                      3      (1.00 per sec.)
                reconnects:                          0      (0.00 per sec.)

            General statistics:
                total time:                          3.0041s
                total number of events:              612

            Latency (ms):
                     min:                                    3.21
                     avg:                                   19.61
                     max:                                   88.40
                     99th percentile:                       56.84
                     sum:                                12001.97

            Threads fairness:
                events (avg/stddev):           153.0000/2.12
                execution time (avg/stddev):   3.0005/0.00
            """;

    @Test
    void readsTheSummary() {
        SysbenchResult r = SysbenchOutputParser.parse(OUTPUT);
        assertThat(r.transactions()).isEqualTo(612);
        assertThat(r.tps()).isEqualTo(203.62);
        assertThat(r.qps()).isEqualTo(203.62);
        assertThat(r.errorsPerSec()).isEqualTo(1.00);
        assertThat(r.avgLatencyMs()).isEqualTo(19.61);
        assertThat(r.maxLatencyMs()).isEqualTo(88.40);
        assertThat(r.p99LatencyMs()).isEqualTo(56.84);
    }

    @Test
    void serverCpuPerTransactionIsUnknownUntilMeasured() {
        SysbenchResult r = SysbenchOutputParser.parse(OUTPUT);
        assertThat(r.serverCpuMsPerTransaction()).isNaN();
        assertThat(r.withServerCpuMs(306).serverCpuMsPerTransaction()).isEqualTo(0.5);
    }

    @Test
    void readsThePerSecondThroughput() {
        assertThat(SysbenchOutputParser.parse(OUTPUT).perSecondTps()).containsExactly(190.84, 221.03);
    }

    @Test
    void minDoesNotPassForMax() {
        // "min:" and "max:" lines both match a loose pattern; the parser must take the max line
        assertThat(SysbenchOutputParser.parse(OUTPUT).maxLatencyMs()).isNotEqualTo(3.21);
    }

    @Test
    void rejectsOutputWithoutSummary() {
        assertThatThrownBy(() -> SysbenchOutputParser.parse("FATAL: mysql_drv_connect() failed"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("transactions");
    }
}
