package io.basalt.benchmarks.sysbench;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the summary of {@code sysbench ... run} (1.0 format, {@code --percentile=99}). */
public final class SysbenchOutputParser {
    private static final Pattern TRANSACTIONS =
            Pattern.compile("^\\s*transactions:\\s+(\\d+)\\s+\\(([\\d.]+) per sec\\.\\)", Pattern.MULTILINE);
    private static final Pattern QUERIES =
            Pattern.compile("^\\s*queries:\\s+\\d+\\s+\\(([\\d.]+) per sec\\.\\)", Pattern.MULTILINE);
    private static final Pattern ERRORS =
            Pattern.compile("^\\s*ignored errors:\\s+\\d+\\s+\\(([\\d.]+) per sec\\.\\)", Pattern.MULTILINE);
    private static final Pattern AVG = Pattern.compile("^\\s*avg:\\s+([\\d.]+)", Pattern.MULTILINE);
    private static final Pattern MAX = Pattern.compile("^\\s*max:\\s+([\\d.]+)", Pattern.MULTILINE);
    private static final Pattern P99 = Pattern.compile("^\\s*99th percentile:\\s+([\\d.]+)", Pattern.MULTILINE);
    private static final Pattern INTERVAL =
            Pattern.compile("^\\[ *\\d+s ] thds: \\d+ tps: ([\\d.]+)", Pattern.MULTILINE);

    private SysbenchOutputParser() {
    }

    /** @throws IllegalArgumentException when the summary is missing (sysbench failed or was cut short) */
    public static SysbenchResult parse(String output) {
        List<Double> perSecond = new ArrayList<>();
        Matcher m = INTERVAL.matcher(output);
        while (m.find()) {
            perSecond.add(Double.parseDouble(m.group(1)));
        }
        Matcher transactions = find(TRANSACTIONS, output, "transactions");
        return new SysbenchResult(Long.parseLong(transactions.group(1)), Double.parseDouble(transactions.group(2)),
                required(QUERIES, output, "queries"), required(AVG, output, "avg latency"),
                required(P99, output, "99th percentile"), required(MAX, output, "max latency"),
                optional(ERRORS, output), perSecond, Double.NaN);
    }

    private static double required(Pattern pattern, String output, String what) {
        return Double.parseDouble(find(pattern, output, what).group(1));
    }

    private static Matcher find(Pattern pattern, String output, String what) {
        Matcher m = pattern.matcher(output);
        if (!m.find()) {
            throw new IllegalArgumentException("sysbench output has no " + what + " line");
        }
        return m;
    }

    private static double optional(Pattern pattern, String output) {
        Matcher m = pattern.matcher(output);
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }
}
