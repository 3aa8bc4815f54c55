package io.basalt.server.replication;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.concurrent.atomic.AtomicInteger;

/** Meters of the binlog dump service. Thread-safe. */
final class ReplicationMetrics {
    private final AtomicInteger connections = new AtomicInteger();
    private final Counter events;
    private final Counter bytes;

    ReplicationMetrics(MeterRegistry registry) {
        // Strong: Micrometer holds gauge state weakly, and a scrape must not read 0 once this owner is unreachable.
        Gauge.builder("basalt.binlog.dump.connections", connections, AtomicInteger::get).strongReference(true)
                .description("binlog dump connections (replicas, CDC clients) streaming now").register(registry);
        events = Counter.builder("basalt.binlog.dump.events").description("events sent to dump connections")
                .register(registry);
        bytes = Counter.builder("basalt.binlog.dump.bytes").baseUnit("bytes")
                .description("event bytes sent to dump connections").register(registry);
    }

    void dumpStarted() {
        connections.incrementAndGet();
    }

    void dumpEnded() {
        connections.decrementAndGet();
    }

    int activeDumps() {
        return connections.get();
    }

    void eventSent(int size) {
        events.increment();
        bytes.increment(size);
    }
}
