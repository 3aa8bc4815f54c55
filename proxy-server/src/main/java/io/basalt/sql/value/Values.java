package io.basalt.sql.value;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * MySQL's implicit conversions between values of the model documented on {@link SqlType}, with the warnings MySQL
 * gives (1292 "Truncated incorrect DOUBLE value: 'abc'"). Numeric conversions take a non-null value; temporal ones
 * return null (with a warning) for values that are not a valid date or time. Stateless and thread-safe.
 */
public final class Values {
    private static final BigDecimal TWO_64 = new BigDecimal(BigInteger.ONE.shiftLeft(64));
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final BigDecimal ULONG_MAX = TWO_64.subtract(BigDecimal.ONE);
    private static final double TWO_63 = 9.223372036854775808E18;
    /** Types of integer literals by digit count (1 to 19): bound parameters ask for them once a row. */
    private static final SqlType[] INTEGER_LITERAL_TYPES = new SqlType[20];

    static {
        for (int digits = 1; digits < INTEGER_LITERAL_TYPES.length; digits++) {
            INTEGER_LITERAL_TYPES[digits] = new SqlType(digits <= 9 ? TypeKind.INT : TypeKind.BIGINT, digits + 1, 0,
                    0, false, java.util.List.of());
        }
    }

    /** A parsed SQL literal and its type. */
    public record Literal(Object value, SqlType type) {
    }

    private Values() {
    }

    // ---------------------------------------------------------------- types of literals

    /** Digits of |v| in decimal, without making its text. */
    private static int decimalDigits(long v) {
        int digits = 1;
        for (long rest = v; rest <= -10 || rest >= 10; rest /= 10) {
            digits++;
        }
        return digits;
    }

    /**
     * The type MariaDB gives a literal value (integer literals of up to 9 digits are INT, longer BIGINT; the length
     * of an integer literal counts a sign position, as a signed column's display width does).
     */
    public static SqlType typeOf(Object literal) {
        if (literal == null) {
            return SqlType.NULL;
        }
        if (literal instanceof Long l) {
            return INTEGER_LITERAL_TYPES[decimalDigits(l)];
        }
        if (literal instanceof Integer i) {
            return typeOf((long) i);
        }
        if (literal instanceof BigDecimal d) {
            return SqlType.decimal(Math.max(d.precision(), Math.max(d.scale(), 1)), Math.max(d.scale(), 0));
        }
        if (literal instanceof Double || literal instanceof Float) {
            return SqlType.DOUBLE;
        }
        if (literal instanceof String s) {
            return SqlType.varchar(s.codePointCount(0, s.length()));
        }
        if (literal instanceof byte[] b) {
            return SqlType.of(TypeKind.VARBINARY).withLength(b.length);
        }
        if (literal instanceof LocalDateTime dt) {
            return SqlType.temporal(TypeKind.DATETIME, Temporals.fspOf(dt.getNano() / 1000));
        }
        if (literal instanceof LocalDate) {
            return SqlType.DATE;
        }
        if (literal instanceof Duration d) {
            return SqlType.temporal(TypeKind.TIME, Temporals.fspOf(d.getNano() / 1000));
        }
        if (literal instanceof Boolean) {
            return SqlType.INT.withLength(1);
        }
        throw new IllegalArgumentException("not a SQL value: " + literal.getClass().getName());
    }

    /**
     * A numeric literal as written in SQL: "12" (INT/BIGINT, BIGINT UNSIGNED up to 2^64-1, DECIMAL beyond), "1.50"
     * (DECIMAL(3,2)), "1e3" (DOUBLE).
     */
    public static Literal numericLiteral(String text) {
        if (text.indexOf('e') >= 0 || text.indexOf('E') >= 0) {
            return new Literal(Double.parseDouble(text), SqlType.DOUBLE);
        }
        BigDecimal d = new BigDecimal(text);
        if (text.indexOf('.') >= 0) {
            return new Literal(d, typeOf(d));
        }
        if (d.compareTo(LONG_MIN) >= 0 && d.compareTo(LONG_MAX) <= 0) {
            long v = d.longValueExact();
            return new Literal(v, typeOf(v));
        }
        if (d.signum() > 0 && d.compareTo(ULONG_MAX) <= 0) {
            return new Literal(d.toBigInteger().longValue(), SqlType.BIGINT_UNSIGNED);
        }
        return new Literal(d, SqlType.decimal(d.precision(), 0));
    }

