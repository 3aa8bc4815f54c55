package io.basalt.sql.function.aggregate;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.sql.type.TypeKind.Category;
import io.basalt.sql.value.Arithmetic;
import io.basalt.sql.value.ArithmeticOp;
import io.basalt.sql.value.ComparisonType;
import io.basalt.sql.value.Comparison;
import io.basalt.sql.value.EvalContext;
import io.basalt.sql.value.Values;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * COUNT, SUM, AVG, MIN, MAX, BIT_AND/OR/XOR and the variance family, with MariaDB's result types: SUM of exact
 * numbers is DECIMAL with 22 more digits, AVG adds div_precision_increment to the scale, the variance family is
 * DOUBLE shown with the argument's scale + 4 decimals. NULL arguments are skipped; an empty group gives NULL
 * (COUNT 0, BIT_AND all ones, BIT_OR/BIT_XOR 0).
 */
final class Aggregates {
    private static final int SUM_EXTRA_DIGITS = 22;

    private Aggregates() {
    }

    static List<AggregateDef> all() {
        List<AggregateDef> f = new ArrayList<>();
        f.add(new AggregateDef("COUNT", 0, -1, a -> SqlType.BIGINT.withLength(21), (t, ctx) -> new Count()));
        f.add(new AggregateDef("SUM", 1, 1, a -> sumType(a.get(0)), (t, ctx) -> new Sum(t[0], ctx, false)));
        f.add(new AggregateDef("AVG", 1, 1, a -> avgType(a.get(0), 4), (t, ctx) -> new Sum(t[0], ctx, true)));
        f.add(new AggregateDef("MIN", 1, 1, a -> a.get(0), (t, ctx) -> new Extreme(t[0], ctx, -1)));
        f.add(new AggregateDef("MAX", 1, 1, a -> a.get(0), (t, ctx) -> new Extreme(t[0], ctx, 1)));
        f.add(new AggregateDef("BIT_AND", 1, 1, a -> SqlType.BIGINT_UNSIGNED,
                (t, ctx) -> new Bits(t[0], ctx, ArithmeticOp.BIT_AND, -1L)));
        f.add(new AggregateDef("BIT_OR", 1, 1, a -> SqlType.BIGINT_UNSIGNED,
                (t, ctx) -> new Bits(t[0], ctx, ArithmeticOp.BIT_OR, 0L)));
        f.add(new AggregateDef("BIT_XOR", 1, 1, a -> SqlType.BIGINT_UNSIGNED,
                (t, ctx) -> new Bits(t[0], ctx, ArithmeticOp.BIT_XOR, 0L)));
        AggregateDef std = variance("STD", false, true);
        f.add(std);
        f.add(std.named("STDDEV"));
        f.add(std.named("STDDEV_POP"));
        f.add(variance("STDDEV_SAMP", true, true));
        AggregateDef variance = variance("VARIANCE", false, false);
        f.add(variance);
        f.add(variance.named("VAR_POP"));
        f.add(variance("VAR_SAMP", true, false));
        return f;
    }

    private static AggregateDef variance(String name, boolean sample, boolean sqrt) {
        return new AggregateDef(name, 1, 1, a -> varianceType(a.get(0)), (t, ctx) -> new Variance(t[0], ctx,
                sample, sqrt));
    }

    private static boolean isApproximate(SqlType t) {
        Category c = t.kind().category();
        return c == Category.FLOATING || c == Category.STRING && t.kind() != TypeKind.ENUM || c == Category.BINARY;
    }

    static SqlType sumType(SqlType t) {
        if (isApproximate(t)) {
            return SqlType.DOUBLE;
        }
        int scale = Arithmetic.scaleOf(t);
        return SqlType.decimal(Math.min(65, Arithmetic.digits(t) + SUM_EXTRA_DIGITS), scale);
    }

    static SqlType avgType(SqlType t, int increment) {
        if (isApproximate(t)) {
            return SqlType.DOUBLE;
        }
        int scale = Math.min(38, Arithmetic.scaleOf(t) + increment);
        return SqlType.decimal(Math.min(65, Arithmetic.digits(t) + increment), scale);
    }

    static SqlType varianceType(SqlType t) {
        if (isApproximate(t)) {
            return SqlType.DOUBLE;
        }
        return new SqlType(TypeKind.DOUBLE, 0, 0, Math.min(30, Arithmetic.scaleOf(t) + 4), false, List.of());
    }

    /** COUNT(*) counts rows; COUNT(a, ...) rows whose arguments are all non-null. */
    private static final class Count implements Accumulator {
        private long count;

