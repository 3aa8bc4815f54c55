package io.basalt.sql.value;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * MySQL's temporal literal formats: parsing of strings ('2024-01-02', '2024-1-2 3:4:5.123', '20240102',
 * '10:11:12', '1 10:00', '101112') and numbers (20240102, 20240102153000, 101112), and the canonical text of
 * DATE, DATETIME and TIME values. Zero dates ('0000-00-00') have no representation in the value model and parse as
 * invalid. Stateless and thread-safe.
 */
public final class Temporals {
    /** The largest TIME magnitude, 838:59:59.999999, in microseconds. */
    public static final long MAX_TIME_MICROS = ((838L * 3600 + 59 * 60 + 59) * 1_000_000L) + 999_999L;

    /** Outcome of a parse: the value (null when invalid) and whether input was left over or clipped. */
    public record Parsed<T>(T value, boolean truncated) {
        public boolean valid() {
            return value != null;
        }
    }

    private Temporals() {
    }

    // ---------------------------------------------------------------- parsing strings

    /** A DATE or DATETIME string; a date alone gives midnight. */
    public static Parsed<LocalDateTime> parseDateTime(String s) {
        Fields f = new Fields();
        int end = readDateTime(s, 0, f);
        if (end < 0 || !f.validDate() || !f.validTime()) {
            return new Parsed<>(null, false);
        }
        return new Parsed<>(f.toDateTime(), !restIsBlank(s, end) || f.fractionClipped);
    }

    /** A DATE string; a time part is accepted and dropped silently, as CAST does. */
    public static Parsed<LocalDate> parseDate(String s) {
        Fields f = new Fields();
        int end = readDateTime(s, 0, f);
        if (end < 0 || !f.validDate() || !f.validTime()) {
            return new Parsed<>(null, false);
        }
        return new Parsed<>(LocalDate.of(f.year, f.month, f.day), !restIsBlank(s, end));
    }

    /**
     * A TIME string: '[-][D ]H:MM[:SS[.f]]', '[-]HHMMSS[.f]', or a DATETIME string (its time part). Values
     * beyond ±838:59:59.999999 are clipped to it and reported as truncated.
     */
    public static Parsed<Duration> parseTime(String s) {
        int n = s.length();
        int i = skipSpaces(s, 0);
        if (looksLikeDateTime(s, i)) {
            Fields f = new Fields();
            int end = readDateTime(s, i, f);
            if (end < 0 || !f.validDate() || !f.validTime()) {
                return new Parsed<>(null, false);
            }
            return new Parsed<>(micros(f.hour, f.minute, f.second, f.micros), !restIsBlank(s, end));
        }
        boolean negative = false;
        if (i < n && s.charAt(i) == '-') {
            negative = true;
            i++;
        }
        int digitsStart = i;
        while (i < n && NumberScanner.isDigit(s.charAt(i))) {
            i++;
        }
        if (i == digitsStart) {
            return new Parsed<>(null, false);
        }
        long hours;
        int minutes;
        int seconds = 0;
        Fraction frac = new Fraction();
        if (i < n && s.charAt(i) == ':' || i < n && s.charAt(i) == ' ' && i + 1 < n
                && NumberScanner.isDigit(s.charAt(i + 1))) {
            long first = parseDigits(s, digitsStart, i);
            long days = 0;
            if (s.charAt(i) == ' ') {
                days = first;
                int hStart = ++i;
                while (i < n && NumberScanner.isDigit(s.charAt(i))) {
                    i++;
                }
                first = parseDigits(s, hStart, i);
                if (i >= n || s.charAt(i) != ':') {
                    hours = days * 24 + first;
                    return timeResult(negative, hours, 0, 0, 0, !restIsBlank(s, i));
                }
            }
            hours = days * 24 + first;
            int mStart = ++i;
            while (i < n && NumberScanner.isDigit(s.charAt(i))) {
                i++;
            }
            if (i == mStart || i - mStart > 2) {
                return new Parsed<>(null, false);
            }
            minutes = (int) parseDigits(s, mStart, i);
            if (i < n && s.charAt(i) == ':') {
                int sStart = ++i;
                while (i < n && NumberScanner.isDigit(s.charAt(i))) {
                    i++;
                }
                if (i == sStart || i - sStart > 2) {
                    return new Parsed<>(null, false);
                }
                seconds = (int) parseDigits(s, sStart, i);
                i = frac.read(s, i);
            }
        } else {
            int len = i - digitsStart;
            if (len > 7 && (len == 8 || len >= 12)) {
                Fields f = new Fields();
                int end = readDateTime(s, digitsStart, f);
                if (end < 0 || !f.validDate() || !f.validTime()) {
                    return new Parsed<>(null, false);
                }
                return new Parsed<>(micros(f.hour, f.minute, f.second, f.micros), !restIsBlank(s, end));
            }
            long all = parseDigits(s, digitsStart, i);
            seconds = (int) (all % 100);
            minutes = (int) (all / 100 % 100);
            hours = all / 10000;
            i = frac.read(s, i);
        }
        return timeResult(negative, hours, minutes, seconds, frac.micros, !restIsBlank(s, i) || frac.clipped);
    }

