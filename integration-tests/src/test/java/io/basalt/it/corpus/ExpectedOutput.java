package io.basalt.it.corpus;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The text format of corpus/expected/*.out: one block per statement,
 * <pre>
 * ==== &lt;id&gt;
 * &lt;sql, as many lines as it has&gt;
 * ----
 * &lt;rendered output&gt;
 * &lt;blank line&gt;
 * </pre>
 */
public final class ExpectedOutput {
    private static final String HEADER = "==== ";
    private static final String SEPARATOR = "----";

    private ExpectedOutput() {
    }

    public static String format(List<StatementOutcome> outcomes) {
        StringBuilder out = new StringBuilder();
        for (StatementOutcome o : outcomes) {
            out.append(HEADER).append(o.id()).append('\n')
                    .append(o.sql()).append('\n')
                    .append(SEPARATOR).append('\n')
                    .append(o.output()).append("\n\n");
        }
        return out.toString();
    }

    /** The blocks of a file by statement id, in file order. */
    public static Map<String, StatementOutcome> parse(String text) {
        Map<String, StatementOutcome> blocks = new LinkedHashMap<>();
        String id = null;
        List<String> sql = new ArrayList<>();
        List<String> output = new ArrayList<>();
        boolean inOutput = false;
        for (String line : text.split("\n", -1)) {
            if (line.startsWith(HEADER)) {
                if (id != null) {
                    put(blocks, id, sql, output);
                }
                id = line.substring(HEADER.length()).trim();
                sql = new ArrayList<>();
                output = new ArrayList<>();
                inOutput = false;
            } else if (id == null) {
                if (!line.isBlank()) {
                    throw new IllegalArgumentException("text before the first block: " + line);
                }
            } else if (!inOutput && line.equals(SEPARATOR)) {
                inOutput = true;
            } else if (inOutput) {
                output.add(line);
            } else {
                sql.add(line);
            }
        }
        if (id != null) {
            put(blocks, id, sql, output);
        }
        return blocks;
    }

    private static void put(Map<String, StatementOutcome> blocks, String id, List<String> sql, List<String> output) {
        int end = output.size();
        while (end > 0 && output.get(end - 1).isEmpty()) {
            end--;
        }
        StatementOutcome previous = blocks.put(id,
                new StatementOutcome(id, String.join("\n", sql), String.join("\n", output.subList(0, end))));
        if (previous != null) {
            throw new IllegalArgumentException("duplicate block " + id);
        }
    }
}