    /**
     * Converts a value to another type's value model without range checks (the implicit conversion of CASE, IF,
     * COALESCE and UNION branches to their {@link TypeUnifier unified} type). Null for NULL and invalid temporals.
     */
    public static Object coerce(Object v, SqlType from, SqlType to, EvalContext ctx) {
        if (v == null || to.kind() == TypeKind.NULL || from.equals(to)) {
            return v;
        }
        return switch (to.kind().category()) {
            case STRING -> toText(v, from);
            case BINARY -> toBytes(v, from);
            case INTEGER -> to.unsigned() ? toUnsignedLong(v, from, ctx) : toLong(v, from, ctx);
            case DECIMAL -> toDecimal(v, from, ctx);
            case FLOATING -> toDouble(v, from, ctx);
            case TEMPORAL -> switch (to.kind()) {
                case DATE -> toLocalDate(v, from, ctx);
                case TIME -> toDuration(v, from, ctx);
                default -> toLocalDateTime(v, from, ctx);
            };
            case NULL -> v;
        };
    }

    // ---------------------------------------------------------------- truth

    /** MySQL truthiness: nonzero numbers, strings that read as nonzero numbers, non-null temporals; NULL → null. */
    public static Boolean isTrue(Object v, SqlType t, EvalContext ctx) {
        if (v == null) {
            return null;
        }
        if (v instanceof Long l) {
            return l != 0;
        }
        if (v instanceof BigDecimal d) {
            return d.signum() != 0;
        }
        if (v instanceof Double d) {
            return d != 0;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        if (v instanceof Duration d) {
            return !d.isZero();
        }
        if (v instanceof LocalDate || v instanceof LocalDateTime) {
            return true;
        }
        return toDouble(v, t, ctx) != 0;
    }

    // ---------------------------------------------------------------- numbers

    /**
     * The value as a signed 64-bit integer (MySQL val_int): decimals round half away from zero, doubles round half
     * to even, strings read their integer prefix, temporals read as YYYYMMDD[HHMMSS] / HHMMSS (fraction dropped).
     * Out-of-range values are clipped.
     */
    public static long toLong(Object v, SqlType t, EvalContext ctx) {
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof BigDecimal d) {
            return decimalToLong(d);
        }
        if (v instanceof Double d) {
            return doubleToLong(d);
        }
        if (v instanceof String s) {
            return t != null && t.kind() == TypeKind.ENUM ? enumIndex(s, t) : stringToLong(s, ctx);
        }
        if (v instanceof byte[] b) {
            return stringToLong(new String(b, StandardCharsets.UTF_8), ctx);
        }
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        if (v instanceof Integer i) {
            return i;
        }
        return temporalToDecimal(v).longValue();
    }

