package io.basalt.server.status;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code /status} document: version, uptime, connections and commit counts, read from the meters every module
 * already registers (so this class depends on no module's internals), plus one section per {@link StatusSource}.
 * Thread-safe.
 */
public final class StatusReport {
    static final String COMMITS = "basalt.txn.commits";
    static final String ACTIVE_CONNECTIONS = "basalt.connections.active";
    static final String TOTAL_CONNECTIONS = "basalt.connections.total";

    private final MeterRegistry registry;
    private final String version;
    private final Instant startedAt;
    private final Map<String, StatusSource> sources;

    /**
     * @param version   the version the server reports to clients
     * @param startedAt when the process started serving (uptime counts from it)
     * @param sources   further sections by name, in the order given
     */
    public StatusReport(MeterRegistry registry, String version, Instant startedAt, Map<String, StatusSource> sources) {
        this.registry = registry;
        this.version = version;
        this.startedAt = startedAt;
        this.sources = new LinkedHashMap<>(sources);
    }

    /** A fresh snapshot; the map's iteration order is the document's field order. */
    public Map<String, Object> snapshot() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("version", version);
        doc.put("started_at", startedAt.toString());
        doc.put("uptime_seconds", Math.max(0, Duration.between(startedAt, Instant.now()).toSeconds()));
        Map<String, Object> connections = new LinkedHashMap<>();
        Gauge active = registry.find(ACTIVE_CONNECTIONS).gauge();
        Counter total = registry.find(TOTAL_CONNECTIONS).counter();
        connections.put("active", active == null ? 0L : (long) active.value());
        connections.put("total", total == null ? 0L : (long) total.count());
        doc.put("connections", connections);
        doc.put("commits", commits());
        sources.forEach((name, source) -> doc.put(name, source.status()));
        return doc;
    }

    /** Committed transactions by commit path ({@code 1pc}, {@code async}, {@code 2pc}) and their total. */
    private Map<String, Object> commits() {
        Map<String, Long> byPath = new TreeMap<>();
        long total = 0;
        for (Counter c : registry.find(COMMITS).counters()) {
            long n = (long) c.count();
            byPath.merge(c.getId().getTag("path"), n, Long::sum);
            total += n;
        }
        Map<String, Object> commits = new LinkedHashMap<>(byPath);
        commits.put("total", total);
        return commits;
    }
}
