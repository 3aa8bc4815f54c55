package io.basalt.sql.function;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.EvalContext;
import io.basalt.sql.value.Values;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDateTime;
import java.util.Locale;

/**
 * The units of INTERVAL expressions, with MySQL's reading of interval values: simple units take a number (SECOND
 * keeps its fraction, other units round to an integer), compound units take a string of digit groups
 * ('1 2:3:4' DAY_SECOND) aligned from the right when groups are missing, with a fraction right-padded to
 * microseconds ('1.5' SECOND_MICROSECOND is 1.5 seconds).
 */
enum IntervalUnit {
    MICROSECOND(false, 1),
    SECOND(false, 1),
    MINUTE(false, 1),
    HOUR(false, 1),
    DAY(true, 1),
    WEEK(true, 1),
    MONTH(true, 1),
    QUARTER(true, 1),
    YEAR(true, 1),
    SECOND_MICROSECOND(false, 2),
    MINUTE_MICROSECOND(false, 3),
    MINUTE_SECOND(false, 2),
    HOUR_MICROSECOND(false, 4),
    HOUR_SECOND(false, 3),
    HOUR_MINUTE(false, 2),
    DAY_MICROSECOND(false, 5),
    DAY_SECOND(false, 4),
    DAY_MINUTE(false, 3),
    DAY_HOUR(false, 2),
    YEAR_MONTH(true, 2);

    /** An amount to add: whole months plus microseconds (either may be negative). */
    record Interval(long months, long micros) {
        Interval negate() {
            return new Interval(-months, -micros);
        }
    }

    private static final long US_PER_SECOND = 1_000_000L;
    private static final long US_PER_DAY = 86_400L * US_PER_SECOND;

    private final boolean dateOnly;
    private final int groups;

    IntervalUnit(boolean dateOnly, int groups) {
        this.dateOnly = dateOnly;
        this.groups = groups;
    }

    /** Whether adding this unit to a DATE keeps a DATE (no time part involved). */
    boolean dateOnly() {
        return dateOnly;
    }

    boolean hasMicroseconds() {
        return name().endsWith("MICROSECOND");
    }

    boolean monthBased() {
        return this == MONTH || this == QUARTER || this == YEAR || this == YEAR_MONTH;
    }

