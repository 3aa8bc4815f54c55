package io.basalt.it.corpus;

import io.basalt.it.ReactorRoot;
import io.basalt.it.ServerUnderTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Runs every corpus file against the server and compares each statement's rendered answer with MariaDB 10.11's.
 * A file fails only on differences that known-differences.txt does not list; all differences and pass counts go to
 * target/corpus-report.md.
 */
class CorpusTest {
    private static final Logger LOG = LoggerFactory.getLogger(CorpusTest.class);
    private static final int SHOWN_IN_FAILURE = 5;

    @RegisterExtension
    static final ServerUnderTest SERVER = ServerUnderTest.create();

    private static final CorpusFiles FILES = CorpusFiles.checkedIn();
    private static final KnownDifferences KNOWN = KnownDifferences.load(FILES.knownDifferencesFile());
    private static final ConcurrentLinkedQueue<FileResult> RESULTS = new ConcurrentLinkedQueue<>();

    @TestFactory
    Stream<DynamicTest> corpusMatchesMariaDb() {
        List<String> topics = FILES.topics();
        assertThat(topics).as("corpus files in %s", FILES.dir()).isNotEmpty();
        return topics.stream().map(topic -> DynamicTest.dynamicTest(topic, () -> runFile(topic)));
    }

    private static void runFile(String topic) throws Exception {
        Path expectedFile = FILES.expectedFile(topic);
        assertThat(expectedFile).as("expected output of %s.sql; run integration-tests/corpus/regenerate-expected.sh",
                topic).exists();
        List<CorpusStatement> statements = FILES.statements(topic);
        List<StatementOutcome> actual = new CorpusRunner(SERVER).run(statements);
        Map<String, StatementOutcome> expected = ExpectedOutput.parse(CorpusFiles.read(expectedFile));
        FileResult result = CorpusComparison.compare(topic, actual, expected, KNOWN);
        RESULTS.add(result);
        LOG.info("corpus {}: {}/{} passed, {} known differences, {} unexpected", topic, result.passed(),
                result.statements(), result.differences().size() - result.unexpected().size(),
                result.unexpected().size());
        assertThat(SERVER.isAlive()).as("server alive after %s.sql", topic).isTrue();
        if (!result.unexpected().isEmpty()) {
            fail(result.unexpected().size() + " statement(s) of " + topic + ".sql differ from MariaDB and are not in "
                    + "known-differences.txt (all of them: target/corpus-report.md):\n"
                    + result.unexpected().stream().limit(SHOWN_IN_FAILURE)
                    .map(d -> d.id() + ": " + d.sql() + "\n  expected: " + d.expected().replace("\n", "\n            ")
                            + "\n  actual:   " + d.actual().replace("\n", "\n            "))
                    .collect(Collectors.joining("\n")));
        }
    }

    @AfterAll
    static void writeReport() throws IOException {
        if (RESULTS.isEmpty()) {
            return;
        }
        Path report = ReactorRoot.targetDir().resolve("corpus-report.md");
        CorpusReport.write(report, SERVER.name(), List.copyOf(RESULTS));
        int total = RESULTS.stream().mapToInt(FileResult::statements).sum();
        int passed = RESULTS.stream().mapToInt(FileResult::passed).sum();
        LOG.info("corpus: {}/{} statements match MariaDB 10.11; report {}", passed, total, report);
    }
}
