package io.basalt.sql.function;

import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * DATE_FORMAT / TIME_FORMAT rendering and STR_TO_DATE parsing with MySQL's format specifiers (%Y %y %m %c %d %e
 * %D %j %M %b %W %a %w %H %k %h %I %l %i %s %S %f %p %r %T %U %u %V %v %X %x %%; any other %x prints x).
 */
final class DateFormat {
    static final String[] MONTHS = {"January", "February", "March", "April", "May", "June", "July", "August",
            "September", "October", "November", "December"};
    static final String[] DAYS = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"};

    /** The fields a format produces, to type STR_TO_DATE's result. */
    record Parts(boolean date, boolean time, boolean micros) {
    }

    private DateFormat() {
    }

    /**
     * Formats a point in time; {@code hours} is the hour count to show (beyond 23 for TIME values),
     * {@code date} null for a TIME value (date specifiers then print zeros, as MySQL does).
     */
    static String format(LocalDateTime dt, long hours, boolean negative, boolean isTime, String fmt) {
        StringBuilder sb = new StringBuilder(fmt.length() + 16);
        if (negative) {
            sb.append('-');
        }
        LocalDate d = dt.toLocalDate();
        int[] weekYear = new int[1];
        for (int i = 0; i < fmt.length(); i++) {
            char c = fmt.charAt(i);
            if (c != '%' || i + 1 == fmt.length()) {
                sb.append(c);
                continue;
            }
            char f = fmt.charAt(++i);
            int hour12 = (int) (hours % 24 % 12 == 0 ? 12 : hours % 24 % 12);
            switch (f) {
                case 'Y' -> pad(sb, isTime ? 0 : d.getYear(), 4);
                case 'y' -> pad(sb, isTime ? 0 : d.getYear() % 100, 2);
                case 'm' -> pad(sb, isTime ? 0 : d.getMonthValue(), 2);
                case 'c' -> sb.append(isTime ? 0 : d.getMonthValue());
                case 'd' -> pad(sb, isTime ? 0 : d.getDayOfMonth(), 2);
                case 'e' -> sb.append(isTime ? 0 : d.getDayOfMonth());
                case 'D' -> {
                    int day = isTime ? 0 : d.getDayOfMonth();
                    sb.append(day).append(suffix(day));
                }
                case 'j' -> pad(sb, isTime ? 0 : d.getDayOfYear(), 3);
                case 'M' -> sb.append(MONTHS[d.getMonthValue() - 1]);
                case 'b' -> sb.append(MONTHS[d.getMonthValue() - 1], 0, 3);
                case 'W' -> sb.append(DAYS[d.getDayOfWeek().getValue() - 1]);
                case 'a' -> sb.append(DAYS[d.getDayOfWeek().getValue() - 1], 0, 3);
                case 'w' -> sb.append(d.getDayOfWeek().getValue() % 7);
                case 'H' -> pad(sb, hours, 2);
                case 'k' -> sb.append(hours);
                case 'h', 'I' -> pad(sb, hour12, 2);
                case 'l' -> sb.append(hour12);
                case 'i' -> pad(sb, dt.getMinute(), 2);
                case 's', 'S' -> pad(sb, dt.getSecond(), 2);
                case 'f' -> pad(sb, dt.getNano() / 1000, 6);
                case 'p' -> sb.append(hours % 24 < 12 ? "AM" : "PM");
                case 'r' -> {
                    pad(sb, hour12, 2);
                    sb.append(':');
                    pad(sb, dt.getMinute(), 2);
                    sb.append(':');
                    pad(sb, dt.getSecond(), 2);
                    sb.append(hours % 24 < 12 ? " AM" : " PM");
                }
                case 'T' -> {
                    pad(sb, hours, 2);
                    sb.append(':');
                    pad(sb, dt.getMinute(), 2);
                    sb.append(':');
                    pad(sb, dt.getSecond(), 2);
                }
                case 'U' -> pad(sb, Weeks.calcWeek(d, Weeks.FIRST_WEEKDAY, weekYear), 2);
                case 'u' -> pad(sb, Weeks.calcWeek(d, Weeks.MONDAY_FIRST, weekYear), 2);
                case 'V' -> pad(sb, Weeks.calcWeek(d, Weeks.WEEK_YEAR | Weeks.FIRST_WEEKDAY, weekYear), 2);
                case 'v' -> pad(sb, Weeks.calcWeek(d, Weeks.WEEK_YEAR | Weeks.MONDAY_FIRST, weekYear), 2);
                case 'X' -> {
                    Weeks.calcWeek(d, Weeks.WEEK_YEAR | Weeks.FIRST_WEEKDAY, weekYear);
                    pad(sb, weekYear[0], 4);
                }
                case 'x' -> {
                    Weeks.calcWeek(d, Weeks.WEEK_YEAR | Weeks.MONDAY_FIRST, weekYear);
                    pad(sb, weekYear[0], 4);
                }
                default -> sb.append(f);
            }
        }
        return sb.toString();
    }

    private static String suffix(int day) {
        if (day >= 11 && day <= 13) {
            return "th";
        }
        return switch (day % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        };
    }

    private static void pad(StringBuilder sb, long v, int width) {
        String s = Long.toString(v);
        for (int i = s.length(); i < width; i++) {
            sb.append('0');
        }
        sb.append(s);
    }

