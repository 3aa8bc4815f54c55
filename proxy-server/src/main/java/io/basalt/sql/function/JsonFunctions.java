package io.basalt.sql.function;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.EvalContext;
import io.basalt.sql.value.Json;
import io.basalt.sql.value.SqlErrors;
import io.basalt.sql.value.Values;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.basalt.sql.function.Args.str;
import static io.basalt.sql.function.FunctionDef.of;

/**
 * JSON functions on JSON text, printing documents in MariaDB's layout. A malformed document gives NULL with
 * warning 4038, a malformed path NULL with warning 4042, as MariaDB reports them.
 */
final class JsonFunctions {
    private JsonFunctions() {
    }

    static List<FunctionDef> all() {
        List<FunctionDef> f = new ArrayList<>();
        f.add(of("JSON_EXTRACT", 2, -1, Types.fixed(SqlType.JSON), JsonFunctions::extract));
        f.add(of("JSON_UNQUOTE", 1, 1, (a, c) -> Types.varchar(Types.chars(a.get(0))),
                (a, t, ctx) -> unquote(str(a, t, 0))));
        f.add(of("JSON_OBJECT", 0, -1, Types.fixed(SqlType.JSON), JsonFunctions::object).nullAware());
        f.add(of("JSON_ARRAY", 0, -1, Types.fixed(SqlType.JSON), (a, t, ctx) -> {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < a.length; i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                Json.appendValue(a[i], t[i], sb);
            }
            return sb.append(']').toString();
        }).nullAware());
        f.add(of("JSON_VALID", 1, 1, Types.fixed(SqlType.INT.withLength(1)),
                (a, t, ctx) -> Json.isValid(str(a, t, 0)) ? 1L : 0L));
        f.add(of("JSON_TYPE", 1, 1, Types.varcharRule(12), (a, t, ctx) -> {
            Json.Node n = document(a, t, 0, "json_type", ctx);
            return n == null ? null : n.kind().name();
        }));
        f.add(of("JSON_LENGTH", 1, 2, Types.fixed(SqlType.INT.withLength(10)), (a, t, ctx) -> {
            Json.Node n = target(a, t, "json_length", ctx);
            if (n == null) {
                return null;
            }
            return (long) switch (n.kind()) {
                case OBJECT -> n.members().size();
                case ARRAY -> n.elements().size();
                default -> 1;
            };
        }));
        f.add(of("JSON_KEYS", 1, 2, Types.fixed(SqlType.JSON), (a, t, ctx) -> {
            Json.Node n = target(a, t, "json_keys", ctx);
            if (n == null || n.kind() != Json.Kind.OBJECT) {
                return null;
            }
            StringBuilder sb = new StringBuilder("[");
            for (Map.Entry<String, Json.Node> m : n.members()) {
                if (sb.length() > 1) {
                    sb.append(", ");
                }
                Json.quote(m.getKey(), sb);
            }
            return sb.append(']').toString();
        }));
        f.add(of("JSON_CONTAINS", 2, 3, Types.fixed(SqlType.INT.withLength(1)), JsonFunctions::contains));
        f.add(of("JSON_QUOTE", 1, 1, (a, c) -> Types.varchar(Types.chars(a.get(0)) * 6L + 2),
                (a, t, ctx) -> Json.quote(str(a, t, 0))));
        return f;
    }

    private static Json.Node document(Object[] a, SqlType[] t, int i, String fn, EvalContext ctx) {
        String text = Values.toText(a[i], t[i]);
        try {
            return Json.parse(text);
        } catch (Json.SyntaxException e) {
            ctx.warn(SqlErrors.JSON_SYNTAX, "Syntax error in JSON text in argument " + (i + 1) + " to function '"
                    + fn + "' at position " + e.position());
            return null;
        }
    }

    private static JsonPath path(Object[] a, SqlType[] t, int i, String fn, EvalContext ctx) {
        try {
            return JsonPath.parse(str(a, t, i));
        } catch (JsonPath.SyntaxException e) {
            ctx.warn(4042, "Syntax error in JSON path in argument " + (i + 1) + " to function '" + fn
                    + "' at position " + e.position());
            return null;
        }
    }

    /** The document, or the single value an optional path argument (index 1) selects. */
    private static Json.Node target(Object[] a, SqlType[] t, String fn, EvalContext ctx) {
        Json.Node doc = document(a, t, 0, fn, ctx);
        if (doc == null || a.length < 2) {
            return doc;
        }
        JsonPath p = path(a, t, 1, fn, ctx);
        if (p == null) {
            return null;
        }
        List<Json.Node> found = p.select(doc);
        return found.isEmpty() ? null : found.get(0);
    }

    private static Object extract(Object[] a, SqlType[] t, EvalContext ctx) {
        Json.Node doc = document(a, t, 0, "json_extract", ctx);
        if (doc == null) {
            return null;
        }
        List<Json.Node> found = new ArrayList<>();
        boolean wrap = a.length > 2;
        for (int i = 1; i < a.length; i++) {
            JsonPath p = path(a, t, i, "json_extract", ctx);
            if (p == null) {
                return null;
            }
            wrap |= p.hasWildcard();
            found.addAll(p.select(doc));
        }
        if (found.isEmpty()) {
            return null;
        }
        if (!wrap) {
            return Json.format(found.get(0));
        }
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < found.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            Json.format(found.get(i), sb);
        }
        return sb.append(']').toString();
    }

    /** JSON_UNQUOTE: the leading JSON string literal decoded (what follows it is ignored); anything else unchanged. */
    static String unquote(String s) {
        if (s.isEmpty() || s.charAt(0) != '"') {
            return s;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                try {
                    return Json.parse(s.substring(0, i + 1)).stringValue();
                } catch (Json.SyntaxException e) {
                    return s;
                }
            }
        }
        return s;
    }

    private static Object object(Object[] a, SqlType[] t, EvalContext ctx) {
        if (a.length % 2 != 0) {
            throw SqlErrors.wrongParamCount("JSON_OBJECT");
        }
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < a.length; i += 2) {
            if (i > 0) {
                sb.append(", ");
            }
            Json.quote(a[i] == null ? "" : Values.toText(a[i], t[i]), sb);
            sb.append(": ");
            Json.appendValue(a[i + 1], t[i + 1], sb);
        }
        return sb.append('}').toString();
    }

    private static Object contains(Object[] a, SqlType[] t, EvalContext ctx) {
        Json.Node doc = a.length == 3 ? target(new Object[]{a[0], a[2]}, new SqlType[]{t[0], t[2]},
                "json_contains", ctx) : document(a, t, 0, "json_contains", ctx);
        Json.Node candidate = document(a, t, 1, "json_contains", ctx);
        if (doc == null || candidate == null) {
            return null;
        }
        return contains(doc, candidate) ? 1L : 0L;
    }

    /** MySQL's containment: objects by members, arrays by elements, scalars by value. */
    static boolean contains(Json.Node target, Json.Node candidate) {
        switch (target.kind()) {
            case OBJECT -> {
                if (candidate.kind() != Json.Kind.OBJECT) {
                    return false;
                }
                for (Map.Entry<String, Json.Node> m : candidate.members()) {
                    Json.Node v = target.member(m.getKey());
                    if (v == null || !contains(v, m.getValue())) {
                        return false;
                    }
                }
                return true;
            }
            case ARRAY -> {
                if (candidate.kind() == Json.Kind.ARRAY) {
                    for (Json.Node c : candidate.elements()) {
                        if (!contains(target, c)) {
                            return false;
                        }
                    }
                    return true;
                }
                for (Json.Node e : target.elements()) {
                    if (contains(e, candidate)) {
                        return true;
                    }
                }
                return false;
            }
            default -> {
                return scalarEquals(target, candidate);
            }
        }
    }

    private static boolean scalarEquals(Json.Node x, Json.Node y) {
        boolean xNum = x.kind() == Json.Kind.INTEGER || x.kind() == Json.Kind.DOUBLE;
        boolean yNum = y.kind() == Json.Kind.INTEGER || y.kind() == Json.Kind.DOUBLE;
        if (xNum && yNum) {
            return new BigDecimal(x.raw()).compareTo(new BigDecimal(y.raw())) == 0;
        }
        if (x.kind() != y.kind()) {
            return false;
        }
        return x.kind() == Json.Kind.STRING ? x.stringValue().equals(y.stringValue()) : x.raw().equals(y.raw());
    }
}