        @Override
        public void add(Object[] args) {
            for (Object a : args) {
                if (a == null) {
                    return;
                }
            }
            count++;
        }

        @Override
        public Object result() {
            return count;
        }
    }

    /** SUM and AVG: exact (a long until it overflows, then BigDecimal) or double. */
    private static final class Sum implements Accumulator {
        private final SqlType type;
        private final EvalContext ctx;
        private final boolean average;
        private final boolean approximate;
        private long longSum;
        private BigDecimal bigSum;
        private double doubleSum;
        private long count;

        Sum(SqlType type, EvalContext ctx, boolean average) {
            this.type = type;
            this.ctx = ctx;
            this.average = average;
            this.approximate = isApproximate(type);
        }

        @Override
        public void add(Object[] args) {
            Object v = args[0];
            if (v == null) {
                return;
            }
            count++;
            if (approximate) {
                doubleSum += Values.toDouble(v, type, ctx);
                return;
            }
            if (v instanceof Long l && !(type.unsigned() && l < 0)) {
                long s = longSum + l;
                if (((longSum ^ s) & (l ^ s)) < 0) {
                    bigSum = big().add(BigDecimal.valueOf(longSum)).add(BigDecimal.valueOf(l));
                    longSum = 0;
                } else {
                    longSum = s;
                }
                return;
            }
            bigSum = big().add(Values.toDecimal(v, type, ctx));
        }

        private BigDecimal big() {
            return bigSum == null ? BigDecimal.ZERO : bigSum;
        }

        @Override
        public Object result() {
            if (count == 0) {
                return null;
            }
            if (approximate) {
                return average ? doubleSum / count : doubleSum;
            }
            BigDecimal total = bigSum == null ? BigDecimal.valueOf(longSum) : bigSum.add(BigDecimal.valueOf(longSum));
            if (!average) {
                return total;
            }
            return Arithmetic.apply(ArithmeticOp.DIVIDE, total, SqlType.decimal(65, Math.max(0, total.scale())),
                    count, SqlType.BIGINT, "avg", ctx);
        }
    }

    /** MIN and MAX by the comparison rules of the argument's type. */
    private static final class Extreme implements Accumulator {
        private final SqlType type;
        private final EvalContext ctx;
        private final int direction;
        private final ComparisonType comparison;
        private Object best;

        Extreme(SqlType type, EvalContext ctx, int direction) {
            this.type = type;
            this.ctx = ctx;
            this.direction = direction;
            this.comparison = Comparison.of(type, type);
        }

        @Override
        public void add(Object[] args) {
            Object v = args[0];
            if (v != null && (best == null || comparison.compare(v, type, best, type, ctx) * direction > 0)) {
                best = v;
            }
        }

        @Override
        public Object result() {
            return best;
        }
    }

    /** BIT_AND, BIT_OR, BIT_XOR over 64-bit values. */
    private static final class Bits implements Accumulator {
        private final SqlType type;
        private final EvalContext ctx;
        private final ArithmeticOp op;
        private long acc;

        Bits(SqlType type, EvalContext ctx, ArithmeticOp op, long identity) {
            this.type = type;
            this.ctx = ctx;
            this.op = op;
            this.acc = identity;
        }

        @Override
        public void add(Object[] args) {
            Object v = args[0];
            if (v == null) {
                return;
            }
            long x = Arithmetic.bits(v, type, ctx);
            acc = switch (op) {
                case BIT_AND -> acc & x;
                case BIT_OR -> acc | x;
                default -> acc ^ x;
            };
        }

        @Override
        public Object result() {
            return acc;
        }
    }

    /** Population or sample variance (or its square root) by Welford's method. */
    private static final class Variance implements Accumulator {
        private final SqlType type;
        private final EvalContext ctx;
        private final boolean sample;
        private final boolean sqrt;
        private long n;
        private double mean;
        private double m2;

        Variance(SqlType type, EvalContext ctx, boolean sample, boolean sqrt) {
            this.type = type;
            this.ctx = ctx;
            this.sample = sample;
            this.sqrt = sqrt;
        }

        @Override
        public void add(Object[] args) {
            Object v = args[0];
            if (v == null) {
                return;
            }
            double x = Values.toDouble(v, type, ctx);
            n++;
            double delta = x - mean;
            mean += delta / n;
            m2 += delta * (x - mean);
        }

        @Override
        public Object result() {
            if (n == 0 || sample && n == 1) {
                return null;
            }
            double variance = m2 / (sample ? n - 1 : n);
            return sqrt ? Math.sqrt(variance) : variance;
        }
    }
}
