package io.basalt.server.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.basalt.server.metrics.ServerMetrics;
import io.basalt.storage.metrics.StorageMetrics;
import io.basalt.storage.pipeline.CommitPath;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The status endpoint on an ephemeral loopback port, over meters fed by the real metric classes. */
class StatusServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final AtomicBoolean healthy = new AtomicBoolean(true);
    private StatusServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private void start(Map<String, StatusSource> sources) throws IOException {
        ServerMetrics front = new ServerMetrics(registry);
        front.connectionOpened();
        front.connectionOpened();
        front.connectionClosed();
        StorageMetrics storage = new StorageMetrics(registry);
        storage.committed(CommitPath.ONE_PC, 1_000_000);
        storage.committed(CommitPath.ONE_PC, 2_000_000);
        storage.committed(CommitPath.ASYNC_COMMIT, 3_000_000);
        StatusReport report = new StatusReport(registry, "10.11.99-Basalt-MariaDB",
                Instant.now().minusSeconds(5), sources);
        server = StatusServer.start(new InetSocketAddress("127.0.0.1", 0), registry, report, healthy::get);
    }

    private HttpResponse<String> get(String path) throws Exception {
        return send(HttpRequest.newBuilder(uri(path)).GET());
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.address().getPort() + path);
    }

    @Test
    void metricsAreThePrometheusScrape() throws Exception {
        start(Map.of());
        HttpResponse<String> r = get("/metrics");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValue(StatusServer.PROMETHEUS_CONTENT_TYPE);
        assertThat(r.body())
                .contains("# TYPE basalt_txn_commits_total counter")
                .contains("basalt_txn_commits_total{path=\"1pc\"} 2.0")
                .contains("basalt_txn_commits_total{path=\"async\"} 1.0")
                .contains("basalt_connections_active 1.0")
                .contains("basalt_txn_commit_latency_seconds_bucket{path=\"1pc\"");
    }

    @Test
    void statusReportsVersionUptimeConnectionsAndCommits() throws Exception {
        start(Map.of());
        HttpResponse<String> r = get("/status");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json; charset=utf-8");
        JsonNode doc = JSON.readTree(r.body());
        assertThat(doc.get("version").asText()).isEqualTo("10.11.99-Basalt-MariaDB");
        assertThat(doc.get("uptime_seconds").asLong()).isBetween(5L, 60L);
        assertThat(Instant.parse(doc.get("started_at").asText())).isBefore(Instant.now());
        assertThat(doc.get("connections").get("active").asLong()).isEqualTo(1);
        assertThat(doc.get("connections").get("total").asLong()).isEqualTo(2);
        JsonNode commits = doc.get("commits");
        assertThat(commits.get("1pc").asLong()).isEqualTo(2);
        assertThat(commits.get("async").asLong()).isEqualTo(1);
        assertThat(commits.get("2pc").asLong()).isZero();
        assertThat(commits.get("total").asLong()).isEqualTo(3);
        assertThat(doc.has("binlog")).as("no binlog section without a binlog source").isFalse();
    }

    @Test
    void statusSourcesAddTheirSections() throws Exception {
        Map<String, StatusSource> sources = new LinkedHashMap<>();
        sources.put("binlog", () -> Map.of("file", "basalt-bin.000001", "position", 4));
        start(sources);
        JsonNode binlog = JSON.readTree(get("/status").body()).get("binlog");
        assertThat(binlog.get("file").asText()).isEqualTo("basalt-bin.000001");
        assertThat(binlog.get("position").asLong()).isEqualTo(4);
    }

    @Test
    void failingSourceAnswers500AndTheEndpointStaysUp() throws Exception {
        start(Map.of("broken", () -> {
            throw new IllegalStateException("boom");
        }));
        HttpResponse<String> r = get("/status");
        assertThat(r.statusCode()).isEqualTo(500);
        assertThat(r.body()).contains("boom");
        assertThat(get("/health").statusCode()).isEqualTo(200);
    }

    @Test
    void healthFollowsTheServerState() throws Exception {
        start(Map.of());
        HttpResponse<String> up = get("/health");
        assertThat(up.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(up.body()).get("status").asText()).isEqualTo("UP");
        healthy.set(false);
        HttpResponse<String> down = get("/health");
        assertThat(down.statusCode()).isEqualTo(503);
        assertThat(JSON.readTree(down.body()).get("status").asText()).isEqualTo("DOWN");
    }

    @Test
    void unknownPathsAre404AndOtherMethods405() throws Exception {
        start(Map.of());
        assertThat(get("/").statusCode()).isEqualTo(404);
        assertThat(get("/metrics/extra").statusCode()).isEqualTo(404);
        assertThat(get("/nope").body()).contains("/metrics");
        HttpResponse<String> post = send(HttpRequest.newBuilder(uri("/metrics"))
                .POST(HttpRequest.BodyPublishers.ofString("x")));
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(post.headers().firstValue("Allow")).hasValue("GET, HEAD");
        HttpResponse<String> head = send(HttpRequest.newBuilder(uri("/health"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()));
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.body()).isEmpty();
    }

    @Test
    void closeStopsListening() throws Exception {
        start(Map.of());
        URI health = uri("/health");
        server.close();
        server.close();
        assertThatThrownBy(() -> send(HttpRequest.newBuilder(health).GET())).isInstanceOf(ConnectException.class);
    }
}
