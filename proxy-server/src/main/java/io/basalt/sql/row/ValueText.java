package io.basalt.sql.row;

import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.type.TypeKind;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * A column value as MariaDB prints it in messages and DDL (duplicate-key errors, SHOW CREATE TABLE defaults):
 * unsigned integers unsigned, DECIMAL with the column's scale, DOUBLE with the shortest exact digits and FLOAT with
 * 6 significant digits (exponent form outside 1e-15 .. 1e15, e.g. {@code 1.5e30}), temporals with the column's
 * fractional digits.
 */
public final class ValueText {
    private ValueText() {
    }

    /** The text of a non-null value of column {@code c}; binary values are decoded as ISO-8859-1. */
    public static String format(ColumnDef c, Object v) {
        if (v instanceof Long l) {
            return c.type().unsigned() ? Long.toUnsignedString(l) : l.toString();
        }
        if (v instanceof BigDecimal d) {
            return c.type().kind() == TypeKind.DECIMAL
                    ? d.setScale(c.type().scale(), RoundingMode.HALF_UP).toPlainString() : d.toPlainString();
        }
        if (v instanceof Double d) {
            return c.type().kind() == TypeKind.FLOAT ? formatFloat(d) : formatDouble(d);
        }
        if (v instanceof LocalDate d) {
            return date(d);
        }
        if (v instanceof LocalDateTime d) {
            return date(d.toLocalDate()) + ' ' + time(d.getHour(), d.getMinute(), d.getSecond(),
                    d.getNano() / 1_000, c.type().fsp());
        }
        if (v instanceof Duration d) {
            return duration(d, c.type().fsp());
        }
        if (v instanceof byte[] b) {
            return new String(b, StandardCharsets.ISO_8859_1);
        }
        return v.toString();
    }

    public static String formatDouble(double d) {
        if (d == 0) {
            return "0";
        }
        return scientificOrPlain(new BigDecimal(Double.toString(d)));
    }

    public static String formatFloat(double d) {
        if (d == 0) {
            return "0";
        }
        BigDecimal v = new BigDecimal(Float.toString((float) d)).round(new MathContext(6, RoundingMode.HALF_EVEN));
        return scientificOrPlain(v);
    }

    private static String scientificOrPlain(BigDecimal v) {
        BigDecimal norm = v.stripTrailingZeros();
        int exponent = norm.precision() - norm.scale() - 1;
        if (exponent >= -15 && exponent < 15) {
            return norm.toPlainString();
        }
        String digits = norm.unscaledValue().abs().toString();
        StringBuilder sb = new StringBuilder();
        if (norm.signum() < 0) {
            sb.append('-');
        }
        sb.append(digits.charAt(0));
        if (digits.length() > 1) {
            sb.append('.').append(digits, 1, digits.length());
        }
        return sb.append('e').append(exponent).toString();
    }

    private static String date(LocalDate d) {
        StringBuilder sb = new StringBuilder(10);
        pad(sb, d.getYear(), 4).append('-');
        pad(sb, d.getMonthValue(), 2).append('-');
        return pad(sb, d.getDayOfMonth(), 2).toString();
    }

    private static String time(long hours, int minutes, int seconds, int micros, int fsp) {
        StringBuilder sb = new StringBuilder();
        pad(sb, hours, 2).append(':');
        pad(sb, minutes, 2).append(':');
        pad(sb, seconds, 2);
        if (fsp > 0) {
            sb.append('.');
            String frac = String.format("%06d", micros);
            sb.append(frac, 0, fsp);
        }
        return sb.toString();
    }

    private static String duration(Duration d, int fsp) {
        boolean negative = d.isNegative();
        Duration abs = d.abs();
        long totalSeconds = abs.getSeconds();
        String t = time(totalSeconds / 3600, (int) (totalSeconds / 60 % 60), (int) (totalSeconds % 60),
                abs.getNano() / 1_000, fsp);
        return negative ? "-" + t : t;
    }

    private static StringBuilder pad(StringBuilder sb, long v, int width) {
        String s = Long.toString(v);
        for (int i = s.length(); i < width; i++) {
            sb.append('0');
        }
        return sb.append(s);
    }
}
