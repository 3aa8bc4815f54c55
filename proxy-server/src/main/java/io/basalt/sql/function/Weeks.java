package io.basalt.sql.function;

import java.time.LocalDate;

/** MySQL's week numbering (calc_week) behind WEEK(), YEARWEEK(), WEEKOFYEAR() and DATE_FORMAT's %U %u %V %v %X %x. */
final class Weeks {
    static final int MONDAY_FIRST = 1;
    static final int WEEK_YEAR = 2;
    static final int FIRST_WEEKDAY = 4;
    /** Days from year 0 to 1970-01-01 in MySQL's day numbering (TO_DAYS). */
    static final long DAYNR_EPOCH = 719528L;

    private Weeks() {
    }

    /** WEEK()'s mode argument as calc_week flags. */
    static int weekMode(long mode) {
        int format = (int) (mode & 7);
        if ((format & MONDAY_FIRST) == 0) {
            format ^= FIRST_WEEKDAY;
        }
        return format;
    }

    static long dayNumber(LocalDate d) {
        return d.toEpochDay() + DAYNR_EPOCH;
    }

    /** 0 = first day of the week. */
    private static int weekday(long dayNumber, boolean sundayFirst) {
        return (int) ((dayNumber + 5 + (sundayFirst ? 1 : 0)) % 7);
    }

    /** The week number; {@code yearOut[0]} receives the year the week belongs to. */
    static int calcWeek(LocalDate d, int behaviour, int[] yearOut) {
        long daynr = dayNumber(d);
        long firstDaynr = dayNumber(LocalDate.of(d.getYear(), 1, 1));
        boolean mondayFirst = (behaviour & MONDAY_FIRST) != 0;
        boolean weekYear = (behaviour & WEEK_YEAR) != 0;
        boolean firstWeekday = (behaviour & FIRST_WEEKDAY) != 0;
        int weekday = weekday(firstDaynr, !mondayFirst);
        int year = d.getYear();
        if (d.getMonthValue() == 1 && d.getDayOfMonth() <= 7 - weekday) {
            if (!weekYear && (firstWeekday && weekday != 0 || !firstWeekday && weekday >= 4)) {
                yearOut[0] = year;
                return 0;
            }
            weekYear = true;
            year--;
            int days = LocalDate.of(year, 1, 1).lengthOfYear();
            firstDaynr -= days;
            weekday = (weekday + 53 * 7 - days) % 7;
        }
        long days;
        if (firstWeekday && weekday != 0 || !firstWeekday && weekday >= 4) {
            days = daynr - (firstDaynr + (7 - weekday));
        } else {
            days = daynr - (firstDaynr - weekday);
        }
        if (weekYear && days >= 52 * 7) {
            weekday = (weekday + LocalDate.of(year, 1, 1).lengthOfYear()) % 7;
            if (!firstWeekday && weekday < 4 || firstWeekday && weekday == 0) {
                yearOut[0] = year + 1;
                return 1;
            }
        }
        yearOut[0] = year;
        return (int) (days / 7 + 1);
    }
}
