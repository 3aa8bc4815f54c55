package io.basalt.server;

import io.basalt.server.config.BasaltConfig;
import io.basalt.server.status.StatusReport;
import io.basalt.server.status.StatusServer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What {@code /metrics} of a real server (store, SQL layer, front end, as {@code Main} wires them) shows after a
 * small workload that touches every statement type, so that lazily registered meters are there too.
 *
 * @param samples  every sample name, e.g. {@code basalt_txn_commit_latency_seconds_bucket}
 * @param families every {@code # TYPE} family, e.g. {@code basalt_txn_commit_latency_seconds}
 */
record ScrapedMeters(Set<String> samples, Set<String> families) {

    static ScrapedMeters ofStartedServer(Path dir) throws Exception {
        BasaltConfig config = SmallServerConfig.in(dir.resolve("data"));
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (BasaltServer server = BasaltServer.start(config, registry, DefaultSqlLayer::open);
             StatusServer status = StatusServer.start(new InetSocketAddress("127.0.0.1", 0), registry,
                     new StatusReport(registry, config.server().version, Instant.now(), Map.of()),
                     server::isServing)) {
            try (Connection c = DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.address().getPort()
                    + "/?user=root&password="); Statement st = c.createStatement()) {
                st.execute("CREATE DATABASE m");
                st.execute("CREATE TABLE m.t (id INT PRIMARY KEY, v INT)");
                st.execute("INSERT INTO m.t VALUES (1, 1), (2, 2)");
                st.execute("UPDATE m.t SET v = 3 WHERE id = 1");
                st.execute("DELETE FROM m.t WHERE id = 2");
                st.executeQuery("SELECT * FROM m.t").close();
            }
            HttpClient http = HttpClient.newHttpClient();
            String body = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + status.address().getPort() + "/metrics")).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            return parse(body);
        }
    }

    static ScrapedMeters parse(String exposition) {
        Set<String> samples = new TreeSet<>();
        Set<String> families = new TreeSet<>();
        for (String line : exposition.split("\n")) {
            if (line.startsWith("# TYPE ")) {
                families.add(line.split(" ")[2]);
            } else if (!line.isBlank() && !line.startsWith("#")) {
                samples.add(line.split("[{ ]", 2)[0]);
            }
        }
        return new ScrapedMeters(samples, families);
    }
}
