package io.basalt.sql.value;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * JSON text as MariaDB handles it: JSON columns hold the text verbatim (validated), and JSON functions print
 * documents in MariaDB's layout ({@code {"a": 1, "b": [1, 2]}}) with scalars exactly as written ({@code 1.50e0}
 * stays so). Parsing keeps member order and duplicate keys. Stateless and thread-safe.
 */
public final class Json {

    /** What a JSON value is; JSON_TYPE's names. */
    public enum Kind { OBJECT, ARRAY, STRING, INTEGER, DOUBLE, BOOLEAN, NULL }

    /**
     * A parsed JSON value. Scalars keep their source text ({@code raw}: strings with quotes and escapes); objects
     * and arrays their members in order.
     */
    public record Node(Kind kind, String raw, List<Map.Entry<String, Node>> members, List<Node> elements) {
        static Node scalar(Kind kind, String raw) {
            return new Node(kind, raw, List.of(), List.of());
        }

        /** The first member with this key, or null. */
        public Node member(String key) {
            for (Map.Entry<String, Node> m : members) {
                if (m.getKey().equals(key)) {
                    return m.getValue();
                }
            }
            return null;
        }

        /** The decoded value of a string scalar. */
        public String stringValue() {
            return unescape(raw, 1, raw.length() - 1);
        }
    }

    /** Malformed JSON, with the position MariaDB reports (characters consumed before the error, plus one). */
    public static final class SyntaxException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int position;

        SyntaxException(int position) {
            super("JSON syntax error at position " + position, null, false, false);
            this.position = position;
        }

