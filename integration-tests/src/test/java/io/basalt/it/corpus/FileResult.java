package io.basalt.it.corpus;

import java.util.List;

/**
 * The comparison of one corpus file's outcomes with its expected output.
 *
 * @param topic       the file's topic
 * @param statements  how many statements the file has
 * @param differences every statement whose output differs, known or not
 * @param nowPassing  statements listed as known differences that now match the expectation
 */
public record FileResult(String topic, int statements, List<Difference> differences, List<String> nowPassing) {
    public FileResult {
        differences = List.copyOf(differences);
        nowPassing = List.copyOf(nowPassing);
    }

    public int passed() {
        return statements - differences.size();
    }

    public List<Difference> unexpected() {
        return differences.stream().filter(d -> d.knownReason() == null).toList();
    }

    /**
     * One statement whose output differs from the expectation.
     *
     * @param knownReason the reason given in known-differences.txt, or null when the difference is not listed
     */
    public record Difference(String id, String sql, String expected, String actual, String knownReason) {
    }
}
