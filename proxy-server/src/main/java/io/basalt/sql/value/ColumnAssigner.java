package io.basalt.sql.value;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Arrays;

/**
 * Assignment conversion: a value written into a column by INSERT or UPDATE, converted to the column's value model
 * as MariaDB 10.11 converts it. In strict mode a value that does not fit is an error (1264 out of range, 1265 data
 * truncated, 1292 incorrect date/time, 1366 incorrect number, 1406 data too long); otherwise it is clipped or cut
 * with a warning. Decimals round to the column's scale (note 1265), fractional seconds are truncated to the
 * column's precision, CHAR loses trailing spaces, spaces beyond a string column's length are cut with a note, JSON
 * is kept verbatim but must be valid (4025). NULL stays NULL (NOT NULL is checked by the caller).
 *
 * <p>Where MariaDB stores a zero date ('0000-00-00') in non-strict mode, which the value model cannot hold, this
 * stores NULL with the same warning.
 */
public final class ColumnAssigner {
    private static final long TIMESTAMP_MAX_EPOCH = 2147483647L;

    private ColumnAssigner() {
    }

    public static Object assign(Object v, SqlType vType, AssignTarget target, long rowNumber, EvalContext ctx,
                                boolean strict) {
        if (v == null) {
            return null;
        }
        Assignment a = new Assignment(target, rowNumber, ctx, strict);
        SqlType t = target.type();
        return switch (t.kind()) {
            case TINYINT, SMALLINT, MEDIUMINT, INT, BIGINT -> a.integer(v, vType);
            case YEAR -> a.year(v, vType);
            case DECIMAL -> a.decimal(v, vType);
            case FLOAT, DOUBLE -> a.floating(v, vType);
            case CHAR, VARCHAR, TINYTEXT, TEXT, MEDIUMTEXT, LONGTEXT -> a.text(v, vType);
            case ENUM -> a.enumeration(v, vType);
            case JSON -> a.json(v, vType);
            case BINARY, VARBINARY, TINYBLOB, BLOB, MEDIUMBLOB, LONGBLOB -> a.binary(v, vType);
            case DATE -> a.date(v, vType);
            case DATETIME, TIMESTAMP -> a.dateTime(v, vType);
            case TIME -> a.time(v, vType);
            case NULL -> null;
        };
    }

    /** Byte limit of the TEXT and BLOB kinds. */
    static long byteLimit(TypeKind kind) {
        return switch (kind) {
            case TINYTEXT, TINYBLOB -> 255L;
            case TEXT, BLOB -> 65535L;
            case MEDIUMTEXT, MEDIUMBLOB -> 16777215L;
            default -> 4294967295L;
        };
    }

    /** One value being assigned: the target and how to report problems. */
    private static final class Assignment {
        private final AssignTarget target;
        private final SqlType t;
        private final long row;
        private final EvalContext ctx;
        private final boolean strict;

        Assignment(AssignTarget target, long row, EvalContext ctx, boolean strict) {
            this.target = target;
            this.t = target.type();
            this.row = row;
            this.ctx = ctx;
            this.strict = strict;
        }

        // ------------------------------------------------------------ reporting

        private void outOfRange() {
            problem(SqlErrors.WARN_DATA_OUT_OF_RANGE, SqlErrors.columnOutOfRangeText(target.column(), row));
        }

        private void truncated() {
            problem(SqlErrors.WARN_DATA_TRUNCATED, SqlErrors.dataTruncatedText(target.column(), row));
        }

        private void truncatedNote() {
            ctx.note(SqlErrors.WARN_DATA_TRUNCATED, SqlErrors.dataTruncatedText(target.column(), row));
        }

        private void tooLong() {
            if (strict) {
                throw SqlErrors.error(SqlErrors.DATA_TOO_LONG, SqlErrors.dataTooLongText(target.column(), row));
            }
            ctx.warn(SqlErrors.WARN_DATA_TRUNCATED, SqlErrors.dataTruncatedText(target.column(), row));
        }

