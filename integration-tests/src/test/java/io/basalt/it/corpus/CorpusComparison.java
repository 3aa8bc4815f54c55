package io.basalt.it.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Compares a file's outcomes with its expected output, statement by statement. */
public final class CorpusComparison {
    private CorpusComparison() {
    }

    /**
     * @throws IllegalStateException when the expected output does not describe the same statements (the corpus was
     *                               edited without regenerating the expectations)
     */
    public static FileResult compare(String topic, List<StatementOutcome> actual,
                                     Map<String, StatementOutcome> expected, KnownDifferences known) {
        List<String> actualIds = actual.stream().map(StatementOutcome::id).toList();
        if (!actualIds.equals(new ArrayList<>(expected.keySet()))) {
            throw new IllegalStateException(topic + ": the expected output lists other statements than "
                    + topic + ".sql; run integration-tests/corpus/regenerate-expected.sh");
        }
        List<FileResult.Difference> differences = new ArrayList<>();
        List<String> nowPassing = new ArrayList<>();
        for (StatementOutcome outcome : actual) {
            StatementOutcome want = expected.get(outcome.id());
            if (!want.sql().equals(outcome.sql())) {
                throw new IllegalStateException(outcome.id() + ": the expected output was made for another "
                        + "statement text; run integration-tests/corpus/regenerate-expected.sh");
            }
            String reason = known.reason(outcome.id()).orElse(null);
            if (!want.output().equals(outcome.output())) {
                differences.add(new FileResult.Difference(outcome.id(), outcome.sql(), want.output(),
                        outcome.output(), reason));
            } else if (reason != null) {
                nowPassing.add(outcome.id());
            }
        }
        return new FileResult(topic, actual.size(), differences, nowPassing);
    }
}