        public int position() {
            return position;
        }
    }

    private Json() {
    }

    public static Node parse(String text) {
        Parser p = new Parser(text);
        p.skipSpace();
        Node n = p.value();
        p.skipSpace();
        if (p.pos != text.length()) {
            throw new SyntaxException(p.pos + 1);
        }
        return n;
    }

    /** -1 when the text is valid JSON, else the error position. */
    public static int errorPosition(String text) {
        try {
            parse(text);
            return -1;
        } catch (SyntaxException e) {
            return e.position();
        }
    }

    public static boolean isValid(String text) {
        return errorPosition(text) < 0;
    }

    /** MariaDB's layout: ", " between elements, ": " after keys, scalars as written. */
    public static String format(Node n) {
        StringBuilder sb = new StringBuilder();
        format(n, sb);
        return sb.toString();
    }

    public static void format(Node n, StringBuilder sb) {
        switch (n.kind()) {
            case OBJECT -> {
                sb.append('{');
                boolean first = true;
                for (Map.Entry<String, Node> m : n.members()) {
                    if (!first) {
                        sb.append(", ");
                    }
                    first = false;
                    quote(m.getKey(), sb);
                    sb.append(": ");
                    format(m.getValue(), sb);
                }
                sb.append('}');
            }
            case ARRAY -> {
                sb.append('[');
                for (int i = 0; i < n.elements().size(); i++) {
                    if (i > 0) {
                        sb.append(", ");
                    }
                    format(n.elements().get(i), sb);
                }
                sb.append(']');
            }
            default -> sb.append(n.raw());
        }
    }

    /** A JSON string literal for s. */
    public static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2);
        quote(s, sb);
        return sb.toString();
    }

    public static void quote(String s, StringBuilder sb) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20) {
                        sb.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    /**
     * The JSON text of a SQL value as JSON_OBJECT/JSON_ARRAY embed it: JSON-typed values as documents, numbers as
     * numbers, NULL as null, everything else as a string.
     */
    public static String toJsonText(Object v, SqlType t) {
        StringBuilder sb = new StringBuilder();
        appendValue(v, t, sb);
        return sb.toString();
    }

    public static void appendValue(Object v, SqlType t, StringBuilder sb) {
        if (v == null) {
            sb.append("null");
        } else if (t != null && t.kind() == TypeKind.JSON) {
            String text = Values.toText(v, t);
            try {
                format(parse(text), sb);
            } catch (SyntaxException e) {
                quote(text, sb);
            }
        } else if (v instanceof Boolean b) {
            sb.append(b ? "true" : "false");
        } else if (v instanceof Long || v instanceof BigDecimal || v instanceof Double) {
            sb.append(Values.toText(v, t));
        } else {
            quote(Values.toText(v, t), sb);
        }
    }

    static String unescape(String s, int from, int to) {
        StringBuilder sb = null;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c != '\\') {
                if (sb != null) {
                    sb.append(c);
                }
                continue;
            }
            if (sb == null) {
                sb = new StringBuilder(to - from);
                sb.append(s, from, i);
            }
            char e = s.charAt(++i);
            switch (e) {
                case 'n' -> sb.append('\n');
                case 't' -> sb.append('\t');
                case 'r' -> sb.append('\r');
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'u' -> {
                    sb.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                    i += 4;
                }
                default -> sb.append(e);
            }
        }
        return sb == null ? s.substring(from, to) : sb.toString();
    }

    /** Recursive-descent parser over the text. */
    private static final class Parser {
        private static final int MAX_DEPTH = 32;
        private final String s;
        private int pos;
        private int depth;

        Parser(String s) {
            this.s = s;
        }

        void skipSpace() {
            while (pos < s.length()) {
                char c = s.charAt(pos);
                if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                    return;
                }
                pos++;
            }
        }

        SyntaxException error() {
            return new SyntaxException(Math.min(pos, s.length()) + 1);
        }

        Node value() {
            if (pos >= s.length()) {
                throw error();
            }
            char c = s.charAt(pos);
            return switch (c) {
                case '{' -> object();
                case '[' -> array();
                case '"' -> {
                    int start = pos;
                    int end = advanceString();
                    yield Node.scalar(Kind.STRING, s.substring(start, end));
                }
                case 't' -> literal("true", Kind.BOOLEAN);
                case 'f' -> literal("false", Kind.BOOLEAN);
                case 'n' -> literal("null", Kind.NULL);
                default -> number();
            };
        }

        /** Consumes a string literal and returns the index after it. */
        private int advanceString() {
            pos++;
            while (pos < s.length()) {
                char c = s.charAt(pos);
                if (c == '"') {
                    pos++;
                    return pos;
                }
                if (c == '\\') {
                    pos++;
                    if (pos >= s.length()) {
                        throw error();
                    }
                    char e = s.charAt(pos);
                    if (e == 'u') {
                        for (int k = 1; k <= 4; k++) {
                            if (pos + k >= s.length() || Character.digit(s.charAt(pos + k), 16) < 0) {
                                pos += k;
                                throw error();
                            }
                        }
                        pos += 4;
                    } else if ("\"\\/bfnrt".indexOf(e) < 0) {
                        throw error();
                    }
                } else if (c < 0x20) {
                    throw error();
                }
                pos++;
            }
            throw error();
        }

        private Node literal(String word, Kind kind) {
            if (!s.startsWith(word, pos)) {
                throw error();
            }
            pos += word.length();
            return Node.scalar(kind, word);
        }

        private Node number() {
            int start = pos;
            if (pos < s.length() && s.charAt(pos) == '-') {
                pos++;
            }
            int intStart = pos;
            while (pos < s.length() && NumberScanner.isDigit(s.charAt(pos))) {
                pos++;
            }
            if (pos == intStart) {
                throw error();
            }
            boolean integer = true;
            if (pos < s.length() && s.charAt(pos) == '.') {
                integer = false;
                pos++;
                int fracStart = pos;
                while (pos < s.length() && NumberScanner.isDigit(s.charAt(pos))) {
                    pos++;
                }
                if (pos == fracStart) {
                    throw error();
                }
            }
            if (pos < s.length() && (s.charAt(pos) == 'e' || s.charAt(pos) == 'E')) {
                integer = false;
                pos++;
                if (pos < s.length() && (s.charAt(pos) == '+' || s.charAt(pos) == '-')) {
                    pos++;
                }
                int expStart = pos;
                while (pos < s.length() && NumberScanner.isDigit(s.charAt(pos))) {
                    pos++;
                }
                if (pos == expStart) {
                    throw error();
                }
            }
            return Node.scalar(integer ? Kind.INTEGER : Kind.DOUBLE, s.substring(start, pos));
        }

        private Node object() {
            if (++depth > MAX_DEPTH) {
                throw error();
            }
            pos++;
            List<Map.Entry<String, Node>> members = new ArrayList<>();
            skipSpace();
            if (pos < s.length() && s.charAt(pos) == '}') {
                pos++;
                depth--;
                return new Node(Kind.OBJECT, null, members, List.of());
            }
            while (true) {
                skipSpace();
                if (pos >= s.length() || s.charAt(pos) != '"') {
                    throw error();
                }
                int start = pos;
                int end = advanceString();
                String key = unescape(s, start + 1, end - 1);
                skipSpace();
                if (pos >= s.length() || s.charAt(pos) != ':') {
                    throw error();
                }
                pos++;
                skipSpace();
                members.add(Map.entry(key, value()));
                skipSpace();
                if (pos < s.length() && s.charAt(pos) == ',') {
                    pos++;
                    continue;
                }
                if (pos < s.length() && s.charAt(pos) == '}') {
                    pos++;
                    depth--;
                    return new Node(Kind.OBJECT, null, members, List.of());
                }
                throw error();
            }
        }

        private Node array() {
            if (++depth > MAX_DEPTH) {
                throw error();
            }
            pos++;
            List<Node> elements = new ArrayList<>();
            skipSpace();
            if (pos < s.length() && s.charAt(pos) == ']') {
                pos++;
                depth--;
                return new Node(Kind.ARRAY, null, List.of(), elements);
            }
            while (true) {
                skipSpace();
                elements.add(value());
                skipSpace();
                if (pos < s.length() && s.charAt(pos) == ',') {
                    pos++;
                    continue;
                }
                if (pos < s.length() && s.charAt(pos) == ']') {
                    pos++;
                    depth--;
                    return new Node(Kind.ARRAY, null, List.of(), elements);
                }
                throw error();
            }
        }
    }
}
