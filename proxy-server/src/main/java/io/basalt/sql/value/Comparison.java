package io.basalt.sql.value;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * MySQL comparison rules (as MariaDB 10.11 applies them): strings under the case-insensitive collation, byte
 * strings bytewise, numbers exactly unless a double is involved, strings against integers as DECIMAL and against
 * decimals or doubles as DOUBLE, temporals against strings by reading the string as the temporal type, DATE against
 * DATETIME as DATETIME. Also the normalisation behind GROUP BY, DISTINCT and hash joins.
 */
public final class Comparison {
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    private Comparison() {
    }

    /** The domain operands of these types are compared in; compute it once per operator. */
    public static ComparisonType of(SqlType ta, SqlType tb) {
        return ComparisonType.of(ta, tb);
    }

    /** The order ORDER BY uses for a column of type t (ENUM sorts by position, everything else as compared). */
    public static ComparisonType ordering(SqlType t) {
        return t.kind() == TypeKind.ENUM ? ComparisonType.ENUM_POSITION : of(t, t);
    }

    /** Compares two non-null values. */
    public static int compare(Object a, SqlType ta, Object b, SqlType tb, EvalContext ctx) {
        return of(ta, tb).compare(a, ta, b, tb, ctx);
    }

    /** {@code a = b}: null when either is NULL. */
    public static Boolean equal(Object a, SqlType ta, Object b, SqlType tb, EvalContext ctx) {
        if (a == null || b == null) {
            return null;
        }
        return compare(a, ta, b, tb, ctx) == 0;
    }

    /** {@code a <=> b}: NULL-safe equality, NULL <=> NULL is true. */
    public static boolean nullSafeEqual(Object a, SqlType ta, Object b, SqlType tb, EvalContext ctx) {
        if (a == null || b == null) {
            return a == null && b == null;
        }
        return compare(a, ta, b, tb, ctx) == 0;
    }

    /**
     * A key that is equal (equals/hashCode) for two values of type t iff they compare equal: strings folded under
     * the collation, numbers in one canonical form across Long/BigDecimal/Double (1 = 1.0), DATE as a DATETIME at
     * midnight. NULL gives null (GROUP BY puts all NULLs in one group). Keys are for grouping only; show the
     * original values.
     */
    public static Object hashKey(Object v, SqlType t) {
        if (v == null) {
            return null;
        }
        if (v instanceof String s) {
            if (t != null && t.kind().category() == TypeKind.Category.BINARY) {
                return new BytesKey(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            return Collation.sortKey(s);
        }
        if (v instanceof Long l) {
            return t != null && t.unsigned() && l < 0 ? Values.unsignedToDecimal(l) : l;
        }
        if (v instanceof BigDecimal d) {
            return canonical(ComparisonType.asShown(d, t));
        }
        if (v instanceof Double d) {
            return canonical(d);
        }
        if (v instanceof byte[] b) {
            return new BytesKey(b);
        }
        if (v instanceof LocalDate d) {
            return d.atStartOfDay();
        }
        return v;
    }

    /**
     * The key of a value as an operand of a comparison of type ct, for hash joins between columns of different
     * types: both sides hashed with the join's comparison type give equal keys when they compare equal.
     */
    public static Object hashKey(Object v, SqlType t, ComparisonType ct, EvalContext ctx) {
        if (v == null) {
            return null;
        }
        return switch (ct) {
            case INTEGER -> hashKey(v instanceof Long ? v : Values.toLong(v, t, ctx), t);
            case DECIMAL -> canonical(ComparisonType.asShown(Values.toDecimal(v, t, ctx), t));
            case DOUBLE -> canonical(Values.toDouble(v, t, ctx));
            case STRING -> Collation.sortKey(Values.toText(v, t));
            case BINARY -> new BytesKey(Values.toBytes(v, t));
            case DATETIME -> ComparisonType.dateTimeOperand(v, t, ctx);
            case DATE -> ComparisonType.dateOperand(v, t, ctx);
            case TIME -> ComparisonType.timeOperand(v, t, ctx);
            case ENUM_POSITION -> Values.toLong(v, t, ctx);
        };
    }

    private static Object canonical(BigDecimal d) {
        if (d.signum() == 0) {
            return 0L;
        }
        BigDecimal s = d.stripTrailingZeros();
        if (s.scale() <= 0 && s.compareTo(LONG_MIN) >= 0 && s.compareTo(LONG_MAX) <= 0) {
            return s.longValueExact();
        }
        return s.scale() < 0 ? s.setScale(0) : s;
    }

    private static Object canonical(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 9.2e18) {
            return (long) d;
        }
        return canonical(BigDecimal.valueOf(d));
    }

    /** A byte string with value equality, for use in keys. */
    public record BytesKey(byte[] bytes) {
        @Override
        public boolean equals(Object o) {
            return o instanceof BytesKey k && java.util.Arrays.equals(bytes, k.bytes);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return java.util.HexFormat.of().formatHex(bytes);
        }
    }
}
