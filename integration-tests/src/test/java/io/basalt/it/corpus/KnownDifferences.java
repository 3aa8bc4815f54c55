package io.basalt.it.corpus;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The checked-in list of corpus statements allowed to answer differently from MariaDB 10.11: one line per
 * statement, {@code <file>:<n> <reason>}; blank lines and lines starting with {@code #} are ignored.
 */
public final class KnownDifferences {
    private final Map<String, String> reasons;

    private KnownDifferences(Map<String, String> reasons) {
        this.reasons = Collections.unmodifiableMap(reasons);
    }

    public static KnownDifferences load(Path file) {
        if (!Files.exists(file)) {
            return new KnownDifferences(Map.of());
        }
        return parse(CorpusFiles.read(file));
    }

    static KnownDifferences parse(String text) {
        Map<String, String> reasons = new LinkedHashMap<>();
        int lineNo = 0;
        for (String raw : text.split("\n")) {
            lineNo++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\\s+", 2);
            if (parts.length < 2 || !parts[0].matches("[a-z_0-9]+:\\d+")) {
                throw new IllegalArgumentException("known-differences.txt line " + lineNo
                        + ": expected '<file>:<n> <reason>', got: " + raw);
            }
            if (reasons.put(parts[0], parts[1]) != null) {
                throw new IllegalArgumentException("known-differences.txt line " + lineNo + ": " + parts[0]
                        + " is listed twice");
            }
        }
        return new KnownDifferences(reasons);
    }

    public Optional<String> reason(String statementId) {
        return Optional.ofNullable(reasons.get(statementId));
    }

    public Map<String, String> all() {
        return reasons;
    }
}
