package io.basalt.sql.value;

import io.basalt.sql.type.SqlType;

/**
 * SQL's three-valued logic with MySQL truthiness, and the IN and BETWEEN predicates. Truth values are Boolean
 * (null = UNKNOWN); {@link #toSql} turns one into the value a predicate has in a result set (1, 0 or NULL).
 */
public final class Predicates {
    private static final Long ONE = 1L;
    private static final Long ZERO = 0L;

    private Predicates() {
    }

    /** The value of a predicate in the value model: BIGINT 1 / 0, NULL for UNKNOWN. */
    public static Long toSql(Boolean b) {
        return b == null ? null : b ? ONE : ZERO;
    }

    public static Boolean and(Boolean a, Boolean b) {
        if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) {
            return false;
        }
        return a == null || b == null ? null : true;
    }

    public static Boolean or(Boolean a, Boolean b) {
        if (Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b)) {
            return true;
        }
        return a == null || b == null ? null : false;
    }

    public static Boolean xor(Boolean a, Boolean b) {
        return a == null || b == null ? null : a ^ b;
    }

    public static Boolean not(Boolean a) {
        return a == null ? null : !a;
    }

    /**
     * {@code v IN (list)}: true if v equals an element, else UNKNOWN if v or an element is NULL, else false. Each
     * element is compared with v by the rules of their two types.
     */
    public static Boolean in(Object v, SqlType t, Object[] list, SqlType[] types, EvalContext ctx) {
        if (v == null) {
            return list.length == 0 ? false : null;
        }
        boolean sawNull = false;
        for (int i = 0; i < list.length; i++) {
            if (list[i] == null) {
                sawNull = true;
            } else if (Comparison.compare(v, t, list[i], types[i], ctx) == 0) {
                return true;
            }
        }
        return sawNull ? null : false;
    }

    /** {@code v BETWEEN lo AND hi}, i.e. {@code lo <= v AND v <= hi} with NULLs as UNKNOWN. */
    public static Boolean between(Object v, SqlType t, Object lo, SqlType tlo, Object hi, SqlType thi,
                                  EvalContext ctx) {
        Boolean low = v == null || lo == null ? null : Comparison.compare(lo, tlo, v, t, ctx) <= 0;
        Boolean high = v == null || hi == null ? null : Comparison.compare(v, t, hi, thi, ctx) <= 0;
        return and(low, high);
    }
}