    private static Parsed<Duration> timeResult(boolean negative, long hours, int minutes, int seconds, int micros,
                                               boolean truncated) {
        if (minutes > 59 || seconds > 59) {
            return new Parsed<>(null, false);
        }
        long total = ((hours * 3600 + minutes * 60L + seconds) * 1_000_000L) + micros;
        boolean clipped = false;
        if (hours > 838 || total > MAX_TIME_MICROS) {
            total = MAX_TIME_MICROS - 999_999L;
            clipped = true;
        }
        Duration d = Duration.ofNanos(total * 1000L);
        return new Parsed<>(negative ? d.negated() : d, truncated || clipped);
    }

    private static boolean looksLikeDateTime(String s, int i) {
        int n = s.length();
        int j = i;
        while (j < n && NumberScanner.isDigit(s.charAt(j))) {
            j++;
        }
        return j > i && j < n && (s.charAt(j) == '-' || s.charAt(j) == '/');
    }

    // ---------------------------------------------------------------- parsing numbers

    /** MySQL's number_to_datetime: YYMMDD, YYYYMMDD, YYMMDDHHMMSS, YYYYMMDDHHMMSS; null when invalid. */
    public static LocalDateTime numberToDateTime(long nr, int micros) {
        if (nr < 101) {
            return null;
        }
        long datePart;
        long timePart = 0;
        if (nr <= 991231L) {
            datePart = nr + (nr <= 691231L ? 20000000L : 19000000L);
        } else if (nr < 10000101L) {
            return null;
        } else if (nr <= 99991231L) {
            datePart = nr;
        } else if (nr < 101000000L) {
            return null;
        } else if (nr <= 991231235959L) {
            datePart = nr / 1000000L + (nr <= 691231235959L ? 20000000L : 19000000L);
            timePart = nr % 1000000L;
        } else if (nr < 10000101000000L || nr > 99991231235959L) {
            return null;
        } else {
            datePart = nr / 1000000L;
            timePart = nr % 1000000L;
        }
        Fields f = new Fields();
        f.year = (int) (datePart / 10000);
        f.month = (int) (datePart / 100 % 100);
        f.day = (int) (datePart % 100);
        f.hour = (int) (timePart / 10000);
        f.minute = (int) (timePart / 100 % 100);
        f.second = (int) (timePart % 100);
        f.micros = micros;
        return f.validDate() && f.validTime() ? f.toDateTime() : null;
    }

    /** MySQL's number_to_time: [-]HHMMSS, or the time of a YYYYMMDDHHMMSS number; null when invalid. */
    public static Parsed<Duration> numberToTime(long nr, int micros) {
        if (Math.abs(nr) > 99991231235959L) {
            return new Parsed<>(null, false);
        }
        if (nr >= 10000000000L) {
            LocalDateTime dt = numberToDateTime(nr, micros);
            return dt == null ? new Parsed<>(null, false)
                    : new Parsed<>(micros(dt.getHour(), dt.getMinute(), dt.getSecond(), micros), false);
        }
        boolean negative = nr < 0;
        long abs = Math.abs(nr);
        return timeResult(negative, abs / 10000, (int) (abs / 100 % 100), (int) (abs % 100), micros, false);
    }

    // ---------------------------------------------------------------- text

    public static String formatDate(LocalDate d) {
        StringBuilder sb = new StringBuilder(10);
        appendDate(sb, d.getYear(), d.getMonthValue(), d.getDayOfMonth());
        return sb.toString();
    }

    public static String formatDateTime(LocalDateTime dt, int fsp) {
        StringBuilder sb = new StringBuilder(26);
        appendDate(sb, dt.getYear(), dt.getMonthValue(), dt.getDayOfMonth());
        sb.append(' ');
        appendTime(sb, dt.getHour(), dt.getMinute(), dt.getSecond());
        appendFraction(sb, dt.getNano() / 1000, fsp);
        return sb.toString();
    }

