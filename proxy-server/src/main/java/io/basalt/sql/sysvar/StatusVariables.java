package io.basalt.sql.sysvar;

import io.basalt.storage.metrics.StorageMetrics;
import io.basalt.storage.pipeline.CommitPath;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * The status variables of SHOW [GLOBAL] STATUS and information_schema.GLOBAL_STATUS: MySQL's counters
 * ({@link StatusCounters}), live gauges (Uptime, Threads_connected, Threads_running) and Basalt's commit-path counts
 * ({@code Basalt_commits_1pc|async|2pc}) read from the storage engine's metrics.
 *
 * <p>Basalt counts server-wide only: SHOW SESSION STATUS shows the same values as SHOW GLOBAL STATUS.
 * Thread-safe: every value is read when asked for.
 */
public final class StatusVariables {
    /** One status variable and its current value as text. */
    public record Entry(String name, String value) {
    }

    private final Map<String, LongSupplier> sources = new LinkedHashMap<>();
    private final StatusCounters counters;

    /**
     * @param startMillis      server start (epoch ms), for Uptime
     * @param threadsConnected open client connections
     * @param threadsRunning   connections executing a command now
     * @param storageMetrics   the storage engine's meters; null when there is no store (tests)
     */
    public StatusVariables(StatusCounters counters, long startMillis, IntSupplier threadsConnected,
                           IntSupplier threadsRunning, StorageMetrics storageMetrics) {
        this.counters = counters;
        for (StatusCounters.Counter c : StatusCounters.Counter.values()) {
            sources.put(c.statusName(), () -> counters.get(c));
        }
        sources.put("Max_used_connections", counters::maxUsedConnections);
        sources.put("Threads_connected", threadsConnected::getAsInt);
        sources.put("Threads_running", threadsRunning::getAsInt);
        LongSupplier uptime = () -> Math.max(0, (System.currentTimeMillis() - startMillis) / 1000);
        sources.put("Uptime", uptime);
        sources.put("Uptime_since_flush_status", uptime);
        if (storageMetrics != null) {
            sources.put("Basalt_commits_1pc", () -> (long) storageMetrics.commitCount(CommitPath.ONE_PC));
            sources.put("Basalt_commits_async", () -> (long) storageMetrics.commitCount(CommitPath.ASYNC_COMMIT));
            sources.put("Basalt_commits_2pc", () -> (long) storageMetrics.commitCount(CommitPath.TWO_PC));
        }
    }

    /**
     * Adds a live status variable of another component (the binlog's counters), listed like the others. Only while
     * the server starts, before any session reads the variables.
     */
    public void register(String name, LongSupplier source) {
        sources.put(name, source);
    }

    public StatusCounters counters() {
        return counters;
    }

    /** Every status variable with its current value, sorted by name case-insensitively (as SHOW STATUS lists). */
    public List<Entry> all() {
        List<Entry> entries = new ArrayList<>(sources.size());
        sources.forEach((name, source) -> entries.add(new Entry(name, Long.toString(source.getAsLong()))));
        entries.sort(Comparator.comparing(e -> e.name().toLowerCase(Locale.ROOT)));
        return entries;
    }

    /** The value of one status variable, matched case-insensitively. */
    public Optional<String> value(String name) {
        for (Map.Entry<String, LongSupplier> e : sources.entrySet()) {
            if (e.getKey().equalsIgnoreCase(name)) {
                return Optional.of(Long.toString(e.getValue().getAsLong()));
            }
        }
        return Optional.empty();
    }
}
