package io.basalt.sql.value;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.sql.type.TypeKind.Category;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;

/**
 * MySQL arithmetic: result types as MariaDB derives them, 64-bit integer arithmetic with overflow error 1690,
 * unsigned rules, exact DECIMAL arithmetic, DOUBLE for floats and strings, and division by zero as NULL with warning
 * 1365 (or error 1365 when {@link EvalContext#divisionByZeroIsError()}).
 *
 * <p>Bind an operator once per expression ({@link #bind}) and apply the bound operator per row. A DECIMAL quotient
 * keeps the digits MariaDB keeps internally (the fraction rounded up to a multiple of nine digits, truncated), which
 * can exceed the result type's scale: {@code 1/3*3} is 1.0000, not 0.9999. {@link Values#toText} rounds to the type's
 * scale for display.
 */
public final class Arithmetic {
    static final int MAX_PRECISION = 65;
    static final int MAX_SCALE = 38;
    private static final BigInteger ULONG_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);
    private static final BigDecimal ULONG_MAX_DEC = new BigDecimal(ULONG_MAX);
    private static final BigDecimal LONG_MIN_DEC = BigDecimal.valueOf(Long.MIN_VALUE);

    /** How a bound operator computes. */
    enum Domain { SIGNED, UNSIGNED, DECIMAL, DOUBLE, BITS }

    private Arithmetic() {
    }

    /** The result type with div_precision_increment 4. */
    public static SqlType resultType(ArithmeticOp op, SqlType a, SqlType b) {
        return resultType(op, a, b, 4);
    }

    public static SqlType resultType(ArithmeticOp op, SqlType a, SqlType b, int divPrecisionIncrement) {
        Domain domain = domain(op, a, b);
        return switch (domain) {
            case DOUBLE -> doubleType(op, a, b);
            case BITS -> SqlType.BIGINT_UNSIGNED;
            case SIGNED, UNSIGNED -> integerType(op, a, b,
                    op == ArithmeticOp.MODULO ? a.unsigned() : domain == Domain.UNSIGNED);
            case DECIMAL -> decimalType(op, a, b, divPrecisionIncrement);
        };
    }

    /** Binds an operator to its operand types; {@code exprText} is the expression as printed in error 1690. */
    public static Bound bind(ArithmeticOp op, SqlType a, SqlType b, String exprText, int divPrecisionIncrement) {
        return new Bound(op, domain(op, a, b), a, b, resultType(op, a, b, divPrecisionIncrement), exprText);
    }

    /** One-off evaluation: binds and applies (prefer {@link #bind} for per-row use). */
    public static Object apply(ArithmeticOp op, Object a, SqlType ta, Object b, SqlType tb, String exprText,
                               EvalContext ctx) {
        return bind(op, ta, tb, exprText, ctx.divPrecisionIncrement()).apply(a, b, ctx);
    }

    /** The type of unary minus: integers become signed, strings DOUBLE, temporals their number. */
    public static SqlType negateType(SqlType a) {
        return switch (numericClass(a)) {
            case DOUBLE -> SqlType.DOUBLE;
            case DECIMAL -> SqlType.decimal(Math.min(MAX_PRECISION, digits(a)), scaleOf(a));
            default -> {
                int length = digits(a) + 1;
                yield new SqlType(length <= 9 ? TypeKind.INT : TypeKind.BIGINT, length, 0, 0, false, List.of());
            }
        };
    }

    /** Unary minus; null for NULL. */
    public static Object negate(Object v, SqlType t, String exprText, EvalContext ctx) {
        if (v == null) {
            return null;
        }
        return switch (numericClass(t)) {
            case DOUBLE -> -Values.toDouble(v, t, ctx);
            case DECIMAL -> Values.toDecimal(v, t, ctx).negate();
            default -> {
                long x = Values.toLong(v, t, ctx);
                if (t.unsigned() && x < 0) {
                    if (x == Long.MIN_VALUE) {
                        yield Long.MIN_VALUE;
                    }
                    throw SqlErrors.outOfRange("BIGINT", exprText);
                }
                if (x == Long.MIN_VALUE) {
                    throw SqlErrors.outOfRange("BIGINT", exprText);
                }
                yield -x;
            }
        };
    }

    /** {@code ~x}: BIGINT UNSIGNED; null for NULL. */
    public static Object bitNot(Object v, SqlType t, EvalContext ctx) {
        return v == null ? null : ~bits(v, t, ctx);
    }

    /** An operator bound to operand types. Immutable and thread-safe. */
    public static final class Bound {
        private final ArithmeticOp op;
        private final Domain domain;
        private final SqlType ta;
        private final SqlType tb;
        private final SqlType resultType;
        private final String exprText;

        private Bound(ArithmeticOp op, Domain domain, SqlType ta, SqlType tb, SqlType resultType, String exprText) {
            this.op = op;
            this.domain = domain;
            this.ta = ta;
            this.tb = tb;
            this.resultType = resultType;
            this.exprText = exprText;
        }

        public SqlType resultType() {
            return resultType;
        }

        /** The result in the value model of {@link #resultType()}; null when an operand is NULL or on x/0. */
        public Object apply(Object a, Object b, EvalContext ctx) {
            if (a == null || b == null) {
                return null;
            }
            return switch (domain) {
                case SIGNED -> signed(Values.toLong(a, ta, ctx), Values.toLong(b, tb, ctx), ctx);
                case UNSIGNED -> unsigned(Values.toLong(a, ta, ctx), Values.toLong(b, tb, ctx), ctx);
                case DECIMAL -> decimal(Values.toDecimal(a, ta, ctx), Values.toDecimal(b, tb, ctx), ctx);
                case DOUBLE -> dbl(Values.toDouble(a, ta, ctx), Values.toDouble(b, tb, ctx), ctx);
                case BITS -> bitOp(bits(a, ta, ctx), bits(b, tb, ctx));
            };
        }

        private Object signed(long x, long y, EvalContext ctx) {
            try {
                return switch (op) {
                    case ADD -> Math.addExact(x, y);
                    case SUBTRACT -> Math.subtractExact(x, y);
                    case MULTIPLY -> Math.multiplyExact(x, y);
                    case INT_DIVIDE -> y == 0 ? divisionByZero(ctx) : quotient(x, y);
                    case MODULO -> y == 0 ? divisionByZero(ctx) : y == -1 ? 0L : x % y;
                    default -> throw new IllegalStateException(op.name());
                };
            } catch (ArithmeticException overflow) {
                throw SqlErrors.outOfRange("BIGINT", exprText);
            }
        }

        private static long quotient(long x, long y) {
            if (x == Long.MIN_VALUE && y == -1) {
                throw new ArithmeticException("overflow");
            }
            return x / y;
        }

        private Object unsigned(long x, long y, EvalContext ctx) {
            boolean bigX = ta.unsigned() && x < 0;
            boolean bigY = tb.unsigned() && y < 0;
            if ((op == ArithmeticOp.INT_DIVIDE || op == ArithmeticOp.MODULO) && y == 0) {
                return divisionByZero(ctx);
            }
            BigInteger a = bigX ? new BigInteger(Long.toUnsignedString(x)) : BigInteger.valueOf(x);
            BigInteger b = bigY ? new BigInteger(Long.toUnsignedString(y)) : BigInteger.valueOf(y);
            BigInteger r = switch (op) {
                case ADD -> a.add(b);
                case SUBTRACT -> a.subtract(b);
                case MULTIPLY -> a.multiply(b);
                case INT_DIVIDE -> a.divide(b);
                case MODULO -> a.remainder(b);
                default -> throw new IllegalStateException(op.name());
            };
            if (op == ArithmeticOp.MODULO && !ta.unsigned()) {
                return r.longValue();
            }
            if (r.signum() < 0 || r.compareTo(ULONG_MAX) > 0) {
                throw SqlErrors.outOfRange(op == ArithmeticOp.INT_DIVIDE && r.signum() < 0 ? "BIGINT"
                        : "BIGINT UNSIGNED", exprText);
            }
            return r.longValue();
        }

        private Object decimal(BigDecimal x, BigDecimal y, EvalContext ctx) {
            BigDecimal r;
            switch (op) {
                case ADD -> r = x.add(y);
                case SUBTRACT -> r = x.subtract(y);
                case MULTIPLY -> {
                    r = x.multiply(y);
                    if (r.scale() > MAX_SCALE) {
                        r = r.setScale(MAX_SCALE, RoundingMode.DOWN);
                    }
                }
                case DIVIDE -> {
                    if (y.signum() == 0) {
                        return divisionByZero(ctx);
                    }
                    r = divide(x, y, ctx.divPrecisionIncrement());
                }
                case INT_DIVIDE -> {
                    if (y.signum() == 0) {
                        return divisionByZero(ctx);
                    }
                    BigDecimal q = x.divideToIntegralValue(y);
                    if (q.compareTo(LONG_MIN_DEC) < 0 || q.compareTo(ULONG_MAX_DEC) > 0
                            || !resultType.unsigned() && q.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
                        throw SqlErrors.outOfRange("BIGINT", exprText);
                    }
                    return q.toBigInteger().longValue();
                }
                case MODULO -> {
                    if (y.signum() == 0) {
                        return divisionByZero(ctx);
                    }
                    r = x.remainder(y);
                }
                default -> throw new IllegalStateException(op.name());
            }
            if (r.precision() - r.scale() > MAX_PRECISION) {
                throw SqlErrors.outOfRange("DECIMAL", exprText);
            }
            return r;
        }

        private Object dbl(double x, double y, EvalContext ctx) {
            double r;
            switch (op) {
                case ADD -> r = x + y;
                case SUBTRACT -> r = x - y;
                case MULTIPLY -> r = x * y;
                case DIVIDE -> {
                    if (y == 0) {
                        return divisionByZero(ctx);
                    }
                    r = x / y;
                }
                case MODULO -> {
                    if (y == 0) {
                        return divisionByZero(ctx);
                    }
                    r = x % y;
                }
                case INT_DIVIDE -> {
                    if (y == 0) {
                        return divisionByZero(ctx);
                    }
                    return decimal(BigDecimal.valueOf(x), BigDecimal.valueOf(y), ctx);
                }
                default -> throw new IllegalStateException(op.name());
            }
            if (Double.isInfinite(r) || Double.isNaN(r)) {
                throw SqlErrors.outOfRange("DOUBLE", exprText);
            }
            return r;
        }

        private Object bitOp(long x, long y) {
            return switch (op) {
                case BIT_AND -> x & y;
                case BIT_OR -> x | y;
                case BIT_XOR -> x ^ y;
                case SHIFT_LEFT -> Long.compareUnsigned(y, 64) >= 0 ? 0L : x << y;
                case SHIFT_RIGHT -> Long.compareUnsigned(y, 64) >= 0 ? 0L : x >>> y;
                default -> throw new IllegalStateException(op.name());
            };
        }
    }

    /**
     * MariaDB's decimal quotient: the fraction gets the operands' scales plus the increment, rounded up to whole
     * groups of nine digits, and the quotient is truncated there.
     */
    static BigDecimal divide(BigDecimal x, BigDecimal y, int increment) {
        int frac = Math.max(0, x.scale()) + Math.max(0, y.scale()) + increment;
        int scale = Math.min((frac + 8) / 9 * 9, 81);
        return x.divide(y, scale, RoundingMode.DOWN);
    }

    private static Object divisionByZero(EvalContext ctx) {
        if (ctx.divisionByZeroIsError()) {
            throw SqlErrors.divisionByZero();
        }
        ctx.warn(SqlErrors.DIVISION_BY_ZERO, "Division by 0");
        return null;
    }

    /** An operand of a bit operation as 64 bits: integers as they are, anything else read as DECIMAL and rounded. */
    public static long bits(Object v, SqlType t, EvalContext ctx) {
        if (v instanceof Long l) {
            return l;
        }
        if (v instanceof String s && t != null && t.kind() == TypeKind.ENUM) {
            return Values.enumIndex(s, t);
        }
        BigDecimal d = Values.toDecimal(v, t, ctx).setScale(0, RoundingMode.HALF_UP);
        if (d.signum() < 0) {
            return d.compareTo(LONG_MIN_DEC) < 0 ? Long.MIN_VALUE : d.longValue();
        }
        return d.compareTo(ULONG_MAX_DEC) > 0 ? -1L : d.toBigInteger().longValue();
    }

    // ---------------------------------------------------------------- types

    private static Domain domain(ArithmeticOp op, SqlType a, SqlType b) {
        if (op.isBitOperation()) {
            return Domain.BITS;
        }
        Domain ca = numericClass(a);
        Domain cb = numericClass(b);
        if (a.kind() == TypeKind.NULL) {
            ca = cb;
        }
        if (b.kind() == TypeKind.NULL) {
            cb = ca;
        }
        if (ca == Domain.DOUBLE || cb == Domain.DOUBLE) {
            return Domain.DOUBLE;
        }
        if (ca == Domain.DECIMAL || cb == Domain.DECIMAL || op == ArithmeticOp.DIVIDE) {
            return Domain.DECIMAL;
        }
        return a.unsigned() || b.unsigned() ? Domain.UNSIGNED : Domain.SIGNED;
    }

    /** DOUBLE, DECIMAL or SIGNED (an integer; signedness is read from the type). */
    static Domain numericClass(SqlType t) {
        Category c = t.kind().category();
        return switch (c) {
            case FLOATING -> Domain.DOUBLE;
            case STRING -> t.kind() == TypeKind.ENUM ? Domain.SIGNED : Domain.DOUBLE;
            case BINARY -> Domain.DOUBLE;
            case DECIMAL -> Domain.DECIMAL;
            case TEMPORAL -> t.kind() != TypeKind.DATE && t.fsp() > 0 ? Domain.DECIMAL : Domain.SIGNED;
            default -> Domain.SIGNED;
        };
    }

    /** Decimal digits a value of the type can have before the point plus after it (its precision as a number). */
    public static int digits(SqlType t) {
        return switch (t.kind()) {
            case DECIMAL -> Math.max(1, t.precision());
            case TINYINT, SMALLINT, MEDIUMINT, INT, BIGINT, YEAR -> integerDigits(t);
            case DATE -> 8;
            case DATETIME, TIMESTAMP -> 14 + t.fsp();
            case TIME -> 7 + t.fsp();
            case ENUM -> 5;
            case NULL -> 1;
            default -> MAX_PRECISION;
        };
    }

    /** Digits after the point of the type as a number (DECIMAL scale, temporal fsp, else 0). */
    public static int scaleOf(SqlType t) {
        return switch (t.kind()) {
            case DECIMAL -> t.scale();
            case DATETIME, TIMESTAMP, TIME -> t.fsp();
            default -> 0;
        };
    }

    private static int integerDigits(SqlType t) {
        if (t.length() <= 0) {
            return switch (t.kind()) {
                case TINYINT -> 3;
                case SMALLINT -> 5;
                case MEDIUMINT -> 7;
                case INT -> 10;
                case YEAR -> 4;
                default -> t.unsigned() ? 20 : 19;
            };
        }
        return Math.max(1, t.unsigned() ? t.length() : t.length() - 1);
    }

    /**
     * DOUBLE, keeping fixed decimals (a DOUBLE(10,2) operand) when every operand has a fixed number of decimals:
     * MariaDB shows DOUBLE(10,2) * 1 as 1.00.
     */
    private static SqlType doubleType(ArithmeticOp op, SqlType a, SqlType b) {
        int da = fixedDecimals(a);
        int db = fixedDecimals(b);
        if (da < 0 || db < 0 || Math.max(da, db) == 0 || op == ArithmeticOp.DIVIDE) {
            return SqlType.DOUBLE;
        }
        int scale = op == ArithmeticOp.MULTIPLY ? Math.min(30, da + db) : Math.max(da, db);
        return new SqlType(TypeKind.DOUBLE, 0, 0, scale, false, List.of());
    }

    /** Fixed decimals of an operand, -1 when not fixed (a plain FLOAT/DOUBLE, a string). */
    private static int fixedDecimals(SqlType t) {
        return switch (t.kind().category()) {
            case FLOATING -> t.scale() > 0 ? t.scale() : -1;
            case DECIMAL -> t.scale();
            case INTEGER, NULL -> 0;
            case TEMPORAL -> t.kind() == TypeKind.DATE ? 0 : t.fsp();
            default -> -1;
        };
    }

    private static SqlType integerType(ArithmeticOp op, SqlType a, SqlType b, boolean unsigned) {
        SqlType x = a.kind() == TypeKind.NULL ? b : a;
        SqlType y = b.kind() == TypeKind.NULL ? a : b;
        int digits = switch (op) {
            case ADD, SUBTRACT -> Math.max(digits(x), digits(y)) + 1;
            case MULTIPLY -> digits(x) + digits(y);
            default -> digits(x);
        };
        int length = Math.min(digits, 20) + (unsigned ? 0 : 1);
        boolean small = (op == ArithmeticOp.ADD || op == ArithmeticOp.SUBTRACT || op == ArithmeticOp.MULTIPLY)
                && length <= 9;
        return new SqlType(small ? TypeKind.INT : TypeKind.BIGINT, length, 0, 0, unsigned, List.of());
    }

    private static SqlType decimalType(ArithmeticOp op, SqlType a, SqlType b, int increment) {
        SqlType x = a.kind() == TypeKind.NULL ? b : a;
        SqlType y = b.kind() == TypeKind.NULL ? a : b;
        int pa = digits(x);
        int pb = digits(y);
        int sa = scaleOf(x);
        int sb = scaleOf(y);
        int scale;
        int precision;
        switch (op) {
            case ADD, SUBTRACT -> {
                scale = Math.max(sa, sb);
                precision = Math.max(pa - sa, pb - sb) + 1 + scale;
            }
            case MULTIPLY -> {
                scale = Math.min(MAX_SCALE, sa + sb);
                precision = pa + pb;
            }
            case DIVIDE -> {
                scale = Math.min(MAX_SCALE, sa + increment);
                precision = pa - sa + sb + scale;
            }
            case MODULO -> {
                scale = Math.max(sa, sb);
                precision = Math.max(pa - sa, pb - sb) + scale;
            }
            default -> {
                return new SqlType(TypeKind.BIGINT, pa - sa + 1, 0, 0, x.unsigned() || y.unsigned(), List.of());
            }
        }
        return SqlType.decimal(Math.max(1, Math.min(MAX_PRECISION, precision)), scale);
    }
}
