package io.basalt.sql.function;

import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.value.TestContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Several hundred function calls with the results MariaDB 10.11 printed for them
 * ({@code mariadb-functions.tsv}, produced by running each call against a MariaDB 10.11 server; calls with special
 * syntax there, such as {@code DATE_ADD(d, INTERVAL 1 DAY)}, are written here as the binder passes them).
 */
class MariaDbCorpusTest {

    static List<Arguments> corpus() throws IOException {
        List<Arguments> cases = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(Objects.requireNonNull(
                MariaDbCorpusTest.class.getResourceAsStream("mariadb-functions.tsv")), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                int tab = line.indexOf('\t');
                cases.add(Arguments.of(line.substring(0, tab), line.substring(tab + 1)));
            }
        }
        return cases;
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("corpus")
    void matchesMariaDb(String call, String expected) {
        if (expected.startsWith("ERROR ")) {
            assertThatThrownBy(() -> CallEvaluator.evaluate(call, new TestContext()))
                    .isInstanceOf(MySqlException.class)
                    .satisfies(e -> assertThat(((MySqlException) e).code())
                            .isEqualTo(Integer.parseInt(expected.substring(6))));
            return;
        }
        CallEvaluator.Result r = CallEvaluator.evaluate(call, new TestContext());
        assertThat(CallEvaluator.print(r)).isEqualTo(expected);
    }
}
