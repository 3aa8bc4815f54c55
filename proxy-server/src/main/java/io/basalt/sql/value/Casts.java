package io.basalt.sql.value;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;

/**
 * CAST(x AS target) and CONVERT(x, target) with MariaDB's results and warnings: strings cast to integers read their
 * integer prefix ('12.5' → 12, warning 1292), doubles round half to even, decimals half away from zero, negative
 * integers cast to UNSIGNED keep their bits (note 1105), CHAR(n)/BINARY(n) cut with warning 1292, DECIMAL(p,s)
 * rounds and clips with warning 1264, fractional seconds are truncated, invalid dates give NULL with warning 1292.
 */
public final class Casts {
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final BigDecimal ULONG_MAX = Values.unsignedToDecimal(-1L);

    private Casts() {
    }

    /** The type of CAST(x AS target) where x has type {@code from} (CHAR without a length takes x's length). */
    public static SqlType resultType(CastTarget target, SqlType from) {
        return switch (target.kind()) {
            case SIGNED -> SqlType.BIGINT;
            case UNSIGNED -> SqlType.BIGINT_UNSIGNED;
            case CHAR -> SqlType.varchar(target.length() >= 0 ? target.length() : textLength(from));
            case BINARY -> SqlType.of(TypeKind.VARBINARY)
                    .withLength(target.length() >= 0 ? target.length() : textLength(from));
            case DECIMAL -> SqlType.decimal(target.precision(), target.scale());
            case DOUBLE -> SqlType.DOUBLE;
            case FLOAT -> SqlType.of(TypeKind.FLOAT);
            case DATE -> SqlType.DATE;
            case DATETIME -> SqlType.temporal(TypeKind.DATETIME, target.scale());
            case TIME -> SqlType.temporal(TypeKind.TIME, target.scale());
            case JSON -> SqlType.JSON;
        };
    }

    private static int textLength(SqlType from) {
        int n = TypeUnifier.charLength(from);
        return from.kind().isTextOrBlob() || n <= 0 ? 65535 : n;
    }

    /**
     * Converts v (of type {@code from}) to the target's value model; null for NULL and for invalid temporals.
     * {@code exprText} is the CAST expression as MariaDB prints it in warning 1264.
     */
    public static Object cast(Object v, SqlType from, CastTarget target, String exprText, EvalContext ctx) {
        if (v == null) {
            return null;
        }
        return switch (target.kind()) {
            case SIGNED -> toSigned(v, from, ctx);
            case UNSIGNED -> toUnsigned(v, from, ctx);
            case CHAR -> toChar(v, from, target.length(), ctx);
            case BINARY -> toBinary(v, from, target.length(), ctx);
            case DECIMAL -> toDecimal(v, from, target.precision(), target.scale(), exprText, ctx);
            case DOUBLE -> Values.toDouble(v, from, ctx);
            case FLOAT -> (double) (float) Values.toDouble(v, from, ctx);
            case DATE -> toDate(v, from, ctx);
            case DATETIME -> toDateTime(v, from, target.scale(), ctx);
            case TIME -> toTime(v, from, target.scale(), ctx);
            case JSON -> toJson(v, from);
        };
    }

    /** MySQL's CAST AS JSON (MariaDB has none): strings must hold JSON, other values become JSON scalars. */
    private static String toJson(Object v, SqlType from) {
        if (from.kind() == TypeKind.JSON || v instanceof String || v instanceof byte[]) {
            String text = Values.toText(v, from);
            try {
                return Json.format(Json.parse(text));
            } catch (Json.SyntaxException e) {
                throw SqlErrors.error(3141, "Invalid JSON text in argument 1 to function cast_as_json: "
                        + "\"Invalid value.\" at position " + (e.position() - 1) + ".");
            }
        }
        return Json.toJsonText(v, from);
    }

    private static long toSigned(Object v, SqlType from, EvalContext ctx) {
        if (v instanceof Double d) {
            double r = Math.rint(d);
            if (r >= 9.223372036854775807E18 || r < -9.223372036854775808E18) {
                ctx.note(SqlErrors.CAST_OVERFLOW, overflowText(Values.toText(v, from), "SIGNED BIGINT"));
            }
            return Values.doubleToLong(d);
        }
        if (v instanceof BigDecimal d) {
            BigDecimal r = d.setScale(0, RoundingMode.HALF_UP);
            if (r.compareTo(LONG_MAX) > 0 || r.compareTo(LONG_MIN) < 0) {
                ctx.warn(SqlErrors.CAST_OVERFLOW, overflowText(d.toPlainString(), "INT"));
            }
            return Values.decimalToLong(d);
        }
        long r = Values.toLong(v, from, ctx);
        if (r < 0 && (v instanceof Long && from.unsigned() || isUnsignedRange(v, from))) {
            ctx.note(SqlErrors.UNKNOWN_ERROR,
                    "Cast to signed converted positive out-of-range integer to it's negative complement");
        }
        return r;
    }

    /** A string whose integer prefix lies in 2^63 .. 2^64-1 (it reads as a negative BIGINT). */
    private static boolean isUnsignedRange(Object v, SqlType from) {
        if (!(v instanceof String) && !(v instanceof byte[])) {
            return false;
        }
        String s = Values.toText(v, from).strip();
        int end = s.startsWith("+") ? 1 : 0;
        int start = end;
        while (end < s.length() && Character.isDigit(s.charAt(end))) {
            end++;
        }
        if (end == start || end - start > 20) {
            return false;
        }
        BigDecimal n = new BigDecimal(s.substring(start, end));
        return n.compareTo(LONG_MAX) > 0 && n.compareTo(ULONG_MAX) <= 0;
    }

