package io.basalt.sql.parser;

import io.basalt.protocol.codec.StatementText;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Turns the literals of a DML statement into {@code ?} parameters so that statements differing only in constants
 * share one cached plan (the text protocol's plan cache). It works on MySQL's lexical structure, without a parse,
 * because it runs for every text statement including cache hits.
 *
 * <p>Numbers, strings, hex / bit / {@code _binary} literals are replaced, a unary minus directly before a number
 * included. Literals stay where they are syntax or where the text itself matters:
 * <ul>
 *   <li>in a SELECT list (MySQL labels unaliased result columns with their text, and a bare {@code ?} in a select
 *       list has no type);</li>
 *   <li>in ORDER BY / GROUP BY (positions);</li>
 *   <li>in the target type of CAST(x AS ...) / CONVERT(x, ...) / CONVERT(x USING ...);</li>
 *   <li>after DATE / TIME / TIMESTAMP (typed literals), COLLATE, SEPARATOR, ESCAPE, and {@code @} (a variable
 *       name).</li>
 * </ul>
 * Keywords such as NULL, TRUE and DEFAULT are not literals here. Stateless and thread-safe.
 */
public final class LiteralNormalizer {

    private static final Set<String> DML_STARTS = Set.of("SELECT", "INSERT", "REPLACE", "UPDATE", "DELETE", "WITH");
    /** Words after which a string or number is syntax. */
    private static final Set<String> KEEP_AFTER = Set.of("DATE", "TIME", "TIMESTAMP", "COLLATE", "SEPARATOR",
        "ESCAPE");
    /** Words that end a SELECT list or an ORDER BY / GROUP BY at the same parenthesis depth. */
    private static final Set<String> CLAUSE_ENDS = Set.of("FROM", "WHERE", "HAVING", "LIMIT", "UNION", "EXCEPT",
        "INTERSECT", "INTO", "WINDOW", "FOR", "LOCK", "ON", "SET", "VALUES", "VALUE");
    /** Punctuation after which a minus sign is unary. */
    private static final String OPERATOR_CHARS = "=<>(,+-*/%!~^&|";

    private LiteralNormalizer() {
    }

    /**
     * @return the normalized statement, or null when the text must not be cached by its normalized form: not a
     *         SELECT / INSERT / REPLACE / UPDATE / DELETE / WITH statement, already holding a {@code ?}, or not
     *         lexically well-formed (an unterminated string or comment)
     */
    public static NormalizedStatement normalize(String sql) {
        return new Scan(sql).run();
    }

    /** The clause being read at one parenthesis depth. */
    private enum Clause { OTHER, SELECT_LIST, ORDER_OR_GROUP }

    /** One parenthesis depth: what opened it and what is being read in it. */
    private static final class Frame {
        final String function;
        Clause clause = Clause.OTHER;
        /** Inside the target type of CAST / CONVERT. */
        boolean typeArea;
        boolean pendingBy;

        Frame(String function, boolean typeArea) {
            this.function = function;
            this.typeArea = typeArea;
        }
    }

    /** One scan of one statement; not thread-safe. */
    private static final class Scan {
        private final String sql;
        private final StringBuilder key;
        private final List<Object> literals = new ArrayList<>();
        private final Deque<Frame> frames = new ArrayDeque<>();
        private int pos;
        private int copied;
        /** Upper-cased previous word, or null if the previous token was not a word. */
        private String previousWord;
        /** Previous punctuation character, or 0 if the previous token was not punctuation. */
        private char previousPunct;
        /** Offset of the previous token if it was a minus sign that may be unary, else -1. */
        private int unaryMinusAt = -1;
        /** A word has been read; the first word decides whether the statement is DML. */
        private boolean started;
        private boolean rejected;
        private int executableDepth;

        Scan(String sql) {
            this.sql = sql;
            this.key = new StringBuilder(sql.length());
            frames.push(new Frame(null, false));
        }

        NormalizedStatement run() {
            int n = sql.length();
            while (pos < n) {
                char c = sql.charAt(pos);
                if (Character.isWhitespace(c)) {
                    pos++;
                } else if (c == '*' && executableDepth > 0 && pos + 1 < n && sql.charAt(pos + 1) == '/') {
                    executableDepth--;
                    pos += 2;
                } else if (sql.startsWith("/*!", pos) && MySqlLexicalNormalizer.commentEnd(sql, pos) == pos) {
                    executableDepth++;
                    pos += 3;
                    while (pos < n && Character.isDigit(sql.charAt(pos))) {
                        pos++;
                    }
                } else if (MySqlLexicalNormalizer.commentEnd(sql, pos) > pos) {
                    int end = MySqlLexicalNormalizer.commentEnd(sql, pos);
                    if (c == '/' && !sql.startsWith("*/", end - 2)) {
                        return null;
                    }
                    pos = end;
                } else if (c == '\'' || c == '"') {
                    if (!string(pos, null)) {
                        return null;
                    }
                } else if (c == '`') {
                    int end = MySqlLexicalNormalizer.quotedEnd(sql, pos);
                    if (end - pos < 2 || sql.charAt(end - 1) != '`') {
                        return null;
                    }
                    pos = end;
                    word(null);
                } else if (Character.isDigit(c) || (c == '.' && pos + 1 < n && Character.isDigit(sql.charAt(pos + 1))
                    && previousWord == null)) {
                    if (!numberOrWord()) {
                        return null;
                    }
                } else if (MySqlLexicalNormalizer.isWordChar(c)) {
                    if (!wordOrPrefixedLiteral()) {
                        return null;
                    }
                } else {
                    if (c == '?') {
                        return null;
                    }
                    punctuation(c);
                }
                if (rejected) {
                    return null;
                }
            }
            if (!started) {
                return null;
            }
            key.append(sql, copied, n);
            return new NormalizedStatement(key.toString(), literals);
        }

        private void punctuation(char c) {
            if (!started && c != '(') {
                rejected = true;
                return;
            }
            Frame top = frames.peek();
            if (c == '(') {
                frames.push(new Frame(previousWord, top.typeArea));
            } else if (c == ')') {
                if (frames.size() > 1) {
                    frames.pop();
                }
            } else if (c == ',' && "CONVERT".equals(top.function)) {
                top.typeArea = true;
            } else if (c == ';') {
                top.clause = Clause.OTHER;
            }
            unaryMinusAt = c == '-' && (OPERATOR_CHARS.indexOf(previousPunct) >= 0 || previousWord != null
                && isOperatorWord(previousWord)) ? pos : -1;
            previousPunct = c;
            previousWord = null;
            pos++;
        }

        private static boolean isOperatorWord(String word) {
            return switch (word) {
                case "AND", "OR", "NOT", "XOR", "DIV", "MOD", "WHERE", "WHEN", "THEN", "ELSE", "IN", "BETWEEN",
                     "LIKE", "REGEXP", "IS", "LIMIT", "OFFSET", "HAVING", "ON", "SET", "INTERVAL", "RETURN" -> true;
                default -> false;
            };
        }

        /** A word (keyword or identifier); {@code upper} is null for a backtick-quoted identifier. */
        private void word(String upper) {
            if (!started) {
                // a statement may open with parentheses; its first word decides whether it is DML
                started = true;
                rejected = upper == null || !DML_STARTS.contains(upper);
            }
            Frame top = frames.peek();
            if (upper != null) {
                if (upper.equals("SELECT")) {
                    top.clause = Clause.SELECT_LIST;
                } else if (upper.equals("ORDER") || upper.equals("GROUP")) {
                    top.pendingBy = true;
                } else if (upper.equals("BY") && top.pendingBy) {
                    top.clause = Clause.ORDER_OR_GROUP;
                } else if (CLAUSE_ENDS.contains(upper)) {
                    top.clause = Clause.OTHER;
                } else if ((upper.equals("AS") && "CAST".equals(top.function))
                    || (upper.equals("USING") && "CONVERT".equals(top.function))) {
                    top.typeArea = true;
                }
                if (!upper.equals("ORDER") && !upper.equals("GROUP")) {
                    top.pendingBy = false;
                }
            }
            previousWord = upper == null ? "`" : upper;
            previousPunct = 0;
            unaryMinusAt = -1;
        }

        private boolean wordOrPrefixedLiteral() {
            int start = pos;
            int end = wordEnd(start);
            String word = sql.substring(start, end);
            boolean quoteFollows = end < sql.length() && sql.charAt(end) == '\'';
            if (quoteFollows && (word.equalsIgnoreCase("x") || word.equalsIgnoreCase("b"))) {
                int close = MySqlLexicalNormalizer.quotedEnd(sql, end);
                if (close - end < 2 || sql.charAt(close - 1) != '\'') {
                    return false;
                }
                String body = sql.substring(end + 1, close - 1);
                byte[] bytes = word.equalsIgnoreCase("x") ? hex(body) : MySqlLexicalNormalizer.bitsToBytes(body);
                if (bytes == null) {
                    return false;
                }
                literal(start, close, bytes);
                return true;
            }
            if (quoteFollows && word.equalsIgnoreCase("n")) {
                return string(end, start);
            }
            if (word.length() > 1 && word.charAt(0) == '_') {
                int next = end;
                while (next < sql.length() && Character.isWhitespace(sql.charAt(next))) {
                    next++;
                }
                if (next < sql.length() && (sql.charAt(next) == '\'' || sql.charAt(next) == '"')) {
                    return word.equalsIgnoreCase("_binary") ? binaryString(next, start) : string(next, start);
                }
            }
            pos = end;
            word(word.toUpperCase(Locale.ROOT));
            return true;
        }

        private int wordEnd(int start) {
            int end = start;
            while (end < sql.length() && MySqlLexicalNormalizer.isWordChar(sql.charAt(end))) {
                end++;
            }
            return end;
        }

        /** A number, a 0x / 0b literal, or an identifier that starts with digits. */
        private boolean numberOrWord() {
            int start = pos;
            int n = sql.length();
            if (sql.startsWith("0x", start) || sql.startsWith("0X", start) || sql.startsWith("0b", start)
                || sql.startsWith("0B", start)) {
                int end = wordEnd(start);
                String body = sql.substring(start + 2, end);
                boolean isHex = Character.toLowerCase(sql.charAt(start + 1)) == 'x';
                byte[] bytes = isHex ? hex(body.length() % 2 == 0 ? body : "0" + body)
                    : MySqlLexicalNormalizer.bitsToBytes(body);
                if (bytes != null && !body.isEmpty()) {
                    literal(start, end, bytes);
                    return true;
                }
                pos = end;
                word(sql.substring(start, end).toUpperCase(Locale.ROOT));
                return true;
            }
            int i = start;
            while (i < n && Character.isDigit(sql.charAt(i))) {
                i++;
            }
            boolean decimal = false;
            boolean exponent = false;
            if (i < n && sql.charAt(i) == '.') {
                decimal = true;
                i++;
                while (i < n && Character.isDigit(sql.charAt(i))) {
                    i++;
                }
            }
            if (i < n && (sql.charAt(i) == 'e' || sql.charAt(i) == 'E')) {
                int j = i + 1;
                if (j < n && (sql.charAt(j) == '+' || sql.charAt(j) == '-')) {
                    j++;
                }
                if (j < n && Character.isDigit(sql.charAt(j))) {
                    exponent = true;
                    i = j;
                    while (i < n && Character.isDigit(sql.charAt(i))) {
                        i++;
                    }
                }
            }
            if (i < n && MySqlLexicalNormalizer.isWordChar(sql.charAt(i))) {
                int end = wordEnd(start);
                pos = end;
                word(sql.substring(start, end).toUpperCase(Locale.ROOT));
                return true;
            }
            String text = sql.substring(start, i);
            boolean negative = unaryMinusAt >= 0;
            String signed = negative ? "-" + text : text;
            Object value;
            if (exponent) {
                value = Double.valueOf(signed);
            } else if (decimal) {
                value = new BigDecimal(signed);
            } else {
                value = integer(signed);
            }
            literal(negative ? unaryMinusAt : start, i, value);
            return true;
        }

        private static Object integer(String text) {
            try {
                return Long.valueOf(text);
            } catch (NumberFormatException e) {
                return new BigDecimal(text);
            }
        }

        /** One string literal, or several adjacent ones, starting at {@code quoteAt}; its text starts at start. */
        private boolean string(int quoteAt, Integer prefixStart) {
            StringBuilder value = new StringBuilder();
            int end = scanStrings(quoteAt, value);
            if (end < 0) {
                return false;
            }
            literal(prefixStart == null ? quoteAt : prefixStart, end, value.toString());
            return true;
        }

        private boolean binaryString(int quoteAt, int prefixStart) {
            StringBuilder value = new StringBuilder();
            int end = scanStrings(quoteAt, value);
            if (end < 0) {
                return false;
            }
            literal(prefixStart, end, StatementText.bytes(value));
            return true;
        }

        /** Decodes adjacent string literals into {@code value}; returns the end offset or -1 if unterminated. */
        private int scanStrings(int quoteAt, StringBuilder value) {
            int next = quoteAt;
            int end;
            do {
                char quote = sql.charAt(next);
                end = MySqlLexicalNormalizer.quotedEnd(sql, next);
                if (end - next < 2 || sql.charAt(end - 1) != quote || unterminated(next, end - 1, quote)) {
                    return -1;
                }
                MySqlLexicalNormalizer.unescape(sql, next + 1, end - 1, quote, value);
                next = end;
                while (next < sql.length() && Character.isWhitespace(sql.charAt(next))) {
                    next++;
                }
            } while (next < sql.length() && (sql.charAt(next) == '\'' || sql.charAt(next) == '"'));
            return end;
        }

        /** True when the quote at {@code at} only closes an escape, i.e. the literal never ends. */
        private boolean unterminated(int open, int at, char quote) {
            int i = open + 1;
            while (i < at) {
                char c = sql.charAt(i);
                i += (c == '\\' || c == quote) ? 2 : 1;
            }
            return i > at;
        }

        private static byte[] hex(String digits) {
            if (digits.length() % 2 != 0) {
                return null;
            }
            try {
                return HexFormat.of().parseHex(digits);
            } catch (IllegalArgumentException e) {
                return null;
            }
        }

        /** A literal spanning {@code [start, end)}: replaced by {@code ?} unless its context keeps it. */
        private void literal(int start, int end, Object value) {
            pos = end;
            if (!started) {
                rejected = true;
            } else if (replaceable()) {
                key.append(sql, copied, start).append('?');
                copied = end;
                literals.add(value);
            }
            previousWord = null;
            previousPunct = '\'';
            unaryMinusAt = -1;
        }

        private boolean replaceable() {
            if (previousWord != null && KEEP_AFTER.contains(previousWord) || previousPunct == '@') {
                return false;
            }
            for (Frame frame : frames) {
                if (frame.typeArea || frame.clause != Clause.OTHER) {
                    return false;
                }
            }
            return true;
        }
    }
}