    static IntervalUnit parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new MySqlException(ErrorCode.PARSE_ERROR,
                    "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server "
                            + "version for the right syntax to use near '" + name + "'");
        }
    }

    /** Reads an interval value of this unit; null when it cannot be read (the result is then NULL). */
    Interval interval(Object v, SqlType t, EvalContext ctx) {
        if (groups == 1) {
            return simple(v, t, ctx);
        }
        return compound(Values.toText(v, t));
    }

    private Interval simple(Object v, SqlType t, EvalContext ctx) {
        if (this == SECOND) {
            BigDecimal d = Values.toDecimal(v, t, ctx);
            BigDecimal micros = d.movePointRight(6).setScale(0, RoundingMode.DOWN);
            return new Interval(0, micros.longValue());
        }
        long n = v instanceof String || v instanceof byte[] ? Values.toLong(v, t, ctx)
                : Values.toDecimal(v, t, ctx).setScale(0, RoundingMode.HALF_UP).longValue();
        return switch (this) {
            case MICROSECOND -> new Interval(0, n);
            case MINUTE -> new Interval(0, Math.multiplyExact(n, 60 * US_PER_SECOND));
            case HOUR -> new Interval(0, Math.multiplyExact(n, 3600 * US_PER_SECOND));
            case DAY -> new Interval(0, Math.multiplyExact(n, US_PER_DAY));
            case WEEK -> new Interval(0, Math.multiplyExact(n, 7 * US_PER_DAY));
            case MONTH -> new Interval(n, 0);
            case QUARTER -> new Interval(Math.multiplyExact(n, 3), 0);
            case YEAR -> new Interval(Math.multiplyExact(n, 12), 0);
            default -> throw new IllegalStateException(name());
        };
    }

    private Interval compound(String s) {
        String text = s.trim();
        boolean negative = text.startsWith("-");
        long[] values = new long[groups];
        int[] lengths = new int[groups];
        int count = 0;
        int i = negative ? 1 : 0;
        while (i < text.length() && count < groups) {
            while (i < text.length() && !Character.isDigit(text.charAt(i))) {
                i++;
            }
            int start = i;
            long v = 0;
            while (i < text.length() && Character.isDigit(text.charAt(i))) {
                v = v * 10 + (text.charAt(i) - '0');
                i++;
            }
            if (i == start) {
                break;
            }
            values[count] = v;
            lengths[count] = i - start;
            count++;
        }
        if (count == 0) {
            return null;
        }
        long[] aligned = new long[groups];
        int shift = groups - count;
        for (int k = 0; k < count; k++) {
            aligned[k + shift] = values[k];
        }
        if (hasMicroseconds() && count == groups && lengths[count - 1] < 6) {
            aligned[groups - 1] *= (long) Math.pow(10, 6 - lengths[count - 1]);
        }
        Interval result = switch (this) {
            case YEAR_MONTH -> new Interval(aligned[0] * 12 + aligned[1], 0);
            case DAY_HOUR -> new Interval(0, aligned[0] * US_PER_DAY + aligned[1] * 3600 * US_PER_SECOND);
            case DAY_MINUTE -> new Interval(0, aligned[0] * US_PER_DAY + hms(aligned[1], aligned[2], 0));
            case DAY_SECOND -> new Interval(0, aligned[0] * US_PER_DAY + hms(aligned[1], aligned[2], aligned[3]));
            case DAY_MICROSECOND -> new Interval(0, aligned[0] * US_PER_DAY
                    + hms(aligned[1], aligned[2], aligned[3]) + aligned[4]);
            case HOUR_MINUTE -> new Interval(0, hms(aligned[0], aligned[1], 0));
            case HOUR_SECOND -> new Interval(0, hms(aligned[0], aligned[1], aligned[2]));
            case HOUR_MICROSECOND -> new Interval(0, hms(aligned[0], aligned[1], aligned[2]) + aligned[3]);
            case MINUTE_SECOND -> new Interval(0, hms(0, aligned[0], aligned[1]));
            case MINUTE_MICROSECOND -> new Interval(0, hms(0, aligned[0], aligned[1]) + aligned[2]);
            case SECOND_MICROSECOND -> new Interval(0, aligned[0] * US_PER_SECOND + aligned[1]);
            default -> throw new IllegalStateException(name());
        };
        return negative ? result.negate() : result;
    }

    private static long hms(long h, long m, long s) {
        return ((h * 60 + m) * 60 + s) * US_PER_SECOND;
    }

    /** Fractional-second digits an interval of this unit can add (SECOND: those of a DECIMAL value). */
    int fsp(SqlType valueType) {
        if (hasMicroseconds()) {
            return 6;
        }
        if (this == SECOND) {
            return switch (valueType.kind().category()) {
                case DECIMAL -> Math.min(6, valueType.scale());
                case FLOATING, STRING, BINARY -> 6;
                default -> 0;
            };
        }
        return 0;
    }

    /** dt plus the interval; null (with warning 1441) when the result leaves years 1–9999. */
    static LocalDateTime add(LocalDateTime dt, Interval iv, EvalContext ctx) {
        try {
            LocalDateTime r = iv.months() == 0 ? dt : dt.plusMonths(iv.months());
            r = r.plusSeconds(Math.floorDiv(iv.micros(), US_PER_SECOND))
                    .plusNanos(Math.floorMod(iv.micros(), US_PER_SECOND) * 1000L);
            if (r.getYear() >= 1 && r.getYear() <= 9999) {
                return r;
            }
        } catch (java.time.DateTimeException | ArithmeticException e) {
            // out of Java's range as well: the same overflow
        }
        overflow(ctx);
        return null;
    }

    /** The warning MySQL gives when a result leaves the DATETIME range. */
    static void overflow(EvalContext ctx) {
        ctx.warn(1441, "Datetime function: datetime field overflow");
    }
}
