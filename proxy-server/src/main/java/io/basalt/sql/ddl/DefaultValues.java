package io.basalt.sql.ddl;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.catalog.CharsetCollation;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.row.ValueText;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.storage.codec.CaseInsensitiveCollation;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.BitString;

/**
 * Converts a column's DEFAULT clause to a {@link DefaultValue} of the column's type, strictly (as MariaDB in strict
 * mode): a constant that does not fit the type exactly is 1067 "Invalid default value". CURRENT_TIMESTAMP is
 * accepted for DATETIME and TIMESTAMP only. Zero dates ('0000-00-00') have no value in Basalt's value model and are
 * refused with 1067 too.
 */
final class DefaultValues {
    private static final Pattern DATETIME = Pattern.compile(
            "(\\d{4})-(\\d{1,2})-(\\d{1,2})(?:[ T](\\d{1,2}):(\\d{1,2})(?::(\\d{1,2})(?:\\.(\\d{1,6})\\d*)?)?)?");
    private static final Pattern TIME = Pattern.compile(
            "(-)?(?:(\\d+) )?(\\d+):(\\d{1,2})(?::(\\d{1,2})(?:\\.(\\d{1,6})\\d*)?)?");
    private static final long MAX_TIME_MICROS = (838L * 3600 + 59 * 60 + 59) * 1_000_000L;

    /** A literal as written: a number, a string, bytes (hex literal) or a boolean. */
    private record Literal(BigDecimal number, boolean approximate, String text, byte[] bytes, Boolean bool) {
    }

    private DefaultValues() {
    }

    static DefaultValue of(String column, SqlType type, String collation, boolean nullable, SqlNode node) {
        if (node == null) {
            return DefaultValue.NONE;
        }
        if (node instanceof SqlCall call && isCurrentTimestamp(call)) {
            if (type.kind() != TypeKind.DATETIME && type.kind() != TypeKind.TIMESTAMP) {
                throw invalid(column);
            }
            int fsp = type.fsp();
            if (!call.getOperandList().isEmpty() && call.operand(0) instanceof SqlLiteral p) {
                fsp = Math.min(p.intValue(true), type.fsp());
            }
            return new DefaultValue.CurrentTimestamp(fsp);
        }
        Literal lit = literal(column, node);
        if (lit == null) {
            if (!nullable) {
                throw invalid(column);
            }
            return new DefaultValue.Constant(null);
        }
        return new DefaultValue.Constant(convert(column, type, collation, lit));
    }

    static boolean isCurrentTimestamp(SqlCall call) {
        return call.getOperator().getName().equalsIgnoreCase("CURRENT_TIMESTAMP");
    }

    /** The literal of {@code node}; null for the NULL literal. */
    private static Literal literal(String column, SqlNode node) {
        if (node instanceof SqlBasicCall call && call.getKind() == SqlKind.MINUS_PREFIX
                && call.operand(0) instanceof SqlNumericLiteral n) {
            return new Literal(n.bigDecimalValue().negate(), !n.isExact(), null, null, null);
        }
        if (!(node instanceof SqlLiteral lit)) {
            throw invalid(column);
        }
        SqlTypeName t = lit.getTypeName();
        if (t == SqlTypeName.NULL) {
            return null;
        }
        if (lit instanceof SqlNumericLiteral n) {
            return new Literal(n.bigDecimalValue(), !n.isExact(), null, null, null);
        }
        if (t == SqlTypeName.BOOLEAN) {
            return new Literal(null, false, null, null, lit.booleanValue());
        }
        if (t == SqlTypeName.BINARY) {
            return new Literal(null, false, null, lit.getValueAs(BitString.class).getAsByteArray(), null);
        }
        return new Literal(null, false, lit.toValue(), null, null);
    }

    private static Object convert(String column, SqlType type, String collation, Literal lit) {
        try {
            return switch (type.kind()) {
                case TINYINT, SMALLINT, MEDIUMINT, INT, BIGINT -> integer(column, type, lit);
                case YEAR -> year(column, lit);
                case DECIMAL -> decimal(column, type, lit);
                case FLOAT, DOUBLE -> floating(column, type, lit);
                case ENUM -> enumLabel(column, type, collation, lit);
                case CHAR, VARCHAR, TINYTEXT, TEXT, MEDIUMTEXT, LONGTEXT, JSON -> string(column, type, collation,
                        lit);
                case BINARY, VARBINARY, TINYBLOB, BLOB, MEDIUMBLOB, LONGBLOB -> binary(column, type, lit);
                case DATE -> dateTime(column, lit, 0).toLocalDate();
                case DATETIME, TIMESTAMP -> dateTime(column, lit, type.fsp());
                case TIME -> time(column, lit, type.fsp());
                case NULL -> throw invalid(column);
            };
        } catch (NumberFormatException | DateTimeException | ArithmeticException e) {
            throw invalid(column);
        }
    }

