package io.basalt.it.corpus;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * Splits a corpus file into statements. A statement ends at a semicolon outside quotes and comments. Between
 * statements, lines starting with {@code --} or {@code #} are file comments; a comment line {@code -- @directive}
 * applies to the next statement. Comments inside a statement are sent with it.
 */
public final class CorpusParser {
    private CorpusParser() {
    }

    /**
     * @param name the file's topic (its name without {@code .sql}), the prefix of statement ids
     */
    public static List<CorpusStatement> parse(String name, String text) {
        List<CorpusStatement> statements = new ArrayList<>();
        EnumSet<Directive> pending = EnumSet.noneOf(Directive.class);
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (startsLineComment(text, i)) {
                int end = lineEnd(text, i);
                directive(text.substring(i, end)).ifPresent(pending::add);
                i = end;
            } else {
                int end = statementEnd(text, i);
                String sql = text.substring(i, end).trim();
                statements.add(new CorpusStatement(name + ":" + (statements.size() + 1), sql, pending));
                pending = EnumSet.noneOf(Directive.class);
                i = end + 1;
            }
        }
        return statements;
    }

    private static Optional<Directive> directive(String commentLine) {
        String body = commentLine.startsWith("--") ? commentLine.substring(2).trim() : "";
        if (!body.startsWith("@")) {
            return Optional.empty();
        }
        return Optional.of(Directive.fromToken(body).orElseThrow(
                () -> new IllegalArgumentException("unknown corpus directive: " + commentLine)));
    }

    private static boolean startsLineComment(String text, int i) {
        return text.charAt(i) == '#' || text.startsWith("--", i)
                && (i + 2 == text.length() || Character.isWhitespace(text.charAt(i + 2)) || text.charAt(i + 2) == '@');
    }

    private static int lineEnd(String text, int i) {
        int end = text.indexOf('\n', i);
        return end < 0 ? text.length() : end;
    }

    /** Index of the terminating semicolon, or the text's length for a last statement without one. */
    private static int statementEnd(String text, int start) {
        int i = start;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == ';') {
                return i;
            } else if (c == '\'' || c == '"' || c == '`') {
                i = quoteEnd(text, i, c);
            } else if (c == '#' || text.startsWith("-- ", i) || text.startsWith("--\n", i)) {
                i = lineEnd(text, i);
            } else if (text.startsWith("/*", i)) {
                int close = text.indexOf("*/", i + 2);
                i = close < 0 ? n : close + 2;
            } else {
                i++;
            }
        }
        return n;
    }

    /** Index just past the closing quote; backslash escapes apply in strings, doubled quotes in all three. */
    private static int quoteEnd(String text, int open, char quote) {
        int i = open + 1;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\\' && quote != '`') {
                i += 2;
            } else if (c == quote) {
                if (i + 1 < n && text.charAt(i + 1) == quote) {
                    i += 2;
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        throw new IllegalArgumentException("unterminated " + quote + " quote starting at offset " + open);
    }
}