    public static String formatTime(Duration d, int fsp) {
        StringBuilder sb = new StringBuilder(18);
        long micros = toMicros(d);
        if (micros < 0) {
            sb.append('-');
            micros = -micros;
        }
        long seconds = micros / 1_000_000L;
        long hours = seconds / 3600;
        if (hours < 10) {
            sb.append('0');
        }
        sb.append(hours).append(':');
        append2(sb, (int) (seconds / 60 % 60));
        sb.append(':');
        append2(sb, (int) (seconds % 60));
        appendFraction(sb, (int) (micros % 1_000_000L), fsp);
        return sb.toString();
    }

    /** Number of fractional digits needed to show the microseconds of a value exactly (0–6). */
    public static int fspOf(int micros) {
        if (micros == 0) {
            return 0;
        }
        int fsp = 6;
        while (micros % 10 == 0) {
            micros /= 10;
            fsp--;
        }
        return fsp;
    }

    public static long toMicros(Duration d) {
        return d.getSeconds() * 1_000_000L + d.getNano() / 1000;
    }

    public static Duration micros(long hours, int minutes, int seconds, int micros) {
        return Duration.ofNanos((((hours * 3600) + minutes * 60L + seconds) * 1_000_000L + micros) * 1000L);
    }

    public static Duration timeOf(LocalDateTime dt) {
        return micros(dt.getHour(), dt.getMinute(), dt.getSecond(), dt.getNano() / 1000);
    }

    /** Truncates a value's fractional seconds to {@code fsp} digits (MariaDB truncates rather than rounds). */
    public static LocalDateTime truncate(LocalDateTime dt, int fsp) {
        int nanos = dt.getNano();
        int kept = truncateNanos(nanos, fsp);
        return kept == nanos ? dt : dt.withNano(kept);
    }

    public static Duration truncate(Duration d, int fsp) {
        long micros = toMicros(d);
        long unit = POW10[6 - Math.max(0, Math.min(6, fsp))];
        long kept = micros / unit * unit;
        return kept == micros && d.getNano() % 1000 == 0 ? d : Duration.ofNanos(kept * 1000L);
    }

    private static int truncateNanos(int nanos, int fsp) {
        int unit = (int) POW10[9 - Math.max(0, Math.min(6, fsp))];
        return nanos / unit * unit;
    }

    private static final long[] POW10 = {1L, 10L, 100L, 1000L, 10000L, 100000L, 1000000L, 10000000L,
            100000000L, 1000000000L};

    private static void appendDate(StringBuilder sb, int year, int month, int day) {
        if (year < 1000) {
            sb.append(year < 10 ? "000" : year < 100 ? "00" : "0");
        }
        sb.append(year).append('-');
        append2(sb, month);
        sb.append('-');
        append2(sb, day);
    }

    private static void appendTime(StringBuilder sb, int h, int m, int s) {
        append2(sb, h);
        sb.append(':');
        append2(sb, m);
        sb.append(':');
        append2(sb, s);
    }

    private static void appendFraction(StringBuilder sb, int micros, int fsp) {
        if (fsp <= 0) {
            return;
        }
        sb.append('.');
        int v = micros;
        char[] digits = new char[6];
        for (int k = 5; k >= 0; k--) {
            digits[k] = (char) ('0' + v % 10);
            v /= 10;
        }
        sb.append(digits, 0, Math.min(6, fsp));
    }

    private static void append2(StringBuilder sb, int v) {
        if (v < 10) {
            sb.append('0');
        }
        sb.append(v);
    }

    // ---------------------------------------------------------------- the datetime reader

    /** Parsed fields of a date and time. */
    private static final class Fields {
        int year;
        int month;
        int day;
        int hour;
        int minute;
        int second;
        int micros;
        boolean fractionClipped;

        boolean validDate() {
            return year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1
                    && day <= LocalDate.of(year, month, 1).lengthOfMonth();
        }

        boolean validTime() {
            return hour <= 23 && minute <= 59 && second <= 59;
        }

        LocalDateTime toDateTime() {
            return LocalDateTime.of(year, month, day, hour, minute, second, micros * 1000);
        }
    }

    /** Up to six fractional digits after a '.', further digits dropped. */
    private static final class Fraction {
        int micros;
        boolean clipped;

        int read(String s, int i) {
            int n = s.length();
            if (i >= n || s.charAt(i) != '.') {
                return i;
            }
            int j = i + 1;
            int digits = 0;
            int value = 0;
            while (j < n && NumberScanner.isDigit(s.charAt(j))) {
                if (digits < 6) {
                    value = value * 10 + (s.charAt(j) - '0');
                } else if (s.charAt(j) != '0') {
                    clipped = true;
                }
                digits++;
                j++;
            }
            for (int k = digits; k < 6; k++) {
                value *= 10;
            }
            micros = value;
            return j;
        }
    }

