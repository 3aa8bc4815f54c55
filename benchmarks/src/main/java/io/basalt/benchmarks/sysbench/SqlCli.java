package io.basalt.benchmarks.sysbench;

import java.util.List;

/** Statements through the {@code mariadb} command-line client, which the harness needs anyway next to sysbench. */
final class SqlCli {
    private SqlCli() {
    }

    /** Runs the statements and returns the tab-separated output without column names. */
    static String execute(DbServer server, String sql) {
        List<String> command = List.of("mariadb", "-h" + DbServer.HOST, "-P" + server.port(), "-uroot",
                "--skip-ssl", "-N", "-B", "-e", sql);
        return ExternalCommand.run(command, 120).orFail(server.name() + " running '" + sql + "'");
    }

    /** A numeric {@code SHOW GLOBAL STATUS} value, or -1 when the server does not have it. */
    static long globalStatus(DbServer server, String name) {
        String out = execute(server, "SHOW GLOBAL STATUS LIKE '" + name + "'").trim();
        List<String> fields = List.of(out.split("\t"));
        return fields.size() == 2 ? Long.parseLong(fields.get(1).trim()) : -1;
    }
}
