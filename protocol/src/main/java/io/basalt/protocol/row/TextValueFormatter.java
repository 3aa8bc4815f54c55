package io.basalt.protocol.row;

import io.basalt.protocol.constants.ColumnFlags;
import io.basalt.protocol.constants.FieldType;
import io.basalt.protocol.result.ColumnDefinition;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * Formats a value of the value model as the text protocol shows it, byte for byte as MySQL does:
 * <ul>
 *   <li>integers: decimal; UNSIGNED columns read the 64 bits as unsigned; YEAR with 4 digits; ZEROFILL pads with
 *       zeros to the column length;</li>
 *   <li>DECIMAL ({@link BigDecimal}): plain notation at the column's scale (a quotient may carry more digits than
 *       its type shows, as MariaDB's do), or the value's own scale when the column has none;</li>
 *   <li>FLOAT/DOUBLE ({@link Double}): see {@link MySqlDoubleFormat}; with fixed decimals (below 31) rounded to
 *       them;</li>
 *   <li>strings: UTF-8; byte strings: raw;</li>
 *   <li>DATE {@code yyyy-MM-dd}; DATETIME/TIMESTAMP {@code yyyy-MM-dd HH:mm:ss} plus exactly the column's
 *       fractional digits; TIME {@code [-]HH:MM:SS[.f]} with hours beyond 24;</li>
 *   <li>{@link Boolean} (defensive): 1 or 0.</li>
 * </ul>
 * Stateless and thread-safe.
 */
public final class TextValueFormatter {
    /** decimals value meaning "not fixed" (NOT_FIXED_DEC). */
    public static final int NOT_FIXED_DECIMALS = 31;
    private static final int YEAR_DIGITS = 4;

    private TextValueFormatter() {
    }

    /** @return the text form, or null for SQL NULL */
    public static byte[] format(Object value, ColumnDefinition column) {
        if (value == null) {
            return null;
        }
        if (value instanceof byte[] bytes) {
            return bytes;
        }
        return formatString(value, column).getBytes(StandardCharsets.UTF_8);
    }

    /** The text form as a Java string (byte strings are not valid here: use {@link #format}). */
    public static String formatString(Object value, ColumnDefinition column) {
        if (value instanceof String s) {
            return s;
        }
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return zeroFill(formatInteger(((Number) value).longValue(), column), column);
        }
        if (value instanceof BigDecimal d) {
            return zeroFill(decimalText(d, column), column);
        }
        if (value instanceof Double || value instanceof Float) {
            return zeroFill(formatFloating(((Number) value).doubleValue(), column), column);
        }
        if (value instanceof LocalDateTime dt) {
            return formatDateTime(dt, column.decimals());
        }
        if (value instanceof LocalDate d) {
            return formatDate(d);
        }
        if (value instanceof Duration t) {
            return formatTime(t, column.decimals());
        }
        if (value instanceof Boolean b) {
            return b ? "1" : "0";
        }
        throw new IllegalArgumentException("no text form for " + value.getClass().getName());
    }

    private static String formatInteger(long v, ColumnDefinition column) {
        if (column.type() == FieldType.YEAR) {
            StringBuilder sb = new StringBuilder(YEAR_DIGITS);
            Temporals.appendPadded(sb, v, YEAR_DIGITS);
            return sb.toString();
        }
        return (column.flags() & ColumnFlags.UNSIGNED) != 0 ? Long.toUnsignedString(v) : Long.toString(v);
    }

    private static String formatFloating(double v, ColumnDefinition column) {
        if (column.decimals() < NOT_FIXED_DECIMALS) {
            return MySqlDoubleFormat.formatFixed(v, column.decimals());
        }
        return column.type() == FieldType.FLOAT ? MySqlDoubleFormat.formatFloat(v) : MySqlDoubleFormat.formatDouble(v);
    }

    private static String zeroFill(String s, ColumnDefinition column) {
        if ((column.flags() & ColumnFlags.ZEROFILL) == 0 || s.length() >= column.columnLength()) {
            return s;
        }
        return "0".repeat((int) (column.columnLength() - s.length())) + s;
    }

    static String formatDate(LocalDate d) {
        StringBuilder sb = new StringBuilder(10);
        appendDate(sb, d);
        return sb.toString();
    }

    static String formatDateTime(LocalDateTime dt, int decimals) {
        StringBuilder sb = new StringBuilder(26);
        appendDate(sb, dt.toLocalDate());
        sb.append(' ');
        appendClock(sb, dt.getHour(), dt.getMinute(), dt.getSecond());
        int micros = Temporals.micros(dt.getNano(), decimals);
        Temporals.appendFraction(sb, micros, Temporals.fractionDigits(micros, decimals));
        return sb.toString();
    }

    static String formatTime(Duration t, int decimals) {
        StringBuilder sb = new StringBuilder(17);
        Duration abs = t.abs();
        long seconds = abs.getSeconds();
        int micros = Temporals.micros(abs.getNano(), decimals);
        if (t.isNegative()) {
            sb.append('-');
        }
        Temporals.appendPadded(sb, seconds / 3600, 2);
        sb.append(':');
        Temporals.appendPadded(sb, seconds / 60 % 60, 2);
        sb.append(':');
        Temporals.appendPadded(sb, seconds % 60, 2);
        Temporals.appendFraction(sb, micros, Temporals.fractionDigits(micros, decimals));
        return sb.toString();
    }

    private static void appendDate(StringBuilder sb, LocalDate d) {
        Temporals.appendPadded(sb, d.getYear(), 4);
        sb.append('-');
        Temporals.appendPadded(sb, d.getMonthValue(), 2);
        sb.append('-');
        Temporals.appendPadded(sb, d.getDayOfMonth(), 2);
    }

    private static void appendClock(StringBuilder sb, int hour, int minute, int second) {
        Temporals.appendPadded(sb, hour, 2);
        sb.append(':');
        Temporals.appendPadded(sb, minute, 2);
        sb.append(':');
        Temporals.appendPadded(sb, second, 2);
    }

    /** A DECIMAL value as text at the column's scale when it declares one (decimals below 31). */
    static String decimalText(BigDecimal d, ColumnDefinition column) {
        int scale = column.decimals();
        if (column.type() == FieldType.NEWDECIMAL && scale < NOT_FIXED_DECIMALS && d.scale() != scale) {
            return d.setScale(scale, java.math.RoundingMode.HALF_UP).toPlainString();
        }
        return d.toPlainString();
    }
}
