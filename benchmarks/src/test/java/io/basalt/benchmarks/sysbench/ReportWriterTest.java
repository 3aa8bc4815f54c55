package io.basalt.benchmarks.sysbench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReportWriterTest {
    private static Report sample() {
        Report r = new Report("sysbench: Basalt vs MariaDB 10.11, scenario suite");
        r.header("load before the run: load average: 1.00, 2.00, 3.00");
        r.target(new Report.Target("oltp_insert at 32 threads: Basalt tps ≥ 1.0× MariaDB", "1.20×", true));
        r.target(new Report.Target("oltp_point_select at 32 threads: Basalt tps ≥ 0.7× MariaDB", "0.10×", false));
        r.table(new Report.Table("Ratios", List.of("workload", "tps ratio"),
                List.of(List.of("oltp_insert", "1.20× [1.10, 1.30]"), List.of("a|b", "x"))));
        r.chart(new Report.Chart("tps", "tps-t32.png"));
        r.note("causal is not implemented");
        return r;
    }

    @Test
    void rendersHeaderTargetsTablesChartsAndNotes() {
        String md = ReportWriter.render(sample());
        assertThat(md).startsWith("# sysbench: Basalt vs MariaDB 10.11, scenario suite\n\n- load before the run");
        assertThat(md).contains("""
                | target | measured | result |
                |---|---|---|
                | oltp_insert at 32 threads: Basalt tps ≥ 1.0× MariaDB | 1.20× | met |
                | oltp_point_select at 32 threads: Basalt tps ≥ 0.7× MariaDB | 0.10× | **missed** |
                """);
        assertThat(md).contains("## Ratios\n\n| workload | tps ratio |\n|---|---|\n| oltp_insert | 1.20× [1.10, 1.30] |\n");
        assertThat(md).contains("![tps](tps-t32.png)");
        assertThat(md).contains("## Notes\n\n- causal is not implemented\n");
        assertThat(md.indexOf("## Targets")).isLessThan(md.indexOf("## Ratios"));
    }

    @Test
    void escapesPipesInCells() {
        assertThat(ReportWriter.render(sample())).contains("| a\\|b | x |");
    }

    @Test
    void rejectsRowsOfTheWrongWidth() {
        Report r = new Report("t");
        r.table(new Report.Table("bad", List.of("a", "b"), List.of(List.of("only one"))));
        assertThatThrownBy(() -> ReportWriter.render(r)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void writesReportMd(@TempDir Path dir) throws Exception {
        Path file = ReportWriter.write(sample(), dir.resolve("2026-01-01-suite"));
        assertThat(file.getFileName().toString()).isEqualTo("report.md");
        assertThat(Files.readString(file)).isEqualTo(ReportWriter.render(sample()));
    }
}