        private void incorrect(String what, String value) {
            problem(SqlErrors.TRUNCATED_WRONG_VALUE_FOR_FIELD,
                    SqlErrors.incorrectValueText(what, value, target.qualifiedName(), row));
        }

        /** 1292 in strict mode; a 1265 warning otherwise, as MariaDB reports a value it zeroes. */
        private void incorrectTemporal(String what, String value) {
            if (strict) {
                throw SqlErrors.error(SqlErrors.TRUNCATED_WRONG_VALUE,
                        SqlErrors.incorrectValueText(what, value, target.qualifiedName(), row));
            }
            ctx.warn(SqlErrors.WARN_DATA_TRUNCATED, SqlErrors.dataTruncatedText(target.column(), row));
        }

        private void problem(int code, String message) {
            if (strict) {
                throw SqlErrors.error(code, message);
            }
            ctx.warn(code, message);
        }

        // ------------------------------------------------------------ numbers

        /**
         * The value as a number to be rounded into an integer or decimal column; strings are read as DECIMAL with
         * 1366 (no number) or 1265 (trailing garbage), temporals as their number.
         */
        private BigDecimal number(Object v, SqlType vt, String what) {
            if (v instanceof Long l) {
                return vt != null && vt.unsigned() && l < 0 ? Values.unsignedToDecimal(l) : BigDecimal.valueOf(l);
            }
            if (v instanceof BigDecimal d) {
                return d;
            }
            if (v instanceof Double d) {
                return BigDecimal.valueOf(d);
            }
            if (v instanceof String || v instanceof byte[]) {
                String s = Values.toText(v, vt);
                if (vt != null && vt.kind() == TypeKind.ENUM) {
                    return BigDecimal.valueOf(Values.enumIndex(s, vt));
                }
                NumberScanner.Scan scan = NumberScanner.scan(s, false);
                switch (scan.status()) {
                    case NumberScanner.NO_NUMBER -> {
                        incorrect(what, s);
                        return BigDecimal.ZERO;
                    }
                    case NumberScanner.GARBAGE -> truncated();
                    case NumberScanner.TRAILING_SPACE -> truncatedNote();
                    default -> {
                    }
                }
                String text = s.substring(scan.start(), scan.end());
                if (text.endsWith(".")) {
                    text = text.substring(0, text.length() - 1);
                }
                try {
                    return new BigDecimal(text);
                } catch (NumberFormatException e) {
                    outOfRange();
                    return text.startsWith("-") ? BigDecimal.valueOf(-Double.MAX_VALUE)
                            : BigDecimal.valueOf(Double.MAX_VALUE);
                }
            }
            if (v instanceof Boolean b) {
                return b ? BigDecimal.ONE : BigDecimal.ZERO;
            }
            return Values.temporalToDecimal(v);
        }

        Object integer(Object v, SqlType vt) {
            long min;
            long max;
            boolean unsigned = t.unsigned();
            switch (t.kind()) {
                case TINYINT -> {
                    min = unsigned ? 0 : -128;
                    max = unsigned ? 255 : 127;
                }
                case SMALLINT -> {
                    min = unsigned ? 0 : -32768;
                    max = unsigned ? 65535 : 32767;
                }
                case MEDIUMINT -> {
                    min = unsigned ? 0 : -8388608;
                    max = unsigned ? 16777215 : 8388607;
                }
                case INT -> {
                    min = unsigned ? 0 : Integer.MIN_VALUE;
                    max = unsigned ? 4294967295L : Integer.MAX_VALUE;
                }
                default -> {
                    return bigint(v, vt);
                }
            }
            long x;
            if (v instanceof Long l && !(vt != null && vt.unsigned() && l < 0)) {
                x = l;
            } else if (v instanceof Double d) {
                double r = Math.rint(d);
                x = r < min ? min - 1 : r > max ? max + 1 : (long) r;
            } else {
                BigDecimal d = number(v, vt, "integer").setScale(0, RoundingMode.HALF_UP);
                x = d.compareTo(BigDecimal.valueOf(min)) < 0 ? min - 1
                        : d.compareTo(BigDecimal.valueOf(max)) > 0 ? max + 1 : d.longValue();
            }
            if (x < min) {
                outOfRange();
                return min;
            }
            if (x > max) {
                outOfRange();
                return max;
            }
            return x;
        }

