package io.basalt.benchmarks.sysbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The free disk a scenario needs for both servers' temporary data directories (tables, logs, binlogs), checked before
 * anything starts: a disk that fills mid-run makes Basalt refuse commits (error 1105) and MariaDB stall, and the run
 * is lost with its data directories.
 */
final class DiskSpace {
    /** Logs, redo, WAL and small binlogs of either server, whatever the scenario. */
    static final long BASE_BYTES = 1L << 30;
    /** Generous per sysbench row and server: the row, its index entries, MVCC versions and binlog events. */
    static final long BYTES_PER_ROW = 2048;

    private DiskSpace() {
    }

    /** What a scenario of sysbench tables alone needs on both servers. */
    static long forTables(SysbenchOptions sysbench) {
        return BASE_BYTES + 2L * sysbench.tables() * sysbench.tableSize() * BYTES_PER_ROW;
    }

    /** @return why the run cannot start, when {@code usable} is less than {@code needed} */
    static Optional<String> shortfall(String scenario, Path dir, long usable, long needed) {
        if (usable >= needed) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "not enough disk: scenario %s needs about %.1f GiB free in %s"
                        + " (the servers' data directories, logs and binlogs) and %.1f GiB are free; free space there,"
                        + " or make the run smaller (--duration, --repeat, --event-mib, --table-size)",
                scenario, gib(needed), dir, gib(usable)));
    }

    /** The usable space of the file system holding {@code dir}. */
    static long usable(Path dir) {
        try {
            return Files.getFileStore(dir).getUsableSpace();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the free space of " + dir, e);
        }
    }

    private static double gib(long bytes) {
        return bytes / (double) (1L << 30);
    }
}
