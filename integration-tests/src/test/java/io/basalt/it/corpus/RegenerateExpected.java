package io.basalt.it.corpus;

import io.basalt.it.MariaDbReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;

/**
 * Writes corpus/expected/*.out from a throwaway MariaDB 10.11 ({@link MariaDbReference}). Every file runs twice and
 * the two outputs must be identical, so a non-deterministic statement is caught before it is checked in.
 * Run through integration-tests/corpus/regenerate-expected.sh.
 *
 * <p>Arguments: {@code [corpus-dir] [topic...]}; without topics every file is regenerated.
 */
public final class RegenerateExpected {
    private static final Logger LOG = LoggerFactory.getLogger(RegenerateExpected.class);

    private RegenerateExpected() {
    }

    public static void main(String[] args) throws IOException, SQLException {
        CorpusFiles files = args.length > 0 ? new CorpusFiles(Path.of(args[0])) : CorpusFiles.checkedIn();
        List<String> topics = args.length > 1 ? List.of(args).subList(1, args.length) : files.topics();
        int total = 0;
        try (MariaDbReference mariadb = MariaDbReference.start()) {
            CorpusRunner runner = new CorpusRunner(mariadb);
            for (String topic : topics) {
                List<CorpusStatement> statements = files.statements(topic);
                String first = ExpectedOutput.format(runner.run(statements));
                String second = ExpectedOutput.format(runner.run(statements));
                if (!first.equals(second)) {
                    throw new IllegalStateException(topic + ".sql is not deterministic: two runs against MariaDB "
                            + "differ at " + firstDifference(first, second));
                }
                Path out = files.expectedFile(topic);
                Files.createDirectories(out.getParent());
                Files.writeString(out, first, StandardCharsets.UTF_8);
                LOG.info("{}: {} statements, {} errors -> {}", topic, statements.size(),
                        first.lines().filter(l -> l.startsWith("ERROR ")).count(), out);
                total += statements.size();
            }
        }
        LOG.info("{} statements in {} files", total, topics.size());
    }

    private static String firstDifference(String a, String b) {
        List<String> x = a.lines().toList();
        List<String> y = b.lines().toList();
        String block = "";
        for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
            if (x.get(i).startsWith("==== ")) {
                block = x.get(i).substring(5);
            }
            if (!x.get(i).equals(y.get(i))) {
                return block + ": '" + x.get(i) + "' vs '" + y.get(i) + "'";
            }
        }
        return "the end (" + x.size() + " vs " + y.size() + " lines)";
    }
}
