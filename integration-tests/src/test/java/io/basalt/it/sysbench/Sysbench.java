package io.basalt.it.sysbench;

import io.basalt.it.Binaries;
import io.basalt.it.ExternalCommand;
import io.basalt.it.SqlEndpoint;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs sysbench 1.0 (Debian package, MySQL driver) against a server with the stock command line: root with an empty
 * password, database sbtest, the default --db-ps-mode=auto and the default ignored errors (1213, 1020, 1205).
 */
final class Sysbench {
    static final String DATABASE = "sbtest";

    private final Path binary;
    private final SqlEndpoint server;
    private final Path logDir;

    Sysbench(Path binary, SqlEndpoint server, Path logDir) {
        this.binary = binary;
        this.server = server;
        this.logDir = logDir;
    }

    /** Drops and creates the sbtest database, so every run starts empty. */
    void recreateDatabase() throws SQLException {
        try (Connection c = server.mariadb("", ""); Statement st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS " + DATABASE);
            st.execute("CREATE DATABASE " + DATABASE);
        }
    }

    static Optional<Path> binary() {
        return Binaries.find("sysbench");
    }

    /**
     * Runs {@code sysbench <workload> ... <command>} and returns its parsed output.
     *
     * @param command prepare, run or cleanup
     */
    Outcome run(String workload, String command, Options options) {
        List<String> args = new ArrayList<>(List.of(binary.toString(), workload, "--db-driver=mysql",
                "--mysql-host=" + server.host(), "--mysql-port=" + server.port(), "--mysql-user=" + SqlEndpoint.USER,
                "--mysql-password=", "--mysql-db=" + DATABASE, "--tables=" + options.tables(),
                "--table-size=" + options.tableSize(), "--threads=" + options.threads(),
                "--time=" + options.seconds(), "--report-interval=0", "--rand-seed=" + options.seed()));
        args.add(command);
        Path log = logDir.resolve(workload + "-t" + options.threads() + "-" + command + ".log");
        Duration timeout = Duration.ofSeconds(options.seconds() + 300L);
        return Outcome.parse(ExternalCommand.run(args, null, timeout, log), log);
    }

    /**
     * @param tables    --tables
     * @param tableSize --table-size
     * @param threads   --threads
     * @param seconds   --time of the run command
     * @param seed      --rand-seed, so a run can be repeated
     */
    record Options(int tables, int tableSize, int threads, int seconds, long seed) {
    }

    /**
     * What one sysbench invocation printed.
     *
     * @param result        the process result
     * @param log           where the full output was written
     * @param transactions  "transactions:" of the run summary, if printed
     * @param tps           transactions per second, if printed
     * @param qps           queries per second, if printed
     * @param ignoredErrors "ignored errors:" of the run summary, if printed
     * @param reconnects    "reconnects:" of the run summary, if printed
     * @param p95Millis     95th percentile latency in ms, if printed
     */
    record Outcome(ExternalCommand.Result result, Path log, OptionalLong transactions, OptionalDouble tps,
                   OptionalDouble qps, OptionalLong ignoredErrors, OptionalLong reconnects, OptionalDouble p95Millis) {
        private static final Pattern TRANSACTIONS = Pattern.compile("transactions:\\s+(\\d+)\\s+\\(([\\d.]+) per sec");
        private static final Pattern QUERIES = Pattern.compile("queries:\\s+(\\d+)\\s+\\(([\\d.]+) per sec");
        private static final Pattern IGNORED = Pattern.compile("ignored errors:\\s+(\\d+)");
        private static final Pattern RECONNECTS = Pattern.compile("reconnects:\\s+(\\d+)");
        private static final Pattern P95 = Pattern.compile("95th percentile:\\s+([\\d.]+)");

        static Outcome parse(ExternalCommand.Result result, Path log) {
            String out = result.stdout();
            Matcher tx = TRANSACTIONS.matcher(out);
            Matcher q = QUERIES.matcher(out);
            boolean hasTx = tx.find();
            boolean hasQ = q.find();
            return new Outcome(result, log,
                    hasTx ? OptionalLong.of(Long.parseLong(tx.group(1))) : OptionalLong.empty(),
                    hasTx ? OptionalDouble.of(Double.parseDouble(tx.group(2))) : OptionalDouble.empty(),
                    hasQ ? OptionalDouble.of(Double.parseDouble(q.group(2))) : OptionalDouble.empty(),
                    longOf(IGNORED, out), longOf(RECONNECTS, out), doubleOf(P95, out));
        }

        private static OptionalLong longOf(Pattern p, String text) {
            Matcher m = p.matcher(text);
            return m.find() ? OptionalLong.of(Long.parseLong(m.group(1))) : OptionalLong.empty();
        }

        private static OptionalDouble doubleOf(Pattern p, String text) {
            Matcher m = p.matcher(text);
            return m.find() ? OptionalDouble.of(Double.parseDouble(m.group(1))) : OptionalDouble.empty();
        }

        /** Exit status 0 and no FATAL line: sysbench aborts on any error it does not ignore. */
        boolean succeeded() {
            return result.exitCode() == 0 && !result.stdout().contains("FATAL") && !result.stderr().contains("FATAL");
        }

        String describe() {
            return "sysbench " + (succeeded() ? "succeeded" : "FAILED") + ", full output in " + log + "\n"
                    + result.describe();
        }
    }
}
