package io.basalt.benchmarks.sysbench;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Sampled stacks summed up the way a reader looks for a hot path: which method was on top (self), which Basalt method
 * was anywhere on the stack (inclusive), and which component the time belongs to. JDK frames (collections, locks,
 * string building) are charged to the nearest caller outside the JDK, so "HashMap.get called from the SQL layer"
 * counts as the SQL layer.
 *
 * <p>Not thread-safe: one reader fills it, then it is summarised.
 */
final class StackProfile {
    /** A method and its share of the samples. */
    record Entry(String frame, long samples, double share) {
    }

    private static final List<String> JDK_PREFIXES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");

    private final Map<String, Long> self = new HashMap<>();
    private final Map<String, Long> inclusive = new HashMap<>();
    private final Map<String, Long> components = new HashMap<>();
    private long samples;

    /** @param frames {@code class.method}, the running method first */
    void add(List<String> frames) {
        if (frames.isEmpty()) {
            return;
        }
        samples++;
        self.merge(frames.get(0), 1L, Long::sum);
        components.merge(component(frames), 1L, Long::sum);
        Set<String> seen = new HashSet<>();
        for (String frame : frames) {
            if (frame.startsWith("io.basalt.") && seen.add(frame)) {
                inclusive.merge(frame, 1L, Long::sum);
            }
        }
    }

    long samples() {
        return samples;
    }

    List<Entry> topSelf(int n) {
        return top(self, samples, n);
    }

    /** Basalt methods by the share of samples they were on the stack in. */
    List<Entry> topInclusive(int n) {
        return top(inclusive, samples, n);
    }

    List<Entry> topComponents(int n) {
        return top(components, samples, n);
    }

    /**
     * The package of the first frame outside the JDK, cut to the level that names a layer: four parts for Basalt
     * ({@code io.basalt.storage.txn}), three for Apache projects ({@code org.apache.calcite}), two otherwise
     * ({@code io.netty}, {@code org.rocksdb}); "JDK" when the whole stack is the JDK's.
     */
    static String component(List<String> frames) {
        for (String frame : frames) {
            if (JDK_PREFIXES.stream().noneMatch(frame::startsWith)) {
                String[] parts = frame.split("\\.");
                int packages = parts.length - 2;
                int keep = frame.startsWith("io.basalt.") ? 4 : frame.startsWith("org.apache.") ? 3 : 2;
                return String.join(".", List.of(parts).subList(0, Math.max(1, Math.min(keep, packages))));
            }
        }
        return "JDK";
    }

    /** The {@code n} largest counts, largest first (ties by name), with their share of {@code total}. */
    static List<Entry> top(Map<String, Long> counts, long total, int n) {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(n)
                .map(e -> new Entry(e.getKey(), e.getValue(), (double) e.getValue() / total))
                .toList();
    }

    /** Appends entries as a markdown table under a heading; {@code code} sets the names in backticks (frames). */
    static void appendTable(StringBuilder md, String title, List<Entry> entries, boolean code) {
        String quote = code ? "`" : "";
        md.append("\n## ").append(title).append("\n\n| share | samples | what |\n|---:|---:|---|\n");
        entries.forEach(e -> md.append("| ").append(Fmt.num(e.share() * 100, "%.1f %%")).append(" | ")
                .append(e.samples()).append(" | ").append(quote).append(e.frame()).append(quote).append(" |\n"));
    }

    /** Entries on one line for a report table cell: {@code io.netty 48%, io.basalt.sql.exec 5%}. */
    static String inline(List<Entry> entries) {
        return entries.stream().map(e -> e.frame() + " " + Fmt.num(e.share() * 100, "%.0f%%"))
                .collect(Collectors.joining(", "));
    }
}