    private static BigDecimal number(String column, Literal lit) {
        if (lit.number() != null) {
            return lit.number();
        }
        if (lit.bool() != null) {
            return lit.bool() ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        if (lit.bytes() != null) {
            return new BigDecimal(new BigInteger(1, lit.bytes()));
        }
        String s = lit.text().trim();
        if (s.isEmpty()) {
            throw invalid(column);
        }
        return new BigDecimal(s);
    }

    private static Long integer(String column, SqlType type, Literal lit) {
        BigInteger v = number(column, lit).setScale(0, RoundingMode.HALF_UP).toBigIntegerExact();
        int bits = switch (type.kind()) {
            case TINYINT -> 8;
            case SMALLINT -> 16;
            case MEDIUMINT -> 24;
            case INT -> 32;
            default -> 64;
        };
        BigInteger min = type.unsigned() ? BigInteger.ZERO : BigInteger.ONE.shiftLeft(bits - 1).negate();
        BigInteger max = type.unsigned() ? BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)
                : BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE);
        if (v.compareTo(min) < 0 || v.compareTo(max) > 0) {
            throw invalid(column);
        }
        return v.longValue();
    }

    private static Long year(String column, Literal lit) {
        long v = number(column, lit).setScale(0, RoundingMode.HALF_UP).longValueExact();
        if (lit.text() != null && v == 0 && lit.text().trim().length() <= 2) {
            return 2000L; // '0' and '00' as strings mean 2000
        }
        if (v == 0 || (v >= 1901 && v <= 2155)) {
            return v;
        }
        if (v >= 1 && v <= 69) {
            return 2000 + v;
        }
        if (v >= 70 && v <= 99) {
            return 1900 + v;
        }
        throw invalid(column);
    }

    private static BigDecimal decimal(String column, SqlType type, Literal lit) {
        BigDecimal v = number(column, lit).setScale(type.scale(), RoundingMode.HALF_UP);
        if (v.precision() - v.scale() > type.precision() - type.scale() && v.signum() != 0
                || type.unsigned() && v.signum() < 0) {
            throw invalid(column);
        }
        return v;
    }

    private static Double floating(String column, SqlType type, Literal lit) {
        BigDecimal exact = number(column, lit);
        if (type.unsigned() && exact.signum() < 0) {
            throw invalid(column);
        }
        if (type.precision() > 0) {
            BigDecimal rounded = exact.setScale(type.scale(), RoundingMode.HALF_UP);
            if (rounded.precision() - rounded.scale() > type.precision() - type.scale() && rounded.signum() != 0) {
                throw invalid(column);
            }
            exact = rounded;
        }
        double d = exact.doubleValue();
        if (type.kind() == TypeKind.FLOAT) {
            float f = (float) d;
            if (Float.isInfinite(f)) {
                throw invalid(column);
            }
            return (double) f;
        }
        if (Double.isInfinite(d)) {
            throw invalid(column);
        }
        return d;
    }

    private static String text(Literal lit) {
        if (lit.text() != null) {
            return lit.text();
        }
        if (lit.bytes() != null) {
            return new String(lit.bytes(), StandardCharsets.UTF_8);
        }
        if (lit.bool() != null) {
            return lit.bool() ? "1" : "0";
        }
        return lit.approximate() ? ValueText.formatDouble(lit.number().doubleValue())
                : lit.number().toPlainString();
    }

    private static String string(String column, SqlType type, String collation, Literal lit) {
        String s = text(lit);
        boolean byBytes = TypeMapper.isLob(type.kind());
        long len = byBytes ? s.getBytes(StandardCharsets.UTF_8).length : s.codePointCount(0, s.length());
        long limit = byBytes ? TypeMapper.maxBytes(type.kind()) : type.length();
        if (len > limit) {
            throw invalid(column);
        }
        return type.kind() == TypeKind.CHAR ? TypeMapper.stripTrailingSpaces(s) : s;
    }

    private static String enumLabel(String column, SqlType type, String collation, Literal lit) {
        List<String> labels = type.enumValues();
        if (lit.number() != null) {
            BigDecimal n = lit.number();
            int i = n.intValueExact();
            if (i < 1 || i > labels.size()) {
                throw invalid(column);
            }
            return labels.get(i - 1);
        }
        String s = TypeMapper.stripTrailingSpaces(text(lit));
        for (String label : labels) {
            boolean same = CharsetCollation.isBinary(collation) ? label.equals(s)
                    : CaseInsensitiveCollation.equal(label, s);
            if (same) {
                return label;
            }
        }
        throw invalid(column);
    }

    private static byte[] binary(String column, SqlType type, Literal lit) {
        byte[] b = lit.bytes() != null ? lit.bytes() : text(lit).getBytes(StandardCharsets.UTF_8);
        if (b.length > TypeMapper.maxLength(type, null)) {
            throw invalid(column);
        }
        return type.kind() == TypeKind.BINARY && b.length < type.length() ? Arrays.copyOf(b, type.length()) : b;
    }

    private static LocalDateTime dateTime(String column, Literal lit, int fsp) {
        if (lit.number() != null) {
            return numericDateTime(column, lit.number());
        }
        if (lit.text() == null) {
            throw invalid(column);
        }
        Matcher m = DATETIME.matcher(lit.text().trim());
        if (!m.matches()) {
            throw invalid(column);
        }
        LocalDate date = LocalDate.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                Integer.parseInt(m.group(3)));
        if (m.group(4) == null) {
            return date.atStartOfDay();
        }
        LocalTime time = LocalTime.of(Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)),
                m.group(6) == null ? 0 : Integer.parseInt(m.group(6)));
        long micros = m.group(7) == null ? 0 : Long.parseLong((m.group(7) + "00000").substring(0, 6));
        return round(date.atTime(time).plus(micros, ChronoUnit.MICROS), fsp);
    }

    private static LocalDateTime numericDateTime(String column, BigDecimal n) {
        long v = n.setScale(0, RoundingMode.DOWN).longValueExact();
        if (v >= 10_000_000_000_000L) {
            return LocalDateTime.of((int) (v / 10_000_000_000L), (int) (v / 100_000_000 % 100),
                    (int) (v / 1_000_000 % 100), (int) (v / 10_000 % 100), (int) (v / 100 % 100), (int) (v % 100));
        }
        if (v >= 10_000_000L && v <= 99_991_231L) {
            return LocalDate.of((int) (v / 10_000), (int) (v / 100 % 100), (int) (v % 100)).atStartOfDay();
        }
        throw invalid(column);
    }

    private static LocalDateTime round(LocalDateTime t, int fsp) {
        long unit = (long) Math.pow(10, 6 - fsp);
        long micros = t.getNano() / 1_000;
        long rounded = (micros + unit / 2) / unit * unit;
        return t.withNano(0).plus(rounded, ChronoUnit.MICROS);
    }

    private static Duration time(String column, Literal lit, int fsp) {
        long micros;
        if (lit.number() != null) {
            BigDecimal n = lit.number();
            long hhmmss = n.abs().setScale(0, RoundingMode.DOWN).longValueExact();
            long frac = n.abs().remainder(BigDecimal.ONE).movePointRight(6).setScale(0, RoundingMode.DOWN)
                    .longValueExact();
            micros = ((hhmmss / 10_000) * 3600 + (hhmmss / 100 % 100) * 60 + hhmmss % 100) * 1_000_000L + frac;
            if (hhmmss / 100 % 100 > 59 || hhmmss % 100 > 59) {
                throw invalid(column);
            }
            micros = n.signum() < 0 ? -micros : micros;
        } else if (lit.text() != null) {
            Matcher m = TIME.matcher(lit.text().trim());
            if (!m.matches()) {
                throw invalid(column);
            }
            long days = m.group(2) == null ? 0 : Long.parseLong(m.group(2));
            long hours = Long.parseLong(m.group(3)) + days * 24;
            long minutes = Long.parseLong(m.group(4));
            long seconds = m.group(5) == null ? 0 : Long.parseLong(m.group(5));
            if (minutes > 59 || seconds > 59) {
                throw invalid(column);
            }
            long frac = m.group(6) == null ? 0 : Long.parseLong((m.group(6) + "00000").substring(0, 6));
            micros = ((hours * 60 + minutes) * 60 + seconds) * 1_000_000L + frac;
            micros = m.group(1) != null ? -micros : micros;
        } else {
            throw invalid(column);
        }
        long unit = (long) Math.pow(10, 6 - fsp);
        long abs = (Math.abs(micros) + unit / 2) / unit * unit;
        if (abs > MAX_TIME_MICROS) {
            throw invalid(column);
        }
        return Duration.of(micros < 0 ? -abs : abs, ChronoUnit.MICROS);
    }

    static MySqlException invalid(String column) {
        return new MySqlException(ErrorCode.INVALID_DEFAULT, column);
    }
}