        private Object bigint(Object v, SqlType vt) {
            boolean unsigned = t.unsigned();
            if (v instanceof Long l) {
                boolean big = vt != null && vt.unsigned() && l < 0;
                if (unsigned ? !big && l < 0 : big) {
                    outOfRange();
                    return unsigned ? 0L : Long.MAX_VALUE;
                }
                return l;
            }
            BigDecimal d;
            if (v instanceof Double dbl) {
                d = new BigDecimal(Math.rint(dbl));
            } else {
                d = number(v, vt, "integer").setScale(0, RoundingMode.HALF_UP);
            }
            BigDecimal min = unsigned ? BigDecimal.ZERO : BigDecimal.valueOf(Long.MIN_VALUE);
            BigDecimal max = unsigned ? Values.unsignedToDecimal(-1L) : BigDecimal.valueOf(Long.MAX_VALUE);
            if (d.compareTo(min) < 0) {
                outOfRange();
                return unsigned ? 0L : Long.MIN_VALUE;
            }
            if (d.compareTo(max) > 0) {
                outOfRange();
                return unsigned ? -1L : Long.MAX_VALUE;
            }
            return d.toBigInteger().longValue();
        }

        /** 0 stays 0000; 1–69 and 70–99 (and the strings '0'/'00') map to 2000–2069 and 1970–1999. */
        Object year(Object v, SqlType vt) {
            long y;
            if (v instanceof LocalDate d) {
                y = d.getYear();
            } else if (v instanceof LocalDateTime dt) {
                y = dt.getYear();
            } else {
                BigDecimal d = number(v, vt, "integer").setScale(0, RoundingMode.HALF_UP);
                y = d.abs().compareTo(BigDecimal.valueOf(10000)) > 0 ? 10000L * d.signum() : d.longValue();
                if (y == 0 && (v instanceof String || v instanceof byte[])) {
                    int digits = Values.toText(v, vt).strip().length();
                    return digits >= 1 && digits <= 2 ? 2000L : 0L;
                }
            }
            if (y == 0) {
                return 0L;
            }
            if (y >= 1 && y <= 99) {
                return y < 70 ? 2000 + y : 1900 + y;
            }
            if (y < 1901 || y > 2155) {
                outOfRange();
                return 0L;
            }
            return y;
        }

        Object decimal(Object v, SqlType vt) {
            BigDecimal d = number(v, vt, "decimal");
            BigDecimal r = d.setScale(t.scale(), RoundingMode.HALF_UP);
            BigDecimal max = Casts.maxDecimal(t.precision(), t.scale());
            if (r.abs().compareTo(max) > 0 || t.unsigned() && r.signum() < 0) {
                outOfRange();
                return t.unsigned() && r.signum() < 0 ? BigDecimal.ZERO.setScale(t.scale())
                        : r.signum() < 0 ? max.negate() : max;
            }
            if (r.compareTo(d) != 0) {
                truncatedNote();
            }
            return r;
        }

        Object floating(Object v, SqlType vt) {
            double d;
            if (v instanceof String || v instanceof byte[]) {
                d = number(v, vt, "double").doubleValue();
            } else {
                d = Values.toDouble(v, vt, ctx);
            }
            double max = t.kind() == TypeKind.FLOAT ? Float.MAX_VALUE : Double.MAX_VALUE;
            if (t.kind() == TypeKind.FLOAT || t.scale() > 0) {
                if (t.precision() > 0 && t.scale() >= 0 && t.precision() >= t.scale() && t.precision() < 40) {
                    max = Math.min(max, Casts.maxDecimal(t.precision(), t.scale()).doubleValue());
                }
            }
            if (t.scale() > 0 && !Double.isInfinite(d)) {
                d = new BigDecimal(d).setScale(t.scale(), RoundingMode.HALF_UP).doubleValue();
            }
            if (Math.abs(d) > max || Double.isInfinite(d) || t.unsigned() && d < 0) {
                outOfRange();
                d = t.unsigned() && d < 0 ? 0 : Math.copySign(max, d);
            }
            return t.kind() == TypeKind.FLOAT ? (double) (float) d : d;
        }

