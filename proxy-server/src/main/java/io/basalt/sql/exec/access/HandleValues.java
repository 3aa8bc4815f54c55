package io.basalt.sql.exec.access;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Converts key values to row handles. Only values that compare to an integer column exactly as their integer would
 * are converted; anything else (text that is not a plain number, temporals) yields null and the caller falls back
 * to a scan, so an access path never changes a query's result.
 */
final class HandleValues {
    private HandleValues() {
    }

    /** The handle equal to {@code v}, or null when no integer equals it or it cannot be decided here. */
    static Long exact(Object v) {
        BigDecimal d = decimal(v);
        if (d == null) {
            return null;
        }
        try {
            return d.longValueExact();
        } catch (ArithmeticException e) {
            return null;
        }
    }

    /** Smallest handle h with h > v (or ≥ v when inclusive); null when undecidable. */
    static Long lower(Object v, boolean inclusive) {
        BigDecimal d = decimal(v);
        if (d == null) {
            return null;
        }
        BigDecimal c = d.setScale(0, RoundingMode.CEILING);
        if (!inclusive && c.compareTo(d) == 0) {
            c = c.add(BigDecimal.ONE);
        }
        return clamp(c);
    }

    /** Largest handle h with h < v (or ≤ v when inclusive); null when undecidable. */
    static Long upper(Object v, boolean inclusive) {
        BigDecimal d = decimal(v);
        if (d == null) {
            return null;
        }
        BigDecimal f = d.setScale(0, RoundingMode.FLOOR);
        if (!inclusive && f.compareTo(d) == 0) {
            f = f.subtract(BigDecimal.ONE);
        }
        return clamp(f);
    }

    private static Long clamp(BigDecimal d) {
        if (d.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) < 0) {
            return Long.MIN_VALUE;
        }
        if (d.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            return Long.MAX_VALUE;
        }
        return d.longValue();
    }

    private static BigDecimal decimal(Object v) {
        if (v instanceof Long l) {
            return BigDecimal.valueOf(l);
        }
        if (v instanceof BigDecimal d) {
            return d;
        }
        if (v instanceof Double d && !d.isNaN() && !d.isInfinite()) {
            return BigDecimal.valueOf(d);
        }
        if (v instanceof String s) {
            String t = s.trim();
            if (!t.isEmpty() && t.chars().allMatch(c -> Character.isDigit(c) || c == '-' || c == '+' || c == '.')) {
                try {
                    return new BigDecimal(t);
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
        return null;
    }
}
