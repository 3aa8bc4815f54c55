package io.basalt.sql.value;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.sql.type.TypeKind.Category;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;

/**
 * The domain two values are compared in, chosen from their types as MariaDB chooses it
 * ({@link Comparison#of(SqlType, SqlType)}), and the comparison itself. Compute the type once per operator at bind
 * time and call {@link #compare} per row. Arguments of {@code compare} must not be null (SQL NULL is the caller's
 * business).
 */
public enum ComparisonType {
    /** Both integers (YEAR included); BIGINT UNSIGNED values above 2^63-1 handled. */
    INTEGER {
        @Override
        public int compare(Object a, SqlType ta, Object b, SqlType tb, EvalContext ctx) {
            boolean ua = ta != null && ta.unsigned();
            boolean ub = tb != null && tb.unsigned();
            long x = Values.toLong(a, ta, ctx);
            long y = Values.toLong(b, tb, ctx);
            if (ua && x < 0) {
                return ub && y < 0 ? Long.compareUnsigned(x, y) : 1;
            }
            if (ub && y < 0) {
                return -1;
            }
            return Long.compare(x, y);
        }
    },
    /**
     * Exact: integers and decimals, and strings against integers (MariaDB reads the string as DECIMAL). A DECIMAL
     * value carrying more digits than its type shows (a quotient) compares as shown: (2/3) = 0.6667.
     */
    DECIMAL {
        @Override
        public int compare(Object a, SqlType ta, Object b, SqlType tb, EvalContext ctx) {
            BigDecimal x = asShown(Values.toDecimal(a, ta, ctx), ta);
            BigDecimal y = asShown(Values.toDecimal(b, tb, ctx), tb);
            return x.compareTo(y);
        }
    },
    DOUBLE {
        @Override
        public int compare(Object a, SqlType ta, Object b, SqlType tb, EvalContext ctx) {
            double x = Values.toDouble(a, ta, ctx);
            double y = Values.toDouble(b, tb, ctx);
            return x < y ? -1 : x > y ? 1 : 0;
        }
    },
    /** Character strings under the case-insensitive collation (trailing spaces ignored). */
    STRING {
        @Override
        public int compare(Object a, SqlType ta, Object b, SqlType tb, EvalContext ctx) {
            return Collation.compareCi(Values.toText(a, ta), Values.toText(b, tb));
        }
    },
    /** Byte strings, or a byte string against a character string. */
    BINARY {
        @Override
        public int compare(Object a, SqlType ta, Object b, SqlType tb, EvalContext ctx) {
            return Arrays.compareUnsigned(Values.toBytes(a, ta), Values.toBytes(b, tb));
        }
    },
    DATETIME {
        @Override
        public int compare(Object a, SqlType ta, Object b, SqlType tb, EvalContext ctx) {
            return compareNullsFirst(dateTimeOperand(a, ta, ctx), dateTimeOperand(b, tb, ctx));
        }
    },
    DATE {
        @Override
        public int compare(Object a, SqlType ta, Object b, SqlType tb, EvalContext ctx) {
            return compareNullsFirst(dateOperand(a, ta, ctx), dateOperand(b, tb, ctx));
        }
    },
    TIME {
        @Override
        public int compare(Object a, SqlType ta, Object b, SqlType tb, EvalContext ctx) {
            return compareNullsFirst(timeOperand(a, ta, ctx), timeOperand(b, tb, ctx));
        }
    },
    /** ORDER BY of an ENUM column: by position in the declaration, not by label. */
    ENUM_POSITION {
        @Override
        public int compare(Object a, SqlType ta, Object b, SqlType tb, EvalContext ctx) {
            return Long.compare(Values.toLong(a, ta, ctx), Values.toLong(b, tb, ctx));
        }
    };

    /** Negative, zero or positive as a is less than, equal to or greater than b; neither may be null. */
    public abstract int compare(Object a, SqlType ta, Object b, SqlType tb, EvalContext ctx);

