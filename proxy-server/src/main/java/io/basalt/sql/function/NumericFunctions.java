package io.basalt.sql.function;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.sql.type.TypeKind.Category;
import io.basalt.sql.value.Arithmetic;
import io.basalt.sql.value.ArithmeticOp;
import io.basalt.sql.value.EvalContext;
import io.basalt.sql.value.SqlErrors;
import io.basalt.sql.value.Values;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleUnaryOperator;
import java.util.zip.CRC32;

import static io.basalt.sql.function.Args.dbl;
import static io.basalt.sql.function.Args.lng;
import static io.basalt.sql.function.FunctionDef.of;

/**
 * Numeric functions. Exact arguments give exact results (ROUND of a DECIMAL rounds half away from zero); doubles
 * follow MariaDB's double arithmetic (ROUND(2.5e0) = 2: x·10^d rounded half to even). Logarithms of non-positive
 * numbers are NULL with warning 1365, as MariaDB reports them.
 */
final class NumericFunctions {
    private static final double[] POW10 = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
            1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    private static final SqlType PI_TYPE = new SqlType(TypeKind.DOUBLE, 8, 0, 6, false, List.of());

    private NumericFunctions() {
    }

    static List<FunctionDef> all() {
        List<FunctionDef> f = new ArrayList<>();
        f.add(of("ABS", 1, 1, NumericFunctions::sameNumeric, NumericFunctions::abs));
        FunctionDef ceil = of("CEILING", 1, 1, NumericFunctions::integralType, (a, t, ctx) -> integral(a, t, ctx,
                RoundingMode.CEILING));
        f.add(ceil);
        f.add(ceil.named("CEIL"));
        f.add(of("FLOOR", 1, 1, NumericFunctions::integralType,
                (a, t, ctx) -> integral(a, t, ctx, RoundingMode.FLOOR)));
        f.add(of("ROUND", 1, 2, NumericFunctions::roundType, (a, t, ctx) -> round(a, t, ctx, false)));
        f.add(of("TRUNCATE", 2, 2, NumericFunctions::roundType, (a, t, ctx) -> round(a, t, ctx, true)));
        f.add(of("MOD", 2, 2, (a, c) -> Arithmetic.resultType(ArithmeticOp.MODULO, a.get(0), a.get(1)),
                (a, t, ctx) -> Arithmetic.apply(ArithmeticOp.MODULO, a[0], t[0], a[1], t[1], "MOD", ctx)));
        FunctionDef pow = of("POW", 2, 2, Types.fixed(SqlType.DOUBLE), (a, t, ctx) -> {
            double r = Math.pow(dbl(a, t, 0, ctx), dbl(a, t, 1, ctx));
            if (Double.isNaN(r) || Double.isInfinite(r)) {
                throw SqlErrors.outOfRange("DOUBLE", "pow(" + Values.toText(a[0], t[0]) + ","
                        + Values.toText(a[1], t[1]) + ")");
            }
            return r;
        });
        f.add(pow);
        f.add(pow.named("POWER"));
        f.add(math("SQRT", x -> x < 0 ? Double.NaN : Math.sqrt(x)));
        f.add(math("EXP", Math::exp));
        f.add(logarithm("LN", Math::log));
        f.add(logarithm("LOG2", x -> Math.log(x) / Math.log(2)));
        f.add(logarithm("LOG10", Math::log10));
        f.add(of("LOG", 1, 2, Types.fixed(SqlType.DOUBLE), NumericFunctions::log));
        f.add(of("SIGN", 1, 1, Types.fixed(SqlType.INT.withLength(2)), NumericFunctions::sign));
        f.add(of("PI", 0, 0, Types.fixed(PI_TYPE), (a, t, ctx) -> Math.PI));
        f.add(of("BIT_COUNT", 1, 1, Types.fixed(SqlType.BIGINT.withLength(2)),
                (a, t, ctx) -> (long) Long.bitCount(Arithmetic.bits(a[0], t[0], ctx))));
        f.add(of("RAND", 0, 1, Types.fixed(SqlType.DOUBLE), NumericFunctions::rand).nullAware().nonDeterministic());
        f.add(of("CRC32", 1, 1, Types.fixed(SqlType.INT.withLength(10).withUnsigned(true)), (a, t, ctx) -> {
            CRC32 crc = new CRC32();
            crc.update(Args.bytes(a, t, 0));
            return crc.getValue();
        }));
        f.add(math("DEGREES", Math::toDegrees));
        f.add(math("RADIANS", Math::toRadians));
        f.add(math("SIN", Math::sin));
        f.add(math("COS", Math::cos));
        f.add(math("TAN", Math::tan));
        f.add(math("COT", x -> 1 / Math.tan(x)));
        f.add(math("ASIN", x -> x < -1 || x > 1 ? Double.NaN : Math.asin(x)));
        f.add(math("ACOS", x -> x < -1 || x > 1 ? Double.NaN : Math.acos(x)));
        f.add(of("ATAN", 1, 2, Types.fixed(SqlType.DOUBLE), (a, t, ctx) -> a.length == 1
                ? Math.atan(dbl(a, t, 0, ctx)) : Math.atan2(dbl(a, t, 0, ctx), dbl(a, t, 1, ctx))));
        f.add(of("ATAN2", 2, 2, Types.fixed(SqlType.DOUBLE),
                (a, t, ctx) -> Math.atan2(dbl(a, t, 0, ctx), dbl(a, t, 1, ctx))));
        return f;
    }