        // ------------------------------------------------------------ strings

        Object text(Object v, SqlType vt) {
            String s = Values.toText(v, vt);
            if (t.kind() == TypeKind.CHAR || t.kind() == TypeKind.VARCHAR) {
                int limit = t.length();
                int chars = s.codePointCount(0, s.length());
                if (chars > limit) {
                    int cut = s.offsetByCodePoints(0, limit);
                    if (onlySpaces(s, cut)) {
                        truncatedNote();
                    } else {
                        tooLong();
                    }
                    s = s.substring(0, cut);
                }
            } else {
                s = cutToBytes(s, byteLimit(t.kind()));
            }
            return t.kind() == TypeKind.CHAR ? stripTrailingSpaces(s) : s;
        }

        private String cutToBytes(String s, long limit) {
            if (s.length() * 3L <= limit) {
                return s;
            }
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            if (b.length <= limit) {
                return s;
            }
            tooLong();
            int end = (int) limit;
            while (end > 0 && (b[end] & 0xC0) == 0x80) {
                end--;
            }
            return new String(b, 0, end, StandardCharsets.UTF_8);
        }

        Object enumeration(Object v, SqlType vt) {
            if (v instanceof String || v instanceof byte[]) {
                String s = Values.toText(v, vt);
                for (String label : t.enumValues()) {
                    if (Collation.equalsCi(label, s)) {
                        return label;
                    }
                }
                if (vt != null && vt.kind() != TypeKind.ENUM) {
                    NumberScanner.Scan scan = NumberScanner.scan(s, true);
                    if (scan.status() == NumberScanner.CLEAN) {
                        return enumByIndex(Long.parseLong(s.substring(scan.start(), scan.end())));
                    }
                }
                truncated();
                return "";
            }
            return enumByIndex(Values.toLong(v, vt, ctx));
        }

        private String enumByIndex(long index) {
            if (index >= 1 && index <= t.enumValues().size()) {
                return t.enumValues().get((int) index - 1);
            }
            truncated();
            return "";
        }

        Object json(Object v, SqlType vt) {
            String s = vt != null && vt.kind() == TypeKind.JSON || v instanceof String || v instanceof byte[]
                    ? Values.toText(v, vt) : Json.toJsonText(v, vt);
            if (!Json.isValid(s)) {
                throw SqlErrors.error(SqlErrors.CONSTRAINT_FAILED, "CONSTRAINT `" + target.table() + "."
                        + target.column() + "` failed for `" + target.schema() + "`.`" + target.table() + "`");
            }
            return s;
        }

        Object binary(Object v, SqlType vt) {
            byte[] b = Values.toBytes(v, vt);
            long limit = switch (t.kind()) {
                case BINARY, VARBINARY -> t.length();
                default -> byteLimit(t.kind());
            };
            if (b.length > limit) {
                tooLong();
                b = Arrays.copyOf(b, (int) limit);
            }
            if (t.kind() == TypeKind.BINARY && b.length < limit) {
                b = Arrays.copyOf(b, (int) limit);
            }
            return b;
        }

        // ------------------------------------------------------------ temporals

        Object date(Object v, SqlType vt) {
            if (v instanceof LocalDate d) {
                return d;
            }
            LocalDateTime dt = dateTimeOf(v, vt, "date");
            if (dt == null) {
                return null;
            }
            if (dt.toLocalTime().toNanoOfDay() != 0) {
                truncatedNote();
            }
            return dt.toLocalDate();
        }

