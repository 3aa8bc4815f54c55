package io.basalt.it.sysbench;

import io.basalt.it.ReactorRoot;
import io.basalt.it.ServerUnderTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The sysbench matrix: every workload at 1 and 32 threads, 4 tables of 10,000 rows, prepare + run + cleanup,
 * each run {@code -Dbasalt.sysbench.time} seconds (default 5). Writes target/sysbench-matrix.md. Runs only with
 * {@code -Psysbench-matrix} (see README.md): it takes several minutes.
 */
@Tag("sysbench-matrix")
class SysbenchMatrixTest {
    private static final Logger LOG = LoggerFactory.getLogger(SysbenchMatrixTest.class);
    private static final List<String> WORKLOADS = List.of("oltp_point_select", "oltp_read_only", "oltp_read_write",
            "oltp_write_only", "oltp_update_index", "oltp_update_non_index", "oltp_insert", "oltp_delete",
            "select_random_points", "select_random_ranges", "bulk_insert");
    private static final List<Integer> THREADS = List.of(1, 32);
    private static final int TABLE_SIZE = 10_000;
    private static final ConcurrentLinkedQueue<Row> ROWS = new ConcurrentLinkedQueue<>();

    @RegisterExtension
    static final ServerUnderTest SERVER = ServerUnderTest.create();

    @TestFactory
    Stream<DynamicTest> everyWorkloadAtOneAnd32Threads() {
        Path binary = Sysbench.binary().orElse(null);
        assumeTrue(binary != null, "sysbench is not installed (apt-get install sysbench)");
        int seconds = Integer.getInteger("basalt.sysbench.time", 5);
        long seed = Long.getLong("basalt.sysbench.seed", System.currentTimeMillis() % 1_000_000);
        LOG.info("sysbench matrix: {} s per run, --rand-seed={}", seconds, seed);
        Sysbench sysbench = new Sysbench(binary, SERVER, ReactorRoot.targetDir().resolve("sysbench-matrix"));
        return WORKLOADS.stream().flatMap(workload -> THREADS.stream().map(threads -> DynamicTest.dynamicTest(
                workload + " --threads=" + threads, () -> cell(sysbench, workload, threads, seconds, seed))));
    }

    private static void cell(Sysbench sysbench, String workload, int threads, int seconds, long seed)
            throws Exception {
        // select_random_* assert --tables=1 in their prepare; every other workload uses the 4 tables
        int tables = workload.startsWith("select_random") ? 1 : 4;
        Sysbench.Options options = new Sysbench.Options(tables, TABLE_SIZE, threads, seconds, seed);
        sysbench.recreateDatabase();
        Sysbench.Outcome prepare = sysbench.run(workload, "prepare", options);
        Sysbench.Outcome run = prepare.succeeded() ? sysbench.run(workload, "run", options) : null;
        Sysbench.Outcome cleanup = sysbench.run(workload, "cleanup", options);
        ROWS.add(new Row(workload, threads, tables, prepare, run, cleanup));
        assertThat(prepare.succeeded()).as(prepare.describe()).isTrue();
        assertThat(run.succeeded()).as(run.describe()).isTrue();
        assertThat(run.reconnects()).as(run.describe()).hasValue(0);
        assertThat(cleanup.succeeded()).as(cleanup.describe()).isTrue();
        assertThat(SERVER.isAlive()).isTrue();
    }

    @AfterAll
    static void writeReport() throws IOException {
        if (ROWS.isEmpty()) {
            return;
        }
        StringBuilder md = new StringBuilder("# sysbench matrix against ").append(SERVER.name()).append("\n\n")
                .append("sysbench 1.0.20, table-size ").append(TABLE_SIZE)
                .append(", stock options (ignored errors 1213, 1020, 1205). Logs in target/sysbench-matrix/.\n\n")
                .append("| workload | threads | tables | prepare | run | cleanup | transactions | tps | qps | "
                        + "ignored errors | reconnects | p95 ms |\n")
                .append("|---|---:|---:|---|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : ROWS.stream().sorted((a, b) -> a.key().compareTo(b.key())).toList()) {
            md.append("| ").append(r.workload()).append(" | ").append(r.threads()).append(" | ").append(r.tables())
                    .append(" | ").append(status(r.prepare())).append(" | ").append(status(r.run()))
                    .append(" | ").append(status(r.cleanup()))
                    .append(" | ").append(r.run() == null ? "" : text(r.run().transactions()))
                    .append(" | ").append(r.run() == null ? "" : text(r.run().tps()))
                    .append(" | ").append(r.run() == null ? "" : text(r.run().qps()))
                    .append(" | ").append(r.run() == null ? "" : text(r.run().ignoredErrors()))
                    .append(" | ").append(r.run() == null ? "" : text(r.run().reconnects()))
                    .append(" | ").append(r.run() == null ? "" : text(r.run().p95Millis())).append(" |\n");
        }
        Path report = ReactorRoot.targetDir().resolve("sysbench-matrix.md");
        Files.writeString(report, md, StandardCharsets.UTF_8);
        LOG.info("sysbench matrix report: {}", report);
    }

    private static String status(Sysbench.Outcome o) {
        return o == null ? "skipped" : o.succeeded() ? "ok" : "FAILED (exit " + o.result().exitCode() + ")";
    }

    private static String text(OptionalLong v) {
        return v.isPresent() ? Long.toString(v.getAsLong()) : "";
    }

    private static String text(OptionalDouble v) {
        return v.isPresent() ? String.format(Locale.ROOT, "%.2f", v.getAsDouble()) : "";
    }

    private record Row(String workload, int threads, int tables, Sysbench.Outcome prepare, Sysbench.Outcome run,
                       Sysbench.Outcome cleanup) {
        String key() {
            return String.format(Locale.ROOT, "%02d-%03d", WORKLOADS.indexOf(workload), threads);
        }
    }
}