    /** Which kinds of fields a STR_TO_DATE format sets. */
    static Parts parts(String fmt) {
        boolean date = false;
        boolean time = false;
        boolean micros = false;
        for (int i = 0; i + 1 < fmt.length(); i++) {
            if (fmt.charAt(i) != '%') {
                continue;
            }
            char f = fmt.charAt(++i);
            switch (f) {
                case 'Y', 'y', 'm', 'c', 'd', 'e', 'D', 'j', 'M', 'b', 'U', 'u', 'V', 'v', 'X', 'x', 'W', 'a', 'w' ->
                        date = true;
                case 'H', 'k', 'h', 'I', 'l', 'i', 's', 'S', 'p', 'r', 'T' -> time = true;
                case 'f' -> {
                    time = true;
                    micros = true;
                }
                default -> {
                }
            }
        }
        return new Parts(date, time, micros);
    }

    /** Fields read by STR_TO_DATE. */
    static final class Parsed {
        int year;
        int month;
        int day;
        int hour;
        int minute;
        int second;
        int micros;
        int dayOfYear = -1;
        boolean pm;
        boolean twelveHour;
        boolean trailing;
    }

    /** Parses s with fmt; null when it does not match. */
    static Parsed parse(String s, String fmt) {
        Parsed p = new Parsed();
        int v = parseInto(p, s, 0, fmt);
        if (v < 0) {
            return null;
        }
        for (int k = v; k < s.length(); k++) {
            if (!Character.isWhitespace(s.charAt(k))) {
                p.trailing = true;
                break;
            }
        }
        if (p.twelveHour) {
            if (p.hour > 12 || p.hour < 1) {
                return null;
            }
            p.hour = p.hour % 12 + (p.pm ? 12 : 0);
        }
        return p;
    }

    /** Reads s from index v by fmt into p; returns the index after what was read, or -1 on a mismatch. */
    private static int parseInto(Parsed p, String s, int from, String fmt) {
        int v = from;
        int n = s.length();
        for (int i = 0; i < fmt.length() && v < n; i++) {
            while (v < n && Character.isWhitespace(s.charAt(v))) {
                v++;
            }
            if (v >= n) {
                break;
            }
            char c = fmt.charAt(i);
            if (c != '%' || i + 1 == fmt.length()) {
                if (Character.isWhitespace(c)) {
                    continue;
                }
                if (s.charAt(v) != c) {
                    return -1;
                }
                v++;
                continue;
            }
            char f = fmt.charAt(++i);
            int[] out = new int[1];
            switch (f) {
                case 'Y' -> {
                    int start = v;
                    v = number(s, v, 4, out);
                    p.year = v - start <= 2 ? twoDigitYear(out[0]) : out[0];
                }
                case 'y' -> {
                    v = number(s, v, 2, out);
                    p.year = twoDigitYear(out[0]);
                }
                case 'm', 'c' -> {
                    v = number(s, v, 2, out);
                    p.month = out[0];
                }
                case 'd', 'e' -> {
                    v = number(s, v, 2, out);
                    p.day = out[0];
                }
                case 'D' -> {
                    v = number(s, v, 2, out);
                    p.day = out[0];
                    v = Math.min(n, v + 2);
                }
                case 'j' -> {
                    v = number(s, v, 3, out);
                    p.dayOfYear = out[0];
                }
                case 'H', 'k' -> {
                    v = number(s, v, 2, out);
                    p.hour = out[0];
                }
                case 'h', 'I', 'l' -> {
                    v = number(s, v, 2, out);
                    p.hour = out[0];
                    p.twelveHour = true;
                }
                case 'i' -> {
                    v = number(s, v, 2, out);
                    p.minute = out[0];
                }
                case 's', 'S' -> {
                    v = number(s, v, 2, out);
                    p.second = out[0];
                }
                case 'f' -> {
                    int start = v;
                    v = number(s, v, 6, out);
                    int micros = out[0];
                    for (int k = v - start; k < 6; k++) {
                        micros *= 10;
                    }
                    p.micros = micros;
                }
                case 'p' -> {
                    if (s.regionMatches(true, v, "PM", 0, 2)) {
                        p.pm = true;
                    } else if (!s.regionMatches(true, v, "AM", 0, 2)) {
                        return -1;
                    }
                    v += 2;
                    p.twelveHour = true;
                }
                case 'M' -> {
                    v = name(s, v, MONTHS, false, out);
                    p.month = out[0] + 1;
                }
                case 'b' -> {
                    v = name(s, v, MONTHS, true, out);
                    p.month = out[0] + 1;
                }
                case 'W' -> v = name(s, v, DAYS, false, out);
                case 'a' -> v = name(s, v, DAYS, true, out);
                case 'w', 'U', 'u', 'V', 'v', 'X', 'x' -> v = number(s, v, f == 'X' || f == 'x' ? 4 : 2, out);
                case 'T' -> v = parseInto(p, s, v, "%H:%i:%s");
                case 'r' -> v = parseInto(p, s, v, "%h:%i:%s %p");
                default -> {
                    if (s.charAt(v) != f) {
                        return -1;
                    }
                    v++;
                }
            }
            if (v < 0) {
                return -1;
            }
        }
        return v;
    }

    private static int twoDigitYear(int y) {
        return y < 70 ? 2000 + y : 1900 + y;
    }

    /** Reads up to maxDigits digits; returns the new index, or -1 when there is no digit. */
    private static int number(String s, int v, int maxDigits, int[] out) {
        int start = v;
        int value = 0;
        while (v < s.length() && v - start < maxDigits && Character.isDigit(s.charAt(v))) {
            value = value * 10 + (s.charAt(v) - '0');
            v++;
        }
        out[0] = value;
        return v == start ? -1 : v;
    }

    private static int name(String s, int v, String[] names, boolean abbreviated, int[] out) {
        for (int k = 0; k < names.length; k++) {
            String name = abbreviated ? names[k].substring(0, 3) : names[k];
            if (s.regionMatches(true, v, name, 0, name.length())) {
                out[0] = k;
                return v + name.length();
            }
        }
        return -1;
    }
}
