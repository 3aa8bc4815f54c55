package io.basalt.server.status;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;

/**
 * The HTTP status endpoint: {@code GET /metrics} (Prometheus text format 0.0.4 from the server's registry),
 * {@code GET /status} (the {@link StatusReport} as JSON) and {@code GET /health} (200 while the server accepts
 * clients, 503 otherwise). Anything else is 404, other methods 405. Served by the JDK's HTTP server on one thread of
 * its own, so a scrape never runs on the MySQL event loops or workers. Thread-safe; {@link #close} is idempotent.
 */
public final class StatusServer implements AutoCloseable {
    static final String PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    private static final String JSON = "application/json; charset=utf-8";
    private static final String TEXT = "text/plain; charset=utf-8";
    private static final Logger LOG = LoggerFactory.getLogger(StatusServer.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final HttpServer http;
    private final ExecutorService executor;
    private final PrometheusMeterRegistry registry;
    private final StatusReport report;
    private final BooleanSupplier healthy;

    private StatusServer(HttpServer http, ExecutorService executor, PrometheusMeterRegistry registry,
                         StatusReport report, BooleanSupplier healthy) {
        this.http = http;
        this.executor = executor;
        this.registry = registry;
        this.report = report;
        this.healthy = healthy;
    }

    /**
     * Binds {@code address} (port 0 picks a free one) and starts serving.
     *
     * @param healthy whether {@code /health} reports the server as up
     * @throws IOException when the address cannot be bound ({@link java.net.BindException})
     */
    public static StatusServer start(InetSocketAddress address, PrometheusMeterRegistry registry, StatusReport report,
                                     BooleanSupplier healthy) throws IOException {
        HttpServer http = HttpServer.create(address, 0);
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "basalt-status");
            t.setDaemon(true);
            return t;
        });
        StatusServer server = new StatusServer(http, executor, registry, report, healthy);
        http.createContext("/", server::handle);
        http.setExecutor(executor);
        http.start();
        LOG.info("status endpoint on http://{}:{}/ (metrics, status, health)", address.getHostString(),
                http.getAddress().getPort());
        return server;
    }

    /** The bound address (the picked port when started with port 0). */
    public InetSocketAddress address() {
        return http.getAddress();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Response response;
            try {
                response = respond(exchange.getRequestMethod(), exchange.getRequestURI().getPath());
            } catch (RuntimeException | JsonProcessingException e) {
                // a failing section must not take the endpoint down: the caller gets a 500, the log says why
                LOG.warn("status endpoint: {} failed", exchange.getRequestURI(), e);
                response = new Response(500, TEXT, "internal error: " + e + "\n");
            }
            send(exchange, response);
        }
    }

    private Response respond(String method, String path) throws JsonProcessingException {
        if (!"/metrics".equals(path) && !"/status".equals(path) && !"/health".equals(path)) {
            return new Response(404, TEXT, "not found: try /metrics, /status or /health\n");
        }
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            return new Response(405, TEXT, "method not allowed: use GET\n");
        }
        return switch (path) {
            case "/metrics" -> new Response(200, PROMETHEUS_CONTENT_TYPE, registry.scrape());
            case "/status" -> new Response(200, JSON, json(report.snapshot()));
            default -> {
                boolean up = healthy.getAsBoolean();
                yield new Response(up ? 200 : 503, JSON, json(Map.of("status", up ? "UP" : "DOWN")));
            }
        };
    }

    private static String json(Object document) throws JsonProcessingException {
        return MAPPER.writeValueAsString(document) + "\n";
    }

    private static void send(HttpExchange exchange, Response response) throws IOException {
        byte[] bytes = response.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", response.contentType());
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        if (response.status() == 405) {
            exchange.getResponseHeaders().set("Allow", "GET, HEAD");
        }
        boolean head = "HEAD".equals(exchange.getRequestMethod());
        exchange.sendResponseHeaders(response.status(), head ? -1 : bytes.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    private record Response(int status, String contentType, String body) {
    }

    /** Stops at once; scrapes are short and a caller retries. */
    @Override
    public void close() {
        if (executor.isShutdown()) {
            return;
        }
        http.stop(0);
        executor.shutdownNow();
    }
}
