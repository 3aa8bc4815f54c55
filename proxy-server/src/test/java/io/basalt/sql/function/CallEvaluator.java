package io.basalt.sql.function;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.sql.value.Arithmetic;
import io.basalt.sql.value.ArithmeticOp;
import io.basalt.sql.value.CastTarget;
import io.basalt.sql.value.Casts;
import io.basalt.sql.value.Comparison;
import io.basalt.sql.value.EvalContext;
import io.basalt.sql.value.Predicates;
import io.basalt.sql.value.Temporals;
import io.basalt.sql.value.Values;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * Evaluates a function-call expression written in SQL ({@code SUBSTRING('abc', 2)}, nested calls, literals
 * 'text', 12, 1.5, 1e0, NULL, DATE'...', TIME'...', TIMESTAMP'...', X'...') through {@link FunctionRegistry}, binding
 * as the SQL binder does: argument types from the literals, literal values passed as constants.
 */
final class CallEvaluator {
    /** A value with its type; {@code literal} when it came straight from the text. */
    record Result(Object value, SqlType type, boolean literal) {
    }

    private final String text;
    private final EvalContext ctx;
    private int pos;

    private CallEvaluator(String text, EvalContext ctx) {
        this.text = text;
        this.ctx = ctx;
    }

    static Result evaluate(String text, EvalContext ctx) {
        CallEvaluator e = new CallEvaluator(text, ctx);
        Result r = e.expression();
        e.skipSpaces();
        if (e.pos != text.length()) {
            throw new IllegalArgumentException("trailing text at " + e.pos + ": " + text);
        }
        return r;
    }

