package io.basalt.it.docker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import io.basalt.testcontainers.BasaltContainer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Basalt image started through {@link BasaltContainer}: first-start variables and init scripts, SQL through
 * MySQL Connector/J, the status endpoint, the health check, a clean stop on SIGTERM, and data kept in the volume
 * across containers. Skipped where no Docker engine or image is available (see {@link DockerPrerequisites}).
 */
@Tag("docker")
class BasaltContainerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeEach
    void requireDocker() {
        DockerPrerequisites.check();
    }

    private static Connection connect(BasaltContainer basalt) throws SQLException {
        return DriverManager.getConnection(basalt.getJdbcUrl(), basalt.getUsername(), basalt.getPassword());
    }

    private static List<String> column(Statement st, String query) throws SQLException {
        List<String> values = new ArrayList<>();
        try (ResultSet rs = st.executeQuery(query)) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        return values;
    }

    private static HttpResponse<String> get(BasaltContainer basalt, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(basalt.getStatusUrl() + path))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** docker stop (SIGTERM, then SIGKILL after 30 s) must end the server orderly, with exit status 0. */
    private static void stopCleanly(BasaltContainer basalt) {
        DockerClient docker = basalt.getDockerClient();
        docker.stopContainerCmd(basalt.getContainerId()).withTimeout(30).exec();
        InspectContainerResponse.ContainerState state = docker.inspectContainerCmd(basalt.getContainerId()).exec()
                .getState();
        assertThat(state.getExitCodeLong()).as("exit status after SIGTERM\n%s", basalt.getLogs()).isZero();
        assertThat(basalt.getLogs()).contains("shutdown complete");
    }

    private static void awaitHealthy(BasaltContainer basalt) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        String status = null;
        while (System.nanoTime() < deadline) {
            InspectContainerResponse.ContainerState state = basalt.getDockerClient()
                    .inspectContainerCmd(basalt.getContainerId()).exec().getState();
            status = state.getHealth() == null ? null : state.getHealth().getStatus();
            if ("healthy".equals(status)) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the image's HEALTHCHECK never reported healthy (last: " + status + ")");
    }

    @Test
    void servesSqlMetricsAndStatusAndStopsCleanly() throws Exception {
        try (BasaltContainer basalt = new BasaltContainer(DockerPrerequisites.IMAGE)
                .withDatabaseName("shop").withUsername("app").withPassword("s3cret'pw")
                .withInitScript("docker/seed.sql")) {
            basalt.start();
            assertThat(basalt.getContainerInfo().getConfig().getUser()).as("runs as non-root").isEqualTo("basalt");
            try (Connection c = connect(basalt); Statement st = c.createStatement()) {
                assertThat(column(st, "SELECT DATABASE()")).containsExactly("shop");
                assertThat(column(st, "SELECT name FROM seeded ORDER BY id"))
                        .containsExactly("one", "two; with a semicolon");

                st.execute("CREATE TABLE orders (id BIGINT AUTO_INCREMENT PRIMARY KEY, item VARCHAR(40), qty INT)");
                st.execute("CREATE INDEX orders_item ON orders (item)");
                assertThat(st.executeUpdate("INSERT INTO orders (item, qty) VALUES ('apple', 3), ('pear', 1)"))
                        .isEqualTo(2);
                c.setAutoCommit(false);
                st.executeUpdate("UPDATE orders SET qty = qty + 10 WHERE item = 'apple'");
                st.executeUpdate("INSERT INTO orders (item, qty) VALUES ('plum', 7)");
                c.commit();
                st.executeUpdate("DELETE FROM orders WHERE item = 'pear'");
                c.rollback();
                c.setAutoCommit(true);
                assertThat(column(st, "SELECT CONCAT(item, '=', qty) FROM orders ORDER BY id"))
                        .containsExactly("apple=13", "pear=1", "plum=7");
                assertThat(column(st, "SELECT SUM(qty) FROM orders WHERE item IN ('apple', 'plum')"))
                        .containsExactly("20");
            }
            try (Connection root = DriverManager.getConnection(basalt.getJdbcUrl(), "root", "s3cret'pw")) {
                assertThat(root.isValid(5)).isTrue();
            }
            assertThatThrownBy(() -> DriverManager.getConnection(basalt.getJdbcUrl(), "app", "wrong"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("Access denied");

            HttpResponse<String> metrics = get(basalt, "/metrics");
            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.body()).contains("basalt_txn_commits_total{path=\"1pc\"}")
                    .contains("basalt_connections_total").contains("basalt_statement_latency_seconds_count");
            JsonNode status = JSON.readTree(get(basalt, "/status").body());
            assertThat(status.get("version").asText()).contains("Basalt");
            assertThat(status.get("commits").get("total").asLong()).isPositive();
            assertThat(status.get("connections").get("total").asLong()).isGreaterThanOrEqualTo(2);
            assertThat(get(basalt, "/health").statusCode()).isEqualTo(200);
            awaitHealthy(basalt);

            stopCleanly(basalt);
        }
    }

    @Test
    void dataSurvivesANewContainerOnTheSameVolume() throws Exception {
        String volume = "basalt-it-" + UUID.randomUUID();
        try {
            try (BasaltContainer first = new BasaltContainer(DockerPrerequisites.IMAGE).withDataVolume(volume)) {
                first.start();
                try (Connection c = connect(first); Statement st = c.createStatement()) {
                    st.execute("CREATE TABLE kept (id INT PRIMARY KEY, v VARCHAR(10))");
                    st.executeUpdate("INSERT INTO kept VALUES (1, 'before'), (2, 'restart')");
                }
                stopCleanly(first);
            }
            // other settings on the second start are ignored: the volume's configuration wins, as in MySQL's image
            try (BasaltContainer second = new BasaltContainer(DockerPrerequisites.IMAGE).withDataVolume(volume)
                    .withInitScript("docker/seed.sql")) {
                second.start();
                assertThat(second.getLogs()).doesNotContain("first start");
                try (Connection c = connect(second); Statement st = c.createStatement()) {
                    assertThat(column(st, "SELECT v FROM kept ORDER BY id")).containsExactly("before", "restart");
                    assertThat(column(st, "SHOW TABLES")).containsExactly("kept");
                }
                stopCleanly(second);
            }
        } finally {
            DockerClientFactory.instance().client().removeVolumeCmd(volume).exec();
        }
    }
}