    /** Reads a date or datetime starting at {@code from}; returns the index after it, or -1 when malformed. */
    private static int readDateTime(String s, int from, Fields f) {
        int n = s.length();
        int i = skipSpaces(s, from);
        int runEnd = i;
        while (runEnd < n && NumberScanner.isDigit(s.charAt(runEnd))) {
            runEnd++;
        }
        int digits = runEnd - i;
        if (digits == 0) {
            return -1;
        }
        if (runEnd == n || s.charAt(runEnd) == '.' || NumberScanner.isSpace(s.charAt(runEnd))) {
            return readCompact(s, i, runEnd, f);
        }
        int[] values = new int[3];
        int pos = i;
        for (int field = 0; field < 3; field++) {
            int start = pos;
            while (pos < n && NumberScanner.isDigit(s.charAt(pos))) {
                pos++;
            }
            if (pos == start || pos - start > (field == 0 ? 4 : 2)) {
                return -1;
            }
            values[field] = (int) parseDigits(s, start, pos);
            if (field == 0 && pos - start <= 2) {
                values[0] += values[0] < 70 ? 2000 : 1900;
            }
            if (field < 2) {
                if (pos >= n || !isDelimiter(s.charAt(pos))) {
                    return -1;
                }
                pos++;
            }
        }
        f.year = values[0];
        f.month = values[1];
        f.day = values[2];
        if (pos >= n) {
            return pos;
        }
        int afterDate = pos;
        char sep = s.charAt(pos);
        if (sep != 'T' && sep != ' ') {
            return afterDate;
        }
        while (pos < n && (s.charAt(pos) == ' ' || s.charAt(pos) == 'T')) {
            pos++;
        }
        int timeEnd = readClock(s, pos, f);
        return timeEnd < 0 ? afterDate : timeEnd;
    }

    /** H[H][:M[M][:S[S][.f]]] into f; returns the index after what was read, or -1 when no hour is there. */
    private static int readClock(String s, int pos, Fields f) {
        int n = s.length();
        int[] values = new int[3];
        int count = 0;
        int i = pos;
        int consumed = -1;
        while (count < 3) {
            int start = i;
            while (i < n && NumberScanner.isDigit(s.charAt(i))) {
                i++;
            }
            if (i == start || i - start > 2) {
                break;
            }
            values[count++] = (int) parseDigits(s, start, i);
            consumed = i;
            if (count < 3 && i < n && s.charAt(i) == ':') {
                i++;
            } else {
                break;
            }
        }
        if (count == 0) {
            return -1;
        }
        f.hour = values[0];
        f.minute = values[1];
        f.second = values[2];
        if (count == 3) {
            Fraction frac = new Fraction();
            consumed = frac.read(s, consumed);
            f.micros = frac.micros;
            f.fractionClipped = frac.clipped;
        }
        return consumed;
    }

    /** Digits only: YYYYMMDD[HHMMSS[.f]] or YYMMDD[HHMMSS[.f]] (year length 4 for 8 or ≥14 digits). */
    private static int readCompact(String s, int start, int end, Fields f) {
        int digits = end - start;
        if (digits < 5) {
            return -1;
        }
        int yearLen = digits == 8 || digits >= 14 ? 4 : 2;
        int pos = start;
        int[] lens = {yearLen, 2, 2, 2, 2, 2};
        int[] values = new int[6];
        int field = 0;
        while (field < 6 && pos < end) {
            int len = Math.min(lens[field], end - pos);
            values[field] = (int) parseDigits(s, pos, pos + len);
            pos += len;
            field++;
        }
        if (pos < end || field < 3) {
            return -1;
        }
        f.year = yearLen == 2 ? values[0] + (values[0] < 70 ? 2000 : 1900) : values[0];
        f.month = values[1];
        f.day = values[2];
        f.hour = values[3];
        f.minute = values[4];
        f.second = values[5];
        int i = end;
        if (field == 6) {
            Fraction frac = new Fraction();
            i = frac.read(s, i);
            f.micros = frac.micros;
            f.fractionClipped = frac.clipped;
        }
        return i;
    }

    private static boolean isDelimiter(char c) {
        return c != ' ' && !Character.isLetterOrDigit(c) && c < 0x80;
    }

    private static int skipSpaces(String s, int i) {
        int n = s.length();
        while (i < n && NumberScanner.isSpace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean restIsBlank(String s, int from) {
        for (int i = from; i < s.length(); i++) {
            if (!NumberScanner.isSpace(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static long parseDigits(String s, int from, int to) {
        long v = 0;
        for (int i = from; i < to && v < 1_000_000_000_000_000L; i++) {
            v = v * 10 + (s.charAt(i) - '0');
        }
        return v;
    }
}
