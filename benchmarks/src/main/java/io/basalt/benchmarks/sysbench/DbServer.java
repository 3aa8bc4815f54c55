package io.basalt.benchmarks.sysbench;

/** A server under test, listening on a loopback port with user root and an empty password. */
public interface DbServer extends AutoCloseable {
    String HOST = "127.0.0.1";

    /** Short name used in tables, charts and file names: {@code basalt} or {@code mariadb}. */
    String name();

    int port();

    /** The server's operating-system process, whose CPU time each run measures. */
    long pid();

    @Override
    void close();
}