    /** The result as {@code mariadb -B -N} prints it. */
    static String print(Result r) {
        if (r.value() == null) {
            return "NULL";
        }
        String s = r.value() instanceof byte[] b ? new String(b, StandardCharsets.UTF_8)
                : Values.toText(r.value(), r.type());
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '\t' -> sb.append("\\t");
                case '\n' -> sb.append("\\n");
                case '\0' -> sb.append("\\0");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    private Result expression() {
        skipSpaces();
        char c = text.charAt(pos);
        if (c == '\'') {
            String s = string();
            return literal(s);
        }
        if (Character.isDigit(c) || c == '-' || c == '.') {
            int start = pos++;
            while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '.'
                    || (text.charAt(pos) == '-' || text.charAt(pos) == '+')
                    && Character.toLowerCase(text.charAt(pos - 1)) == 'e')) {
                pos++;
            }
            Values.Literal lit = Values.numericLiteral(text.substring(start, pos));
            return new Result(lit.value(), lit.type(), true);
        }
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            pos++;
        }
        String word = text.substring(start, pos).toUpperCase(Locale.ROOT);
        skipSpaces();
        if (pos < text.length() && text.charAt(pos) == '\'') {
            String s = string();
            return switch (word) {
                case "DATE" -> new Result(Temporals.parseDate(s).value(), SqlType.DATE, true);
                case "TIME" -> {
                    Object v = Temporals.parseTime(s).value();
                    yield new Result(v, Values.typeOf(v), true);
                }
                case "TIMESTAMP" -> {
                    Object v = Temporals.parseDateTime(s).value();
                    yield new Result(v, Values.typeOf(v), true);
                }
                case "X" -> {
                    byte[] b = HexFormat.of().parseHex(s);
                    yield new Result(b, Values.typeOf(b), true);
                }
                default -> throw new IllegalArgumentException("unknown literal prefix " + word);
            };
        }
        if (word.equals("NULL")) {
            return new Result(null, SqlType.NULL, true);
        }
        if (word.equals("TRUE") || word.equals("FALSE")) {
            return literal(word.equals("TRUE"));
        }
        return call(word);
    }

    private Result literal(Object v) {
        return new Result(v, Values.typeOf(v), true);
    }

    private Result call(String name) {
        expect('(');
        List<Result> args = new ArrayList<>();
        skipSpaces();
        if (text.charAt(pos) != ')') {
            while (true) {
                args.add(expression());
                skipSpaces();
                if (text.charAt(pos) == ',') {
                    pos++;
                    continue;
                }
                break;
            }
        }
        expect(')');
        if (name.equals("OP") || name.equals("CAST")) {
            return operator(name, args);
        }
        ScalarFunction f = FunctionRegistry.lookup(name)
                .orElseThrow(() -> new IllegalArgumentException("no function " + name));
        List<SqlType> types = new ArrayList<>();
        List<Object> constants = new ArrayList<>();
        Object[] values = new Object[args.size()];
        for (int i = 0; i < args.size(); i++) {
            types.add(args.get(i).type());
            constants.add(args.get(i).literal() ? args.get(i).value() : null);
            values[i] = args.get(i).value();
        }
        SqlType type = f.returnType(types, constants);
        Object v = f.apply(values, types.toArray(new SqlType[0]), ctx);
        return new Result(v, type.kind() == TypeKind.NULL && v != null ? Values.typeOf(v) : type, false);
    }

    /**
     * OP('+', a, b) for the arithmetic operators (+ - * / DIV MOD % & | ^ << >>), the comparisons
     * (= <> < <= > >= <=>) and unary '-' / '~'; CAST(x, 'target').
     */
    private Result operator(String name, List<Result> args) {
        if (name.equals("CAST")) {
            Result x = args.get(0);
            CastTarget target = CastTarget.parse((String) args.get(1).value());
            return new Result(Casts.cast(x.value(), x.type(), target, "cast", ctx), Casts.resultType(target, x.type()),
                    false);
        }
        String op = (String) args.get(0).value();
        Result a = args.get(1);
        if (args.size() == 2) {
            return op.equals("-")
                    ? new Result(Arithmetic.negate(a.value(), a.type(), "-", ctx), Arithmetic.negateType(a.type()), false)
                    : new Result(Arithmetic.bitNot(a.value(), a.type(), ctx), SqlType.BIGINT_UNSIGNED, false);
        }
        Result b = args.get(2);
        ArithmeticOp arithmetic = switch (op) {
            case "+" -> ArithmeticOp.ADD;
            case "-" -> ArithmeticOp.SUBTRACT;
            case "*" -> ArithmeticOp.MULTIPLY;
            case "/" -> ArithmeticOp.DIVIDE;
            case "DIV" -> ArithmeticOp.INT_DIVIDE;
            case "MOD", "%" -> ArithmeticOp.MODULO;
            case "&" -> ArithmeticOp.BIT_AND;
            case "|" -> ArithmeticOp.BIT_OR;
            case "^" -> ArithmeticOp.BIT_XOR;
            case "<<" -> ArithmeticOp.SHIFT_LEFT;
            case ">>" -> ArithmeticOp.SHIFT_RIGHT;
            default -> null;
        };
        if (arithmetic != null) {
            Arithmetic.Bound bound = Arithmetic.bind(arithmetic, a.type(), b.type(), op, ctx.divPrecisionIncrement());
            return new Result(bound.apply(a.value(), b.value(), ctx), bound.resultType(), false);
        }
        Boolean r;
        if (op.equals("<=>")) {
            r = Comparison.nullSafeEqual(a.value(), a.type(), b.value(), b.type(), ctx);
        } else if (a.value() == null || b.value() == null) {
            r = null;
        } else {
            int c = Comparison.compare(a.value(), a.type(), b.value(), b.type(), ctx);
            r = switch (op) {
                case "=" -> c == 0;
                case "<>" -> c != 0;
                case "<" -> c < 0;
                case "<=" -> c <= 0;
                case ">" -> c > 0;
                case ">=" -> c >= 0;
                default -> throw new IllegalArgumentException("unknown operator " + op);
            };
        }
        return new Result(Predicates.toSql(r), SqlType.INT.withLength(1), false);
    }

    private String string() {
        expect('\'');
        StringBuilder sb = new StringBuilder();
        while (true) {
            char c = text.charAt(pos++);
            if (c == '\'') {
                if (pos < text.length() && text.charAt(pos) == '\'') {
                    sb.append('\'');
                    pos++;
                    continue;
                }
                return sb.toString();
            }
            if (c == '\\') {
                char e = text.charAt(pos++);
                sb.append(switch (e) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case '0' -> '\0';
                    default -> e;
                });
                continue;
            }
            sb.append(c);
        }
    }

    private void expect(char c) {
        skipSpaces();
        if (text.charAt(pos) != c) {
            throw new IllegalArgumentException("expected " + c + " at " + pos + " in " + text);
        }
        pos++;
    }

    private void skipSpaces() {
        while (pos < text.length() && text.charAt(pos) == ' ') {
            pos++;
        }
    }
}