    /**
     * The value as the 64 bits of an unsigned integer: negative integers keep their two's complement bits (as
     * CAST AS UNSIGNED does), values above 2^64-1 clip to it.
     */
    public static long toUnsignedLong(Object v, SqlType t, EvalContext ctx) {
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof BigDecimal d) {
            BigDecimal r = d.setScale(0, RoundingMode.HALF_UP);
            if (r.signum() < 0) {
                return r.compareTo(LONG_MIN) < 0 ? Long.MIN_VALUE : r.longValue();
            }
            return r.compareTo(ULONG_MAX) > 0 ? -1L : r.toBigInteger().longValue();
        }
        if (v instanceof Double d) {
            double r = Math.rint(d);
            if (r >= 1.8446744073709552E19) {
                return -1L;
            }
            if (r >= TWO_63) {
                return new BigDecimal(r).toBigInteger().longValue();
            }
            return doubleToLong(r);
        }
        return toLong(v, t, ctx);
    }

    public static double toDouble(Object v, SqlType t, EvalContext ctx) {
        if (v instanceof Double d) {
            return d;
        }
        if (v instanceof Long l) {
            return t != null && t.unsigned() && l < 0 ? unsignedToDouble(l) : l;
        }
        if (v instanceof BigDecimal d) {
            return d.doubleValue();
        }
        if (v instanceof String s) {
            return t != null && t.kind() == TypeKind.ENUM ? enumIndex(s, t) : stringToDouble(s, ctx);
        }
        if (v instanceof byte[] b) {
            return stringToDouble(new String(b, StandardCharsets.UTF_8), ctx);
        }
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        if (v instanceof Integer i) {
            return i;
        }
        return temporalToDecimal(v).doubleValue();
    }

    public static BigDecimal toDecimal(Object v, SqlType t, EvalContext ctx) {
        if (v instanceof BigDecimal d) {
            return d;
        }
        if (v instanceof Long l) {
            return t != null && t.unsigned() && l < 0 ? unsignedToDecimal(l) : BigDecimal.valueOf(l);
        }
        if (v instanceof Double d) {
            if (d.isInfinite() || d.isNaN()) {
                return BigDecimal.ZERO;
            }
            return new BigDecimal(DoubleFormat.formatDouble(d).replace("e", "E"));
        }
        if (v instanceof String s) {
            return t != null && t.kind() == TypeKind.ENUM ? BigDecimal.valueOf(enumIndex(s, t)) : stringToDecimal(s, ctx);
        }
        if (v instanceof byte[] b) {
            return stringToDecimal(new String(b, StandardCharsets.UTF_8), ctx);
        }
        if (v instanceof Boolean b) {
            return b ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        if (v instanceof Integer i) {
            return BigDecimal.valueOf(i);
        }
        return temporalToDecimal(v);
    }

    /** The number a temporal value reads as: 20240102, 20240102153000[.ffffff], 153000[.ffffff]. */
    public static BigDecimal temporalToDecimal(Object v) {
        if (v instanceof LocalDate d) {
            return BigDecimal.valueOf(d.getYear() * 10000L + d.getMonthValue() * 100L + d.getDayOfMonth());
        }
        if (v instanceof LocalDateTime dt) {
            long whole = (dt.getYear() * 10000L + dt.getMonthValue() * 100L + dt.getDayOfMonth()) * 1000000L
                    + dt.getHour() * 10000L + dt.getMinute() * 100L + dt.getSecond();
            int micros = dt.getNano() / 1000;
            return micros == 0 ? BigDecimal.valueOf(whole)
                    : BigDecimal.valueOf(whole).add(BigDecimal.valueOf(micros, 6)).stripTrailingZeros();
        }
        if (v instanceof Duration d) {
            long micros = Temporals.toMicros(d);
            long abs = Math.abs(micros);
            long secs = abs / 1_000_000L;
            long hhmmss = secs / 3600 * 10000 + secs / 60 % 60 * 100 + secs % 60;
            long frac = abs % 1_000_000L;
            BigDecimal r = frac == 0 ? BigDecimal.valueOf(hhmmss)
                    : BigDecimal.valueOf(hhmmss * 1000000L + frac, 6).stripTrailingZeros();
            return micros < 0 ? r.negate() : r;
        }
        throw new IllegalArgumentException("not a SQL value: " + v.getClass().getName());
    }

    /** The 1-based position of an ENUM label in its type (0 for the empty string of an invalid value). */
    public static long enumIndex(String label, SqlType t) {
        java.util.List<String> labels = t.enumValues();
        for (int i = 0; i < labels.size(); i++) {
            if (Collation.equalsCi(labels.get(i), label)) {
                return i + 1;
            }
        }
        return 0;
    }

    public static double unsignedToDouble(long bits) {
        double d = (double) (bits >>> 1) * 2.0;
        return d + (bits & 1);
    }

    public static BigDecimal unsignedToDecimal(long bits) {
        return bits >= 0 ? BigDecimal.valueOf(bits) : new BigDecimal(new BigInteger(Long.toUnsignedString(bits)));
    }

    static long decimalToLong(BigDecimal d) {
        BigDecimal r = d.setScale(0, RoundingMode.HALF_UP);
        if (r.compareTo(LONG_MAX) > 0) {
            return Long.MAX_VALUE;
        }
        if (r.compareTo(LONG_MIN) < 0) {
            return Long.MIN_VALUE;
        }
        return r.longValue();
    }

    static long doubleToLong(double d) {
        double r = Math.rint(d);
        if (r >= TWO_63) {
            return Long.MAX_VALUE;
        }
        if (r <= -TWO_63) {
            return Long.MIN_VALUE;
        }
        return (long) r;
    }

    static double stringToDouble(String s, EvalContext ctx) {
        NumberScanner.Scan scan = NumberScanner.scan(s, false);
        double value = scan.hasNumber() ? Double.parseDouble(s.substring(scan.start(), scan.end())) : 0;
        int status = scan.status();
        if (Double.isInfinite(value)) {
            value = value > 0 ? Double.MAX_VALUE : -Double.MAX_VALUE;
            status = NumberScanner.GARBAGE;
        }
        report(status, "DOUBLE", s, ctx);
        return value;
    }

    static BigDecimal stringToDecimal(String s, EvalContext ctx) {
        NumberScanner.Scan scan = NumberScanner.scan(s, false);
        report(scan.status(), "DECIMAL", s, ctx);
        if (!scan.hasNumber()) {
            return BigDecimal.ZERO;
        }
        String text = s.substring(scan.start(), scan.end());
        if (text.endsWith(".")) {
            text = text.substring(0, text.length() - 1);
        }
        BigDecimal d = new BigDecimal(text);
        return d.scale() < 0 ? d.setScale(0) : d;
    }

    /** Integer prefix of a string; beyond 64 bits clips to Long.MIN_VALUE or to the bits of 2^64-1 (-1). */
    static long stringToLong(String s, EvalContext ctx) {
        NumberScanner.Scan scan = NumberScanner.scan(s, true);
        int status = scan.status();
        long result = 0;
        if (scan.hasNumber()) {
            int i = scan.start();
            boolean negative = s.charAt(i) == '-';
            if (s.charAt(i) == '-' || s.charAt(i) == '+') {
                i++;
            }
            long acc = 0;
            boolean overflow = false;
            for (; i < scan.end(); i++) {
                int digit = s.charAt(i) - '0';
                if (Long.compareUnsigned(acc, Long.divideUnsigned(-1L, 10)) > 0
                        || acc * 10 + digit != 0 && Long.compareUnsigned(acc * 10 + digit, acc * 10) < 0) {
                    overflow = true;
                    break;
                }
                acc = acc * 10 + digit;
            }
            if (negative) {
                if (overflow || Long.compareUnsigned(acc, 1L << 63) > 0) {
                    result = Long.MIN_VALUE;
                    overflow = true;
                } else {
                    result = -acc;
                }
            } else {
                result = overflow ? -1L : acc;
            }
            if (overflow) {
                status = NumberScanner.GARBAGE;
            }
        }
        report(status, "INTEGER", s, ctx);
        return result;
    }

    private static void report(int status, String what, String s, EvalContext ctx) {
        if (status == NumberScanner.CLEAN || ctx == null) {
            return;
        }
        String text = SqlErrors.truncatedWrongValueText(what, s);
        if (status == NumberScanner.TRAILING_SPACE) {
            ctx.note(SqlErrors.TRUNCATED_WRONG_VALUE, text);
        } else {
            ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE, text);
        }
    }

    // ---------------------------------------------------------------- text and bytes

    /** MySQL's CAST(v AS CHAR): the text a value shows in a result set. Null for NULL. */
    public static String toText(Object v, SqlType t) {
        if (v == null) {
            return null;
        }
        if (v instanceof String s) {
            return s;
        }
        if (v instanceof Long l) {
            if (t != null && t.kind() == TypeKind.YEAR) {
                return l == 0 ? "0000" : Long.toString(l);
            }
            return t != null && t.unsigned() ? Long.toUnsignedString(l) : Long.toString(l);
        }
        if (v instanceof BigDecimal d) {
            if (t != null && t.kind() == TypeKind.DECIMAL && d.scale() != t.scale()) {
                return d.setScale(t.scale(), RoundingMode.HALF_UP).toPlainString();
            }
            return d.toPlainString();
        }
        if (v instanceof Double d) {
            if (t != null && t.scale() > 0 && t.scale() < 31 && !d.isInfinite() && !d.isNaN()) {
                return new BigDecimal(d).setScale(t.scale(), RoundingMode.HALF_EVEN).toPlainString();
            }
            return t != null && t.kind() == TypeKind.FLOAT ? DoubleFormat.formatFloat(d) : DoubleFormat.formatDouble(d);
        }
        if (v instanceof byte[] b) {
            return new String(b, StandardCharsets.UTF_8);
        }
        if (v instanceof LocalDateTime dt) {
            return Temporals.formatDateTime(dt, fspFor(t, dt.getNano() / 1000));
        }
        if (v instanceof LocalDate d) {
            return Temporals.formatDate(d);
        }
        if (v instanceof Duration d) {
            return Temporals.formatTime(d, fspFor(t, d.getNano() / 1000));
        }
        if (v instanceof Boolean b) {
            return b ? "1" : "0";
        }
        return v.toString();
    }

    private static int fspFor(SqlType t, int micros) {
        if (t != null && t.kind().category() == TypeKind.Category.TEMPORAL) {
            return t.fsp();
        }
        return micros == 0 ? 0 : 6;
    }

    /** The bytes of a value: binary strings as they are, everything else as the UTF-8 of its text. */
    public static byte[] toBytes(Object v, SqlType t) {
        if (v == null) {
            return null;
        }
        if (v instanceof byte[] b) {
            return b;
        }
        return toText(v, t).getBytes(StandardCharsets.UTF_8);
    }

    // ---------------------------------------------------------------- temporals

    /** A DATE from any value; null with warning 1292 when it is not a valid date. */
    public static LocalDate toLocalDate(Object v, SqlType t, EvalContext ctx) {
        if (v == null) {
            return null;
        }
        if (v instanceof LocalDate d) {
            return d;
        }
        if (v instanceof LocalDateTime dt) {
            return dt.toLocalDate();
        }
        LocalDateTime dt = toLocalDateTime(v, t, ctx);
        return dt == null ? null : dt.toLocalDate();
    }

    /** A DATETIME from any value (TIME values take the statement's date); null with warning 1292 when invalid. */
    public static LocalDateTime toLocalDateTime(Object v, SqlType t, EvalContext ctx) {
        if (v == null) {
            return null;
        }
        if (v instanceof LocalDateTime dt) {
            return dt;
        }
        if (v instanceof LocalDate d) {
            return d.atStartOfDay();
        }
        if (v instanceof Duration d) {
            return ctx.statementTime().toLocalDate().atStartOfDay().plus(d);
        }
        if (v instanceof String || v instanceof byte[]) {
            String s = v instanceof String str ? str : new String((byte[]) v, StandardCharsets.UTF_8);
            Temporals.Parsed<LocalDateTime> p = Temporals.parseDateTime(s);
            if (!p.valid()) {
                warnIncorrect("datetime", s, ctx);
                return null;
            }
            if (p.truncated() && ctx != null) {
                ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE, SqlErrors.truncatedWrongValueText("datetime", s));
            }
            return p.value();
        }
        LocalDateTime dt = numberToDateTime(v, t);
        if (dt == null) {
            warnIncorrect("datetime", toText(v, t), ctx);
        }
        return dt;
    }

    /** A TIME from any value (DATETIME: its time of day); null with warning 1292 when invalid. */
    public static Duration toDuration(Object v, SqlType t, EvalContext ctx) {
        if (v == null) {
            return null;
        }
        if (v instanceof Duration d) {
            return d;
        }
        if (v instanceof LocalDateTime dt) {
            return Temporals.timeOf(dt);
        }
        if (v instanceof LocalDate) {
            return Duration.ZERO;
        }
        Temporals.Parsed<Duration> p;
        String text;
        if (v instanceof String || v instanceof byte[]) {
            text = v instanceof String str ? str : new String((byte[]) v, StandardCharsets.UTF_8);
            p = Temporals.parseTime(text);
        } else {
            text = toText(v, t);
            p = numberToTime(v, t);
        }
        if (!p.valid()) {
            warnIncorrect("time", text, ctx);
            return null;
        }
        if (p.truncated() && ctx != null) {
            ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE, SqlErrors.truncatedWrongValueText("time", text));
        }
        return p.value();
    }

    static LocalDateTime numberToDateTime(Object v, SqlType t) {
        if (v instanceof Long l) {
            return Temporals.numberToDateTime(l, 0);
        }
        BigDecimal d = v instanceof BigDecimal bd ? bd
                : v instanceof Double dbl && !dbl.isNaN() && !dbl.isInfinite() ? BigDecimal.valueOf(dbl) : null;
        if (d == null || d.signum() < 0 || d.compareTo(LONG_MAX) > 0) {
            return null;
        }
        long whole = d.longValue();
        int micros = d.subtract(BigDecimal.valueOf(whole)).movePointRight(6).intValue();
        return Temporals.numberToDateTime(whole, micros);
    }

    static Temporals.Parsed<Duration> numberToTime(Object v, SqlType t) {
        if (v instanceof Long l) {
            return Temporals.numberToTime(l, 0);
        }
        BigDecimal d = v instanceof BigDecimal bd ? bd
                : v instanceof Double dbl && !dbl.isNaN() && !dbl.isInfinite() ? BigDecimal.valueOf(dbl) : null;
        if (d == null || d.abs().compareTo(LONG_MAX) > 0) {
            return new Temporals.Parsed<>(null, false);
        }
        long whole = d.longValue();
        int micros = d.subtract(BigDecimal.valueOf(whole)).abs().movePointRight(6).intValue();
        Temporals.Parsed<Duration> p = Temporals.numberToTime(whole, micros);
        if (p.valid() && d.signum() < 0 && whole == 0) {
            return new Temporals.Parsed<>(p.value().negated(), p.truncated());
        }
        return p;
    }

    private static void warnIncorrect(String what, String text, EvalContext ctx) {
        if (ctx != null) {
            ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE, SqlErrors.incorrectTemporalText(what, text));
        }
    }
}