    /** The comparison type for operands of the given types (see {@link Comparison#of}). */
    static ComparisonType of(SqlType ta, SqlType tb) {
        Category ca = ta.kind().category();
        Category cb = tb.kind().category();
        if (ca == Category.NULL) {
            return cb == Category.NULL ? STRING : of(tb, tb);
        }
        if (cb == Category.NULL) {
            return of(ta, ta);
        }
        if (ca == Category.TEMPORAL || cb == Category.TEMPORAL) {
            return temporal(ta.kind(), tb.kind(), ca, cb);
        }
        boolean sa = ca == Category.STRING || ca == Category.BINARY;
        boolean sb = cb == Category.STRING || cb == Category.BINARY;
        if (sa && sb) {
            return ca == Category.BINARY || cb == Category.BINARY ? BINARY : STRING;
        }
        if (sa || sb) {
            Category number = sa ? cb : ca;
            SqlType stringSide = sa ? ta : tb;
            if (stringSide.kind() == TypeKind.ENUM) {
                return number == Category.FLOATING ? DOUBLE : number == Category.DECIMAL ? DECIMAL : INTEGER;
            }
            return number == Category.INTEGER ? DECIMAL : DOUBLE;
        }
        if (ca == Category.FLOATING || cb == Category.FLOATING) {
            return DOUBLE;
        }
        if (ca == Category.DECIMAL || cb == Category.DECIMAL) {
            return DECIMAL;
        }
        return INTEGER;
    }

    /** A DECIMAL value rounded to its type's scale when it carries more digits. */
    static BigDecimal asShown(BigDecimal d, SqlType t) {
        if (t != null && t.kind() == TypeKind.DECIMAL && d.scale() > t.scale()) {
            return d.setScale(t.scale(), RoundingMode.HALF_UP);
        }
        return d;
    }

    private static ComparisonType temporal(TypeKind ka, TypeKind kb, Category ca, Category cb) {
        if (ca == Category.TEMPORAL && cb == Category.TEMPORAL) {
            if (ka == kb && (ka == TypeKind.DATE || ka == TypeKind.TIME)) {
                return ka == TypeKind.DATE ? DATE : TIME;
            }
            return DATETIME;
        }
        TypeKind k = ca == Category.TEMPORAL ? ka : kb;
        return k == TypeKind.TIME ? TIME : DATETIME;
    }

    private static int compareNullsFirst(Comparable<?> x, Comparable<?> y) {
        if (x == null || y == null) {
            return x == null ? (y == null ? 0 : -1) : 1;
        }
        @SuppressWarnings("unchecked")
        Comparable<Object> cx = (Comparable<Object>) x;
        return cx.compareTo(y);
    }

    /** A string that is not a datetime compares as the zero datetime, below every real one (as in MariaDB). */
    static LocalDateTime dateTimeOperand(Object v, SqlType t, EvalContext ctx) {
        if (v instanceof LocalDateTime dt) {
            return dt;
        }
        if (v instanceof LocalDate d) {
            return d.atStartOfDay();
        }
        if (v instanceof String || v instanceof byte[]) {
            String s = Values.toText(v, t);
            Temporals.Parsed<LocalDateTime> p = Temporals.parseDateTime(s);
            if (!p.valid() || p.truncated()) {
                ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE, SqlErrors.truncatedWrongValueText("datetime", s));
            }
            return p.value();
        }
        if (v instanceof Duration) {
            return Values.toLocalDateTime(v, t, ctx);
        }
        return Values.numberToDateTime(v, t);
    }

    static LocalDate dateOperand(Object v, SqlType t, EvalContext ctx) {
        if (v instanceof LocalDate d) {
            return d;
        }
        LocalDateTime dt = dateTimeOperand(v, t, ctx);
        return dt == null ? null : dt.toLocalDate();
    }

    static Duration timeOperand(Object v, SqlType t, EvalContext ctx) {
        if (v instanceof Duration d) {
            return d;
        }
        if (v instanceof String || v instanceof byte[]) {
            String s = Values.toText(v, t);
            Temporals.Parsed<Duration> p = Temporals.parseTime(s);
            if (!p.valid() || p.truncated()) {
                ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE, SqlErrors.truncatedWrongValueText("time", s));
            }
            return p.value();
        }
        if (v instanceof LocalDateTime dt) {
            return Temporals.timeOf(dt);
        }
        if (v instanceof LocalDate) {
            return Duration.ZERO;
        }
        return Values.numberToTime(v, t).value();
    }
}