    /** A DOUBLE function: NaN (outside the domain) is NULL, an infinite result error 1690. */
    private static FunctionDef math(String name, DoubleUnaryOperator op) {
        return of(name, 1, 1, Types.fixed(SqlType.DOUBLE), (a, t, ctx) -> {
            double r = op.applyAsDouble(dbl(a, t, 0, ctx));
            if (Double.isInfinite(r)) {
                throw SqlErrors.outOfRange("DOUBLE", name.toLowerCase(java.util.Locale.ROOT) + "("
                        + Values.toText(a[0], t[0]) + ")");
            }
            return Double.isNaN(r) ? null : r;
        });
    }

    private static FunctionDef logarithm(String name, DoubleUnaryOperator op) {
        return of(name, 1, 1, Types.fixed(SqlType.DOUBLE), (a, t, ctx) -> {
            double x = dbl(a, t, 0, ctx);
            if (x <= 0) {
                ctx.warn(SqlErrors.DIVISION_BY_ZERO, "Division by 0");
                return null;
            }
            return op.applyAsDouble(x);
        });
    }

    private static Object log(Object[] a, SqlType[] t, EvalContext ctx) {
        double x = dbl(a, t, a.length - 1, ctx);
        double base = a.length == 2 ? dbl(a, t, 0, ctx) : Math.E;
        if (x <= 0 || base <= 0 || base == 1) {
            ctx.warn(SqlErrors.DIVISION_BY_ZERO, "Division by 0");
            return null;
        }
        return a.length == 2 ? Math.log(x) / Math.log(base) : Math.log(x);
    }

    // ---------------------------------------------------------------- types

    private static boolean isDouble(SqlType t) {
        Category c = t.kind().category();
        return c == Category.FLOATING || c == Category.STRING && t.kind() != TypeKind.ENUM || c == Category.BINARY;
    }

    private static SqlType sameNumeric(List<SqlType> args, List<Object> constants) {
        SqlType t = args.get(0);
        if (isDouble(t)) {
            return SqlType.DOUBLE;
        }
        if (t.kind().category() == Category.TEMPORAL || t.kind() == TypeKind.NULL || t.kind() == TypeKind.ENUM) {
            return SqlType.BIGINT;
        }
        return t;
    }

    private static SqlType integralType(List<SqlType> args, List<Object> constants) {
        SqlType t = args.get(0);
        if (isDouble(t)) {
            return SqlType.DOUBLE;
        }
        if (t.kind() == TypeKind.DECIMAL) {
            int digits = t.precision() - t.scale() + 1;
            return digits <= 18 ? new SqlType(digits <= 9 ? TypeKind.INT : TypeKind.BIGINT, digits + 1, 0, 0,
                    t.unsigned(), List.of()) : SqlType.decimal(Math.min(65, digits), 0);
        }
        return sameNumeric(args, constants);
    }

    /** ROUND/TRUNCATE keep the type; with a literal d the result shows d decimals (DOUBLE too: 1.00). */
    private static SqlType roundType(List<SqlType> args, List<Object> constants) {
        SqlType t = args.get(0);
        long d = args.size() == 2 ? Types.constantLong(constants, 1, Long.MIN_VALUE) : 0;
        if (isDouble(t)) {
            return d > 0 && d < 31 ? new SqlType(TypeKind.DOUBLE, 0, 0, (int) d, false, List.of()) : SqlType.DOUBLE;
        }
        if (t.kind() == TypeKind.DECIMAL) {
            int scale = d == Long.MIN_VALUE ? t.scale() : (int) Math.max(0, Math.min(38, d));
            int intDigits = t.precision() - t.scale() + 1;
            return SqlType.decimal(Math.min(65, Math.max(1, intDigits + scale)), scale);
        }
        if (Types.isInteger(t)) {
            return t.kind() == TypeKind.YEAR ? SqlType.INT : t;
        }
        return sameNumeric(args, constants);
    }

    // ---------------------------------------------------------------- bodies

