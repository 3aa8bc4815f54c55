package io.basalt.it.corpus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

/** Writes the corpus run as Markdown: pass counts per file, then every difference with both outputs. */
public final class CorpusReport {
    private CorpusReport() {
    }

    public static void write(Path file, String serverName, List<FileResult> results) throws IOException {
        List<FileResult> sorted = results.stream().sorted(Comparator.comparing(FileResult::topic)).toList();
        StringBuilder md = new StringBuilder("# SQL corpus against ").append(serverName).append("\n\n")
                .append("Expected outputs: MariaDB 10.11 (src/test/resources/corpus/expected).\n\n")
                .append("| file | statements | passed | known differences | unexpected differences |\n")
                .append("|---|---:|---:|---:|---:|\n");
        int total = 0;
        int passed = 0;
        int known = 0;
        int unexpected = 0;
        for (FileResult r : sorted) {
            int u = r.unexpected().size();
            int k = r.differences().size() - u;
            md.append("| ").append(r.topic()).append(" | ").append(r.statements()).append(" | ").append(r.passed())
                    .append(" | ").append(k).append(" | ").append(u).append(" |\n");
            total += r.statements();
            passed += r.passed();
            known += k;
            unexpected += u;
        }
        md.append("| **total** | ").append(total).append(" | ").append(passed).append(" | ").append(known)
                .append(" | ").append(unexpected).append(" |\n\n");
        for (FileResult r : sorted) {
            if (!r.nowPassing().isEmpty()) {
                md.append("Listed as known differences but now passing (remove from known-differences.txt): ")
                        .append(String.join(", ", r.nowPassing())).append("\n\n");
            }
        }
        md.append("## Differences\n");
        for (FileResult r : sorted) {
            for (FileResult.Difference d : r.differences()) {
                md.append("\n### ").append(d.id())
                        .append(d.knownReason() == null ? " (UNEXPECTED)" : " (known: " + d.knownReason() + ")")
                        .append("\n\n```sql\n").append(d.sql()).append("\n```\n\nexpected (MariaDB):\n```\n")
                        .append(d.expected()).append("\n```\nactual:\n```\n").append(d.actual()).append("\n```\n");
            }
        }
        Files.createDirectories(file.getParent());
        Files.writeString(file, md, StandardCharsets.UTF_8);
    }
}
