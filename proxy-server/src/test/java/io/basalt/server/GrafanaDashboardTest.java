package io.basalt.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * config/grafana-*.json: valid dashboards whose every query names only meters a started server exports, so a
 * renamed or removed meter breaks this test instead of a panel.
 */
class GrafanaDashboardTest {
    private static final Path CONFIG = Path.of("../config");
    private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\(\\s*([a-zA-Z_:][\\w:]*)");

    @TempDir
    Path dir;

    private static List<Path> dashboards() throws IOException {
        try (var files = Files.list(CONFIG)) {
            return files.filter(f -> f.getFileName().toString().matches("grafana-.*\\.json")).sorted().toList();
        }
    }

    private static void collectExprs(JsonNode node, List<String> out) {
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> {
                if (e.getKey().equals("expr") && e.getValue().isTextual()) {
                    out.add(e.getValue().asText());
                } else {
                    collectExprs(e.getValue(), out);
                }
            });
        } else if (node.isArray()) {
            node.forEach(child -> collectExprs(child, out));
        }
    }

    @Test
    void everyQueryNamesMetersTheServerExports() throws Exception {
        List<Path> dashboards = dashboards();
        assertThat(dashboards).as("dashboards in config/").isNotEmpty();
        Set<String> exported = ScrapedMeters.ofStartedServer(dir).samples();
        ObjectMapper mapper = new ObjectMapper();
        for (Path file : dashboards) {
            JsonNode dashboard = mapper.readTree(file.toFile());
            assertThat(dashboard.path("uid").asText()).as("%s uid", file).isNotEmpty();
            List<String> exprs = new ArrayList<>();
            collectExprs(dashboard.path("panels"), exprs);
            assertThat(exprs).as("%s queries", file).hasSizeGreaterThan(10);
            Set<String> used = new TreeSet<>();
            for (String expr : exprs) {
                Set<String> names = PromQlMetricNames.of(expr);
                assertThat(names).as("%s: metrics of %s", file, expr).isNotEmpty();
                assertThat(exported).as("%s: %s names a meter the server does not export", file, expr)
                        .containsAll(names);
                used.addAll(names);
            }
            for (JsonNode variable : dashboard.path("templating").path("list")) {
                Matcher m = LABEL_VALUES.matcher(variable.path("definition").asText());
                if (m.find()) {
                    assertThat(exported).as("%s: variable %s", file, variable.path("name").asText())
                            .contains(m.group(1));
                }
            }
            assertThat(used).as("%s covers the commit pipeline", file).contains("basalt_txn_commits_total",
                    "basalt_txn_commit_latency_seconds_bucket", "basalt_txn_commit_fallbacks_total",
                    "basalt_commit_pipeline_groups_total", "basalt_commit_pipeline_deliver_seconds_bucket");
        }
    }

    @Test
    void theNameExtractionCatchesAnUnknownMeter() {
        assertThat(PromQlMetricNames.of("histogram_quantile(0.99, sum by (le, path) "
                + "(rate(basalt_txn_commit_latency_seconds_bucket{job=~\"$job\", path!=\"x\"}[$__rate_interval])))"))
                .containsExactly("basalt_txn_commit_latency_seconds_bucket");
        assertThat(PromQlMetricNames.of("sum(rate(a_total[5m])) / ignoring(path) group_left sum(b) > 0 and on() c"))
                .containsExactlyInAnyOrder("a_total", "b", "c");
        assertThat(PromQlMetricNames.of("rate(basalt_txn_comits_total[1m])"))
                .doesNotContainAnyElementsOf(Set.of("rate"))
                .containsExactly("basalt_txn_comits_total");
    }
}
