package io.basalt.server.metrics;

import io.basalt.protocol.constants.CommandType;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;

/**
 * The front end's meters: {@code basalt.connections.active} (gauge), {@code basalt.connections.total},
 * {@code basalt.connections.rejected}, {@code basalt.commands{command}}, {@code basalt.network.bytes{direction}} and
 * the statement admission's {@code basalt.statements.running} and {@code basalt.statements.queued} (gauges).
 * Also keeps the few counts COM_STATISTICS reports. Thread-safe; counters are registered once, up front, so the
 * hot path only increments.
 */
public final class ServerMetrics {
    private final MeterRegistry registry;
    private final AtomicInteger active = new AtomicInteger();
    private final AtomicLong questions = new AtomicLong();
    private final Counter total;
    private final Counter rejected;
    private final Counter bytesIn;
    private final Counter bytesOut;
    private final Map<CommandType, Counter> commands = new EnumMap<>(CommandType.class);
    private final Counter unknownCommands;
    private final long startedNanos = System.nanoTime();

    public ServerMetrics(MeterRegistry registry) {
        this.registry = registry;
        // Strong: Micrometer holds gauge state weakly, and a scrape must not read 0 once this owner is unreachable.
        Gauge.builder("basalt.connections.active", active, AtomicInteger::get).strongReference(true)
                .description("client connections open now").register(registry);
        total = Counter.builder("basalt.connections.total").description("client connections accepted")
                .register(registry);
        rejected = Counter.builder("basalt.connections.rejected")
                .description("connections refused because max_connections was reached").register(registry);
        bytesIn = Counter.builder("basalt.network.bytes").tag("direction", "in").baseUnit("bytes")
                .register(registry);
        bytesOut = Counter.builder("basalt.network.bytes").tag("direction", "out").baseUnit("bytes")
                .register(registry);
        for (CommandType type : CommandType.values()) {
            commands.put(type, commandCounter(registry, type.name().toLowerCase(Locale.ROOT)));
        }
        unknownCommands = commandCounter(registry, "unknown");
    }

    /** Gauges of the statement admission: statements running now, connections whose commands wait for a place. */
    public void statementAdmission(IntSupplier running, IntSupplier queued) {
        Gauge.builder("basalt.statements.running", running, IntSupplier::getAsInt).strongReference(true)
                .description("statements running now (those waiting for a lock, in SLEEP or for a client not counted)")
                .register(registry);
        Gauge.builder("basalt.statements.queued", queued, IntSupplier::getAsInt).strongReference(true)
                .description("connections whose next command waits because worker_threads statements are running")
                .register(registry);
    }

    private static Counter commandCounter(MeterRegistry registry, String name) {
        return Counter.builder("basalt.commands").tag("command", name).description("client commands received")
                .register(registry);
    }

    public void connectionOpened() {
        active.incrementAndGet();
        total.increment();
    }

    public void connectionClosed() {
        active.decrementAndGet();
    }

    public void connectionRejected() {
        rejected.increment();
    }

    /** @param type the command, or null for a command byte no command uses */
    public void command(CommandType type) {
        (type == null ? unknownCommands : commands.get(type)).increment();
        if (type != CommandType.COM_PING && type != CommandType.COM_STATISTICS && type != CommandType.COM_QUIT) {
            questions.incrementAndGet();
        }
    }

    public void bytesIn(long n) {
        bytesIn.increment(n);
    }

    public void bytesOut(long n) {
        bytesOut.increment(n);
    }

    public int activeConnections() {
        return active.get();
    }

    /** Commands other than ping, statistics and quit, as COM_STATISTICS' "Questions". */
    public long questions() {
        return questions.get();
    }

    public long uptimeSeconds() {
        return (System.nanoTime() - startedNanos) / 1_000_000_000L;
    }
}