        Object dateTime(Object v, SqlType vt) {
            String what = "datetime";
            LocalDateTime dt = dateTimeOf(v, vt, what);
            if (dt == null) {
                return null;
            }
            dt = Temporals.truncate(dt, t.fsp());
            if (t.kind() == TypeKind.TIMESTAMP && !timestampInRange(dt, ctx.timeZone())) {
                if (strict) {
                    throw SqlErrors.error(SqlErrors.TRUNCATED_WRONG_VALUE, SqlErrors.incorrectValueText(what,
                            Values.toText(v, vt), target.qualifiedName(), row));
                }
                ctx.warn(SqlErrors.WARN_DATA_OUT_OF_RANGE, SqlErrors.columnOutOfRangeText(target.column(), row));
                return null;
            }
            return dt;
        }

        private LocalDateTime dateTimeOf(Object v, SqlType vt, String what) {
            if (v instanceof LocalDateTime dt) {
                return dt;
            }
            if (v instanceof LocalDate d) {
                return d.atStartOfDay();
            }
            if (v instanceof Duration d) {
                return ctx.statementTime().toLocalDate().atStartOfDay().plus(d);
            }
            if (v instanceof String || v instanceof byte[]) {
                String s = Values.toText(v, vt);
                Temporals.Parsed<LocalDateTime> p = Temporals.parseDateTime(s);
                if (!p.valid() || p.truncated() && !onlyFractionClipped(s)) {
                    incorrectTemporal(what, s);
                    return p.valid() ? p.value() : null;
                }
                return p.value();
            }
            LocalDateTime dt = v instanceof Long || v instanceof BigDecimal ? Values.numberToDateTime(v, vt) : null;
            if (v instanceof Double d && d == Math.rint(d)) {
                dt = Values.numberToDateTime((long) (double) d, vt);
            }
            if (dt == null || v instanceof BigDecimal bd && bd.stripTrailingZeros().scale() > 0) {
                incorrectTemporal(what, Values.toText(v, vt));
                return null;
            }
            return dt;
        }

        private boolean onlyFractionClipped(String s) {
            String trimmed = s.strip();
            int dot = trimmed.lastIndexOf('.');
            if (dot < 0) {
                return false;
            }
            for (int i = dot + 1; i < trimmed.length(); i++) {
                if (!NumberScanner.isDigit(trimmed.charAt(i))) {
                    return false;
                }
            }
            return true;
        }

        Object time(Object v, SqlType vt) {
            Duration d;
            if (v instanceof Duration dur) {
                d = dur;
            } else if (v instanceof LocalDateTime dt) {
                d = Temporals.timeOf(dt);
            } else if (v instanceof LocalDate) {
                d = Duration.ZERO;
            } else {
                Temporals.Parsed<Duration> p;
                String text = Values.toText(v, vt);
                p = v instanceof String || v instanceof byte[] ? Temporals.parseTime(text)
                        : Values.numberToTime(v, vt);
                if (!p.valid()) {
                    incorrectTemporal("time", text);
                    return null;
                }
                if (p.truncated()) {
                    if (strict) {
                        throw SqlErrors.error(SqlErrors.TRUNCATED_WRONG_VALUE,
                                SqlErrors.incorrectValueText("time", text, target.qualifiedName(), row));
                    }
                    outOfRange();
                }
                d = p.value();
            }
            if (Math.abs(Temporals.toMicros(d)) > Temporals.MAX_TIME_MICROS) {
                outOfRange();
                long max = Temporals.MAX_TIME_MICROS - 999_999L;
                d = Duration.ofNanos((d.isNegative() ? -max : max) * 1000L);
            }
            return Temporals.truncate(d, t.fsp());
        }
    }

    static boolean timestampInRange(LocalDateTime dt, ZoneId zone) {
        long epoch = dt.atZone(zone).toEpochSecond();
        return epoch >= 1 && epoch <= TIMESTAMP_MAX_EPOCH;
    }

    private static boolean onlySpaces(String s, int from) {
        for (int i = from; i < s.length(); i++) {
            if (s.charAt(i) != ' ') {
                return false;
            }
        }
        return true;
    }

    private static String stripTrailingSpaces(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return end == s.length() ? s : s.substring(0, end);
    }
}