    private static long toUnsigned(Object v, SqlType from, EvalContext ctx) {
        if (v instanceof Long l) {
            if (l < 0 && !from.unsigned()) {
                complementNote(ctx);
            }
            return l;
        }
        if (v instanceof Double d) {
            double r = Math.rint(d);
            if (r < 0 || r >= 1.8446744073709552E19) {
                ctx.note(SqlErrors.CAST_OVERFLOW, overflowText(Values.toText(v, from), "UNSIGNED BIGINT"));
                return r < 0 ? 0 : -1L;
            }
            return Values.toUnsignedLong(d, from, ctx);
        }
        if (v instanceof BigDecimal d) {
            BigDecimal r = d.setScale(0, RoundingMode.HALF_UP);
            if (d.signum() < 0 || r.compareTo(ULONG_MAX) > 0) {
                ctx.warn(SqlErrors.CAST_OVERFLOW, overflowText(d.toPlainString(), "UNSIGNED INT"));
                return d.signum() < 0 ? 0 : -1L;
            }
            return r.toBigInteger().longValue();
        }
        if (v instanceof String || v instanceof byte[]) {
            long bits = Values.toLong(v, from, ctx);
            if (bits < 0 && Values.toText(v, from).trim().startsWith("-")) {
                complementNote(ctx);
            }
            return bits;
        }
        return Values.toLong(v, from, ctx);
    }

    private static void complementNote(EvalContext ctx) {
        ctx.note(SqlErrors.UNKNOWN_ERROR, "Cast to unsigned converted negative integer to it's positive complement");
    }

    private static String overflowText(String value, String target) {
        return "Got overflow when converting '" + value + "' to " + target + ". Value truncated";
    }

    private static String toChar(Object v, SqlType from, int length, EvalContext ctx) {
        String s = Values.toText(v, from);
        if (length >= 0 && s.codePointCount(0, s.length()) > length) {
            ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE,
                    SqlErrors.truncatedWrongValueText("CHAR(" + length + ")", s));
            return s.substring(0, s.offsetByCodePoints(0, length));
        }
        return s;
    }

    private static byte[] toBinary(Object v, SqlType from, int length, EvalContext ctx) {
        byte[] b = Values.toBytes(v, from);
        if (length < 0 || b.length == length) {
            return b;
        }
        if (b.length > length) {
            ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE,
                    SqlErrors.truncatedWrongValueText("BINARY(" + length + ")", Values.toText(v, from)));
        }
        return Arrays.copyOf(b, length);
    }

    /** Rounds to scale, clipping to the largest value DECIMAL(p,s) holds (warning 1264). */
    static BigDecimal toDecimal(Object v, SqlType from, int precision, int scale, String exprText, EvalContext ctx) {
        BigDecimal d = Values.toDecimal(v, from, ctx).setScale(scale, RoundingMode.HALF_UP);
        BigDecimal max = maxDecimal(precision, scale);
        if (d.abs().compareTo(max) > 0) {
            ctx.warn(SqlErrors.WARN_DATA_OUT_OF_RANGE, SqlErrors.columnOutOfRangeText(exprText, 1));
            return d.signum() < 0 ? max.negate() : max;
        }
        return d;
    }

    static BigDecimal maxDecimal(int precision, int scale) {
        return BigDecimal.ONE.movePointRight(precision).subtract(BigDecimal.ONE).movePointLeft(scale);
    }

    private static LocalDate toDate(Object v, SqlType from, EvalContext ctx) {
        if (v instanceof String || v instanceof byte[]) {
            String s = Values.toText(v, from);
            Temporals.Parsed<LocalDate> p = Temporals.parseDate(s);
            return checked(p, s, "date", ctx);
        }
        return Values.toLocalDate(v, from, ctx);
    }

    private static LocalDateTime toDateTime(Object v, SqlType from, int fsp, EvalContext ctx) {
        LocalDateTime dt;
        if (v instanceof String || v instanceof byte[]) {
            String s = Values.toText(v, from);
            dt = checked(Temporals.parseDateTime(s), s, "datetime", ctx);
        } else {
            dt = Values.toLocalDateTime(v, from, ctx);
        }
        return dt == null ? null : Temporals.truncate(dt, fsp);
    }

    private static Duration toTime(Object v, SqlType from, int fsp, EvalContext ctx) {
        Duration d;
        if (v instanceof String || v instanceof byte[]) {
            String s = Values.toText(v, from);
            Temporals.Parsed<Duration> p = Temporals.parseTime(s);
            if (!p.valid()) {
                ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE, SqlErrors.incorrectTemporalText("time", s));
                return null;
            }
            if (p.truncated()) {
                ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE, SqlErrors.truncatedWrongValueText("time", s));
            }
            d = p.value();
        } else {
            d = Values.toDuration(v, from, ctx);
        }
        return d == null ? null : Temporals.truncate(d, fsp);
    }

    private static <T> T checked(Temporals.Parsed<T> p, String s, String what, EvalContext ctx) {
        if (!p.valid()) {
            ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE, SqlErrors.incorrectTemporalText("datetime", s));
            return null;
        }
        if (p.truncated()) {
            ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE, SqlErrors.truncatedWrongValueText(what, s));
        }
        return p.value();
    }
}