    private static Object abs(Object[] a, SqlType[] t, EvalContext ctx) {
        Object v = a[0];
        if (v instanceof Double || isDouble(t[0])) {
            return Math.abs(dbl(a, t, 0, ctx));
        }
        if (v instanceof BigDecimal d) {
            return d.abs();
        }
        long x = lng(a, t, 0, ctx);
        if (t[0].unsigned()) {
            return x;
        }
        if (x == Long.MIN_VALUE) {
            throw SqlErrors.outOfRange("BIGINT", "abs(" + x + ")");
        }
        return Math.abs(x);
    }

    private static Object integral(Object[] a, SqlType[] t, EvalContext ctx, RoundingMode mode) {
        Object v = a[0];
        if (v instanceof Double || isDouble(t[0])) {
            double x = dbl(a, t, 0, ctx);
            return mode == RoundingMode.CEILING ? Math.ceil(x) : Math.floor(x);
        }
        if (v instanceof Long) {
            return v;
        }
        BigDecimal r = Values.toDecimal(v, t[0], ctx).setScale(0, mode);
        return r.precision() <= 18 ? (Object) r.longValueExact() : r;
    }

    private static Object round(Object[] a, SqlType[] t, EvalContext ctx, boolean truncate) {
        long d = a.length == 2 ? lng(a, t, 1, ctx) : 0;
        Object v = a[0];
        if (v instanceof Double || isDouble(t[0])) {
            return roundDouble(dbl(a, t, 0, ctx), d, truncate);
        }
        RoundingMode mode = truncate ? RoundingMode.DOWN : RoundingMode.HALF_UP;
        if (v instanceof Long l && !(t[0].unsigned() && l < 0)) {
            if (d >= 0) {
                return l;
            }
            if (d < -18) {
                return 0L;
            }
            BigDecimal r = BigDecimal.valueOf(l).setScale((int) d, mode);
            return r.setScale(0).toBigInteger().longValue();
        }
        BigDecimal x = Values.toDecimal(v, t[0], ctx);
        int scale = (int) Math.max(-65, Math.min(38, d));
        BigDecimal r = x.setScale(scale, mode);
        if (Types.isInteger(t[0])) {
            return r.setScale(0).toBigInteger().longValue();
        }
        return scale < 0 ? r.setScale(0) : r;
    }

    /** MariaDB's my_double_round: x·10^d rounded half to even (or truncated), divided back. */
    static double roundDouble(double value, long dec, boolean truncate) {
        boolean negative = dec < 0;
        long absDec = Math.abs(dec);
        double tmp = absDec < POW10.length ? POW10[(int) absDec] : Math.pow(10.0, absDec);
        double div = value / tmp;
        double mul = value * tmp;
        if (negative && Double.isInfinite(tmp)) {
            return 0.0;
        }
        if (!negative && Double.isInfinite(mul)) {
            return value;
        }
        if (truncate) {
            if (value >= 0.0) {
                return negative ? Math.floor(div) * tmp : Math.floor(mul) / tmp;
            }
            return negative ? Math.ceil(div) * tmp : Math.ceil(mul) / tmp;
        }
        return negative ? Math.rint(div) * tmp : Math.rint(mul) / tmp;
    }

    private static Object sign(Object[] a, SqlType[] t, EvalContext ctx) {
        Object v = a[0];
        if (v instanceof BigDecimal d) {
            return (long) d.signum();
        }
        if (v instanceof Long l) {
            return t[0].unsigned() ? (l == 0 ? 0L : 1L) : (long) Long.signum(l);
        }
        return (long) Math.signum(dbl(a, t, 0, ctx));
    }

    /** RAND() / RAND(seed): MySQL's generator, so RAND(1) gives the same sequence as MySQL's. */
    private static Object rand(Object[] a, SqlType[] t, EvalContext ctx) {
        if (a.length == 0) {
            return ThreadLocalRandom.current().nextDouble();
        }
        long seed = a[0] == null ? 0 : lng(a, t, 0, ctx);
        MySqlRandom r = ctx.statementState(new RandKey(seed), () -> new MySqlRandom(seed));
        return r.next();
    }

    /** Statement-state key of the generator of one RAND(seed) seed. */
    private record RandKey(long seed) {
    }

    /** MySQL's my_rnd: two 30-bit seeds. */
    static final class MySqlRandom {
        private static final long MAX = 0x3FFFFFFFL;
        private long seed1;
        private long seed2;

        /** MySQL takes the seed and both derived seeds as 32-bit unsigned numbers. */
        MySqlRandom(long seed) {
            long tmp = seed & 0xFFFFFFFFL;
            seed1 = ((tmp * 0x10001L + 55555555L) & 0xFFFFFFFFL) % MAX;
            seed2 = ((tmp * 0x10000001L) & 0xFFFFFFFFL) % MAX;
        }

        double next() {
            seed1 = (seed1 * 3 + seed2) % MAX;
            seed2 = (seed1 + seed2 + 33) % MAX;
            return (double) seed1 / (double) MAX;
        }
    }
}
