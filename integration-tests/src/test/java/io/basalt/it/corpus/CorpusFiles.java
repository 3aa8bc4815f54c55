package io.basalt.it.corpus;

import io.basalt.it.ReactorRoot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where the corpus lives: {@code <dir>/*.sql}, {@code <dir>/expected/<topic>.out} and
 * {@code <dir>/known-differences.txt}. Tests read the checked-in source directory, never a copy on the classpath, so
 * a regenerated expectation is used at once.
 */
public record CorpusFiles(Path dir) {
    public static CorpusFiles checkedIn() {
        return new CorpusFiles(ReactorRoot.locate().resolve("integration-tests/src/test/resources/corpus"));
    }

    /** The corpus topics (file names without {@code .sql}), sorted. */
    public List<String> topics() {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(name -> name.endsWith(".sql"))
                    .map(name -> name.substring(0, name.length() - ".sql".length()))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the corpus in " + dir, e);
        }
    }

    public List<CorpusStatement> statements(String topic) {
        return CorpusParser.parse(topic, read(dir.resolve(topic + ".sql")));
    }

    public Path expectedFile(String topic) {
        return dir.resolve("expected").resolve(topic + ".out");
    }

    public Path knownDifferencesFile() {
        return dir.resolve("known-differences.txt");
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
