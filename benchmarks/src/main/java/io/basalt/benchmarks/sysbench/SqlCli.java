package io.basalt.benchmarks.sysbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Statements through the {@code mariadb} command-line client, which the harness needs anyway next to sysbench. */
final class SqlCli {
    private SqlCli() {
    }

    /** Runs the statements and returns the tab-separated output without column names. */
    static String execute(DbServer server, String sql) {
        try {
            Process p = new ProcessBuilder("mariadb", "-h" + DbServer.HOST, "-P" + server.port(), "-uroot",
                    "--skip-ssl", "-N", "-B", "-e", sql).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException(server.name() + " rejected '" + sql + "': " + out);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** A numeric {@code SHOW GLOBAL STATUS} value, or -1 when the server does not have it. */
    static long globalStatus(DbServer server, String name) {
        String out = execute(server, "SHOW GLOBAL STATUS LIKE '" + name + "'").trim();
        List<String> fields = List.of(out.split("\t"));
        return fields.size() == 2 ? Long.parseLong(fields.get(1).trim()) : -1;
    }
}
