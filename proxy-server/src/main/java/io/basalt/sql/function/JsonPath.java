package io.basalt.sql.function;

import io.basalt.sql.value.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A JSON path as MariaDB accepts it: {@code $}, {@code .key}, {@code ."quoted key"}, {@code .*}, {@code [n]},
 * {@code [*]}, {@code [last]}, {@code [last-n]}. Immutable.
 */
final class JsonPath {
    /** What a step selects. */
    private enum StepKind { MEMBER, ANY_MEMBER, INDEX, INDEX_FROM_END, ANY_ELEMENT }

    /** One step: a member name or an array index (counted from the end for INDEX_FROM_END). */
    private record Step(StepKind kind, String member, int index) {
    }

    /** A malformed path, with MariaDB's 1-based error position. */
    static final class SyntaxException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int position;

        SyntaxException(int position) {
            super("JSON path syntax error at " + position, null, false, false);
            this.position = position;
        }

        int position() {
            return position;
        }
    }

    private final List<Step> steps;
    private final boolean wildcard;

    private JsonPath(List<Step> steps, boolean wildcard) {
        this.steps = steps;
        this.wildcard = wildcard;
    }

    /** Whether the path can match more than one value. */
    boolean hasWildcard() {
        return wildcard;
    }

    static JsonPath parse(String path) {
        String p = path.trim();
        if (!p.startsWith("$")) {
            throw new SyntaxException(1);
        }
        List<Step> steps = new ArrayList<>();
        boolean wildcard = false;
        int i = 1;
        while (i < p.length()) {
            char c = p.charAt(i);
            if (c == ' ') {
                i++;
            } else if (c == '.') {
                i++;
                if (i < p.length() && p.charAt(i) == '*') {
                    steps.add(new Step(StepKind.ANY_MEMBER, null, 0));
                    wildcard = true;
                    i++;
                } else if (i < p.length() && p.charAt(i) == '"') {
                    int end = p.indexOf('"', i + 1);
                    if (end < 0) {
                        throw new SyntaxException(i + 1);
                    }
                    steps.add(new Step(StepKind.MEMBER, p.substring(i + 1, end), 0));
                    i = end + 1;
                } else {
                    int start = i;
                    while (i < p.length() && (Character.isLetterOrDigit(p.charAt(i)) || p.charAt(i) == '_'
                            || p.charAt(i) == '$')) {
                        i++;
                    }
                    if (i == start) {
                        throw new SyntaxException(i + 1);
                    }
                    steps.add(new Step(StepKind.MEMBER, p.substring(start, i), 0));
                }
            } else if (c == '[') {
                int end = p.indexOf(']', i);
                if (end < 0) {
                    throw new SyntaxException(i + 1);
                }
                String inner = p.substring(i + 1, end).trim();
                if (inner.equals("*")) {
                    steps.add(new Step(StepKind.ANY_ELEMENT, null, 0));
                    wildcard = true;
                } else if (inner.startsWith("last")) {
                    String rest = inner.substring(4).replace(" ", "");
                    int back = rest.isEmpty() ? 0 : rest.startsWith("-") ? parseIndex(rest.substring(1), i) : -1;
                    if (back < 0) {
                        throw new SyntaxException(i + 2);
                    }
                    steps.add(new Step(StepKind.INDEX_FROM_END, null, back));
                } else {
                    steps.add(new Step(StepKind.INDEX, null, parseIndex(inner, i)));
                }
                i = end + 1;
            } else {
                throw new SyntaxException(i + 1);
            }
        }
        return new JsonPath(List.copyOf(steps), wildcard);
    }

    private static int parseIndex(String s, int position) {
        try {
            int n = Integer.parseInt(s);
            if (n < 0) {
                throw new SyntaxException(position + 2);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new SyntaxException(position + 2);
        }
    }

    /** The values the path selects in document order. */
    List<Json.Node> select(Json.Node root) {
        List<Json.Node> current = List.of(root);
        for (Step step : steps) {
            List<Json.Node> next = new ArrayList<>();
            for (Json.Node n : current) {
                apply(step, n, next);
            }
            current = next;
        }
        return current;
    }

    /** Array steps on a non-array treat it as a one-element array, as MariaDB does ($[0] of 5 is 5). */
    private static void apply(Step step, Json.Node n, List<Json.Node> out) {
        switch (step.kind()) {
            case MEMBER -> {
                Json.Node v = n.kind() == Json.Kind.OBJECT ? n.member(step.member()) : null;
                if (v != null) {
                    out.add(v);
                }
            }
            case ANY_MEMBER -> {
                if (n.kind() == Json.Kind.OBJECT) {
                    for (Map.Entry<String, Json.Node> m : n.members()) {
                        out.add(m.getValue());
                    }
                }
            }
            case ANY_ELEMENT -> {
                if (n.kind() == Json.Kind.ARRAY) {
                    out.addAll(n.elements());
                }
            }
            case INDEX, INDEX_FROM_END -> {
                List<Json.Node> elements = n.kind() == Json.Kind.ARRAY ? n.elements() : List.of(n);
                int index = step.kind() == StepKind.INDEX_FROM_END ? elements.size() - 1 - step.index() : step.index();
                if (index >= 0 && index < elements.size()) {
                    out.add(elements.get(index));
                }
            }
        }
    }
}
