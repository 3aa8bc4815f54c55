package io.basalt.sql.function;

import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.sql.type.TypeKind.Category;
import io.basalt.sql.value.EvalContext;
import io.basalt.sql.value.SqlErrors;
import io.basalt.sql.value.Temporals;
import io.basalt.sql.value.Values;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import static io.basalt.sql.function.Args.lng;
import static io.basalt.sql.function.Args.str;
import static io.basalt.sql.function.FunctionDef.of;

/**
 * Date and time functions. Temporal arguments may be DATE/DATETIME/TIME values, strings in MySQL's literal formats
 * or numbers (20240102); invalid ones give NULL with warning 1292. Interval arithmetic takes the interval as two
 * arguments, value and unit name: {@code DATE_ADD(d, INTERVAL 1 DAY)} is {@code DATE_ADD(d, 1, 'DAY')}, likewise
 * DATE_SUB, ADDDATE, SUBDATE (which also take (d, days)), TIMESTAMPADD('DAY', 1, d), TIMESTAMPDIFF('DAY', a, b) and
 * EXTRACT('YEAR', d). The unit must be a literal (it decides the result type).
 */
final class DateTimeFunctions {
    private static final long US_PER_SECOND = 1_000_000L;
    private static final long MAX_UNIXTIME = 2147483647L;
    private static final SqlType INT2 = SqlType.INT.withLength(2);
    private static final SqlType INT4 = SqlType.INT.withLength(4);

    private DateTimeFunctions() {
    }

    static List<FunctionDef> all() {
        List<FunctionDef> f = new ArrayList<>();
        FunctionDef now = of("NOW", 0, 1, DateTimeFunctions::nowType,
                (a, t, ctx) -> Temporals.truncate(ctx.statementTime(), fsp(a, t, ctx))).nonDeterministic();
        f.add(now);
        f.add(now.named("CURRENT_TIMESTAMP"));
        f.add(now.named("LOCALTIME"));
        f.add(now.named("LOCALTIMESTAMP"));
        f.add(of("SYSDATE", 0, 1, DateTimeFunctions::nowType,
                (a, t, ctx) -> Temporals.truncate(LocalDateTime.now(ctx.timeZone()), fsp(a, t, ctx)))
                .nonDeterministic());
        FunctionDef curdate = of("CURDATE", 0, 0, Types.fixed(SqlType.DATE),
                (a, t, ctx) -> ctx.statementTime().toLocalDate()).nonDeterministic();
        f.add(curdate);
        f.add(curdate.named("CURRENT_DATE"));
        FunctionDef curtime = of("CURTIME", 0, 1, DateTimeFunctions::timeFspType,
                (a, t, ctx) -> Temporals.truncate(Temporals.timeOf(ctx.statementTime()), fsp(a, t, ctx)))
                .nonDeterministic();
        f.add(curtime);
        f.add(curtime.named("CURRENT_TIME"));
        f.add(of("UTC_TIMESTAMP", 0, 1, DateTimeFunctions::nowType,
                (a, t, ctx) -> Temporals.truncate(utc(ctx), fsp(a, t, ctx))).nonDeterministic());
        f.add(of("UTC_DATE", 0, 0, Types.fixed(SqlType.DATE), (a, t, ctx) -> utc(ctx).toLocalDate())
                .nonDeterministic());
        f.add(of("UTC_TIME", 0, 1, DateTimeFunctions::timeFspType,
                (a, t, ctx) -> Temporals.truncate(Temporals.timeOf(utc(ctx)), fsp(a, t, ctx))).nonDeterministic());

        f.add(of("DATE", 1, 1, Types.fixed(SqlType.DATE), (a, t, ctx) -> Values.toLocalDate(a[0], t[0], ctx)));
        f.add(of("TIME", 1, 1, (a, c) -> SqlType.temporal(TypeKind.TIME, argFsp(a.get(0), c.get(0))),
                (a, t, ctx) -> Values.toDuration(a[0], t[0], ctx)));
        f.add(of("TIMESTAMP", 1, 2, (a, c) -> SqlType.temporal(TypeKind.DATETIME, argFsp(a.get(0), c.get(0))),
                DateTimeFunctions::timestamp));
        f.add(datePart("YEAR", INT4, d -> (long) d.getYear()));
        f.add(datePart("MONTH", INT2, d -> (long) d.getMonthValue()));
        FunctionDef day = datePart("DAYOFMONTH", INT2, d -> (long) d.getDayOfMonth());
        f.add(day);
        f.add(day.named("DAY"));
        f.add(datePart("DAYOFWEEK", SqlType.INT.withLength(1), d -> (long) (d.getDayOfWeek().getValue() % 7 + 1)));
        f.add(datePart("WEEKDAY", SqlType.INT.withLength(1), d -> (long) (d.getDayOfWeek().getValue() - 1)));
        f.add(datePart("DAYOFYEAR", SqlType.INT.withLength(3), d -> (long) d.getDayOfYear()));
        f.add(datePart("QUARTER", SqlType.INT.withLength(1), d -> (long) ((d.getMonthValue() + 2) / 3)));
        f.add(datePart("WEEKOFYEAR", INT2, d -> (long) Weeks.calcWeek(d, Weeks.weekMode(3), new int[1])));
        f.add(of("WEEK", 1, 2, Types.fixed(INT2), (a, t, ctx) -> {
            LocalDate d = Values.toLocalDate(a[0], t[0], ctx);
            long mode = a.length == 2 ? lng(a, t, 1, ctx) : ctx.defaultWeekFormat();
            return d == null ? null : (Object) (long) Weeks.calcWeek(d, Weeks.weekMode(mode), new int[1]);
        }));
        f.add(of("YEARWEEK", 1, 2, Types.fixed(SqlType.INT.withLength(6)), (a, t, ctx) -> {
            LocalDate d = Values.toLocalDate(a[0], t[0], ctx);
            long mode = a.length == 2 ? lng(a, t, 1, ctx) : 0;
            if (d == null) {
                return null;
            }
            int[] year = new int[1];
            int week = Weeks.calcWeek(d, Weeks.weekMode(mode) | Weeks.WEEK_YEAR, year);
            return year[0] * 100L + week;
        }));
        f.add(datePart("DAYNAME", Types.varchar(9), d -> DateFormat.DAYS[d.getDayOfWeek().getValue() - 1]));
        f.add(datePart("MONTHNAME", Types.varchar(9), d -> DateFormat.MONTHS[d.getMonthValue() - 1]));
        f.add(datePart("LAST_DAY", SqlType.DATE, d -> d.withDayOfMonth(d.lengthOfMonth())));
        f.add(datePart("TO_DAYS", SqlType.BIGINT, Weeks::dayNumber));
        f.add(of("TO_SECONDS", 1, 1, Types.fixed(SqlType.BIGINT), (a, t, ctx) -> {
            LocalDateTime dt = Values.toLocalDateTime(a[0], t[0], ctx);
            return dt == null ? null : (Object) (Weeks.dayNumber(dt.toLocalDate()) * 86400L
                    + dt.toLocalTime().toSecondOfDay());
        }));
        f.add(of("FROM_DAYS", 1, 1, Types.fixed(SqlType.DATE), (a, t, ctx) -> {
            long n = lng(a, t, 0, ctx);
            return n < 366 || n > 3652424 ? null : LocalDate.ofEpochDay(n - Weeks.DAYNR_EPOCH);
        }));

        f.add(timePart("HOUR", SqlType.INT.withLength(3), micros -> micros / (3600 * US_PER_SECOND)));
        f.add(timePart("MINUTE", INT2, micros -> micros / (60 * US_PER_SECOND) % 60));
        f.add(timePart("SECOND", INT2, micros -> micros / US_PER_SECOND % 60));
        f.add(timePart("MICROSECOND", SqlType.INT.withLength(6), micros -> micros % US_PER_SECOND));

        f.add(of("DATE_FORMAT", 2, 3, (a, c) -> Types.varchar(64), DateTimeFunctions::dateFormat));
        f.add(of("TIME_FORMAT", 2, 2, (a, c) -> Types.varchar(64), DateTimeFunctions::timeFormat));
        f.add(of("STR_TO_DATE", 2, 2, DateTimeFunctions::strToDateType, DateTimeFunctions::strToDate));
        f.add(of("DATEDIFF", 2, 2, Types.fixed(SqlType.BIGINT), (a, t, ctx) -> {
            LocalDate x = Values.toLocalDate(a[0], t[0], ctx);
            LocalDate y = Values.toLocalDate(a[1], t[1], ctx);
            return x == null || y == null ? null : (Object) (x.toEpochDay() - y.toEpochDay());
        }));
        f.add(of("TIMEDIFF", 2, 2, (a, c) -> SqlType.temporal(TypeKind.TIME,
                Math.max(argFsp(a.get(0), c.get(0)), argFsp(a.get(1), c.get(1)))), DateTimeFunctions::timeDiff));
        f.add(of("TIMESTAMPDIFF", 3, 3, Types.fixed(SqlType.BIGINT), DateTimeFunctions::timestampDiff));
        f.add(of("TIMESTAMPADD", 3, 3, (a, c) -> addType(a.get(2), unitOf(c, 0), a.get(1), c.get(2)),
                (a, t, ctx) -> add(a[2], t[2], a[1], t[1], IntervalUnit.parse(str(a, t, 0)), false, ctx)));
        f.add(dateAdd("DATE_ADD", false));
        f.add(dateAdd("DATE_SUB", true));
        f.add(dateAdd("ADDDATE", false));
        f.add(dateAdd("SUBDATE", true));
        f.add(of("ADDTIME", 2, 2, DateTimeFunctions::addTimeType, (a, t, ctx) -> addTime(a, t, ctx, false)));
        f.add(of("SUBTIME", 2, 2, DateTimeFunctions::addTimeType, (a, t, ctx) -> addTime(a, t, ctx, true)));
        f.add(of("UNIX_TIMESTAMP", 0, 1, DateTimeFunctions::unixTimestampType, DateTimeFunctions::unixTimestamp)
                .nonDeterministic());
        f.add(of("FROM_UNIXTIME", 1, 2, DateTimeFunctions::fromUnixTimeType, DateTimeFunctions::fromUnixTime));
        f.add(of("MAKEDATE", 2, 2, Types.fixed(SqlType.DATE), (a, t, ctx) -> {
            long year = lng(a, t, 0, ctx);
            long doy = lng(a, t, 1, ctx);
            if (year >= 0 && year <= 99) {
                year += year < 70 ? 2000 : 1900;
            }
            if (doy <= 0 || year < 1 || year > 9999) {
                return null;
            }
            LocalDate d = LocalDate.of((int) year, 1, 1).plusDays(doy - 1);
            return d.getYear() > 9999 ? null : d;
        }));
        f.add(of("MAKETIME", 3, 3, (a, c) -> SqlType.temporal(TypeKind.TIME, secondsFsp(a.get(2))),
                DateTimeFunctions::makeTime));
        f.add(of("SEC_TO_TIME", 1, 1, (a, c) -> SqlType.temporal(TypeKind.TIME, secondsFsp(a.get(0))),
                DateTimeFunctions::secToTime));
        f.add(of("TIME_TO_SEC", 1, 1, DateTimeFunctions::timeToSecType, (a, t, ctx) -> {
            Duration d = Values.toDuration(a[0], t[0], ctx);
            if (d == null) {
                return null;
            }
            long micros = Temporals.toMicros(d);
            return micros % US_PER_SECOND == 0 ? (Object) (micros / US_PER_SECOND)
                    : BigDecimal.valueOf(micros, 6).stripTrailingZeros();
        }));
        f.add(of("EXTRACT", 2, 2, DateTimeFunctions::extractType, DateTimeFunctions::extract));
        f.add(of("CONVERT_TZ", 3, 3, (a, c) -> SqlType.temporal(TypeKind.DATETIME, argFsp(a.get(0), c.get(0))),
                DateTimeFunctions::convertTz));
        f.add(of("PERIOD_ADD", 2, 2, Types.fixed(SqlType.INT.withLength(6)), (a, t, ctx) -> {
            long months = periodToMonths(lng(a, t, 0, ctx)) + lng(a, t, 1, ctx);
            return months <= 0 ? 0L : (Object) (months / 12 * 100 + months % 12 + 1);
        }));
        f.add(of("PERIOD_DIFF", 2, 2, Types.fixed(SqlType.INT.withLength(6)),
                (a, t, ctx) -> periodToMonths(lng(a, t, 0, ctx)) - periodToMonths(lng(a, t, 1, ctx))));
        return f;
    }

    // ---------------------------------------------------------------- helpers

    private interface DatePart {
        Object of(LocalDate d);
    }

    private interface TimePart {
        long of(long absMicros);
    }

    private static FunctionDef datePart(String name, SqlType type, DatePart part) {
        return of(name, 1, 1, Types.fixed(type), (a, t, ctx) -> {
            LocalDate d = Values.toLocalDate(a[0], t[0], ctx);
            return d == null ? null : part.of(d);
        });
    }

    private static FunctionDef timePart(String name, SqlType type, TimePart part) {
        return of(name, 1, 1, Types.fixed(type), (a, t, ctx) -> {
            Duration d = Values.toDuration(a[0], t[0], ctx);
            return d == null ? null : (Object) part.of(Math.abs(Temporals.toMicros(d)));
        });
    }

    private static LocalDateTime utc(EvalContext ctx) {
        return ctx.statementTime().atZone(ctx.timeZone()).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
    }

    /** The fsp argument of NOW(n) and friends: 0–6, else error 1426. */
    private static int fsp(Object[] a, SqlType[] t, EvalContext ctx) {
        if (a.length == 0 || a[0] == null) {
            return 0;
        }
        long n = lng(a, t, 0, ctx);
        if (n < 0 || n > 6) {
            throw tooBigPrecision(n);
        }
        return (int) n;
    }

    private static MySqlException tooBigPrecision(long n) {
        return new MySqlException(1426, "42000", "Too big precision " + n + " specified for 'now'. Maximum is 6",
                null);
    }

    private static SqlType nowType(List<SqlType> args, List<Object> constants) {
        long n = Types.constantLong(constants, 0, 0);
        if (n < 0 || n > 6) {
            throw tooBigPrecision(n);
        }
        return SqlType.temporal(TypeKind.DATETIME, (int) n);
    }

    private static SqlType timeFspType(List<SqlType> args, List<Object> constants) {
        return SqlType.temporal(TypeKind.TIME, nowType(args, constants).fsp());
    }

    /** Fractional digits a temporal argument carries: its type's, a string literal's own, else 6. */
    static int argFsp(SqlType t, Object constant) {
        return switch (t.kind().category()) {
            case TEMPORAL -> t.kind() == TypeKind.DATE ? 0 : t.fsp();
            case INTEGER, NULL -> 0;
            case DECIMAL -> Math.min(6, t.scale());
            default -> {
                if (constant instanceof String s) {
                    Temporals.Parsed<LocalDateTime> p = Temporals.parseDateTime(s);
                    Temporals.Parsed<Duration> time = p.valid() ? null : Temporals.parseTime(s);
                    int micros = p.valid() ? p.value().getNano() / 1000
                            : time != null && time.valid() ? time.value().getNano() / 1000 : 0;
                    yield Temporals.fspOf(micros);
                }
                yield 6;
            }
        };
    }

    private static int secondsFsp(SqlType t) {
        return switch (t.kind().category()) {
            case DECIMAL -> Math.min(6, t.scale());
            case FLOATING, STRING, BINARY -> 6;
            default -> 0;
        };
    }

    /** A string or number standing for a temporal value (the result of ADDTIME on it is a string too). */
    private static boolean notTemporal(SqlType t) {
        return t.kind().category() != Category.TEMPORAL;
    }

    // ---------------------------------------------------------------- bodies

    private static Object timestamp(Object[] a, SqlType[] t, EvalContext ctx) {
        LocalDateTime dt = Values.toLocalDateTime(a[0], t[0], ctx);
        if (dt == null || a.length == 1) {
            return dt;
        }
        Duration d = Values.toDuration(a[1], t[1], ctx);
        return d == null ? null : dt.plus(d);
    }

    private static Object dateFormat(Object[] a, SqlType[] t, EvalContext ctx) {
        if (t[0].kind() == TypeKind.TIME) {
            return timeFormat(a, t, ctx);
        }
        LocalDateTime dt = Values.toLocalDateTime(a[0], t[0], ctx);
        return dt == null ? null : DateFormat.format(dt, dt.getHour(), false, false, str(a, t, 1));
    }

    private static Object timeFormat(Object[] a, SqlType[] t, EvalContext ctx) {
        Duration d = Values.toDuration(a[0], t[0], ctx);
        if (d == null) {
            return null;
        }
        long micros = Temporals.toMicros(d);
        long abs = Math.abs(micros);
        LocalDateTime clock = LocalDate.of(2000, 1, 1).atStartOfDay()
                .plusNanos(abs % (86_400L * US_PER_SECOND) * 1000L);
        return DateFormat.format(clock, abs / (3600 * US_PER_SECOND), micros < 0, true, str(a, t, 1));
    }

    private static SqlType strToDateType(List<SqlType> args, List<Object> constants) {
        String fmt = Types.constantString(constants, 1);
        if (fmt == null) {
            return SqlType.temporal(TypeKind.DATETIME, 6);
        }
        DateFormat.Parts parts = DateFormat.parts(fmt);
        int fsp = parts.micros() ? 6 : 0;
        if (parts.date() && !parts.time()) {
            return SqlType.DATE;
        }
        if (parts.time() && !parts.date()) {
            return SqlType.temporal(TypeKind.TIME, fsp);
        }
        return SqlType.temporal(TypeKind.DATETIME, fsp);
    }

    private static Object strToDate(Object[] a, SqlType[] t, EvalContext ctx) {
        String s = str(a, t, 0);
        String fmt = str(a, t, 1);
        DateFormat.Parsed p = DateFormat.parse(s, fmt);
        DateFormat.Parts parts = DateFormat.parts(fmt);
        Object result = p == null ? null : build(p, parts);
        if (result == null) {
            ctx.warn(1411, "Incorrect datetime value: '" + s + "' for function str_to_date");
            return null;
        }
        if (p.trailing) {
            ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE, SqlErrors.truncatedWrongValueText("datetime", s));
        }
        return result;
    }

    private static Object build(DateFormat.Parsed p, DateFormat.Parts parts) {
        if (p.hour > 23 && parts.date() || p.minute > 59 || p.second > 59) {
            return null;
        }
        if (parts.time() && !parts.date()) {
            return Temporals.micros(p.hour, p.minute, p.second, p.micros);
        }
        try {
            LocalDate d;
            if (p.dayOfYear > 0) {
                d = LocalDate.ofYearDay(p.year, p.dayOfYear);
            } else {
                d = LocalDate.of(p.year, p.month, p.day);
            }
            if (d.getYear() < 1) {
                return null;
            }
            if (parts.date() && !parts.time()) {
                return d;
            }
            return d.atTime(p.hour, p.minute, p.second, p.micros * 1000);
        } catch (DateTimeException e) {
            return null;
        }
    }

    /** TIMEDIFF: both datetimes or both times, else NULL; clipped to ±838:59:59 with warning 1292. */
    private static Object timeDiff(Object[] a, SqlType[] t, EvalContext ctx) {
        Object x = temporalOperand(a[0], t[0], ctx);
        Object y = temporalOperand(a[1], t[1], ctx);
        if (x == null || y == null || x.getClass() != y.getClass()) {
            return null;
        }
        long micros;
        if (x instanceof LocalDateTime dx) {
            micros = ChronoUnit.MICROS.between((LocalDateTime) y, dx);
        } else {
            micros = Temporals.toMicros((Duration) x) - Temporals.toMicros((Duration) y);
        }
        if (Math.abs(micros) > Temporals.MAX_TIME_MICROS) {
            long max = Temporals.MAX_TIME_MICROS - 999_999L;
            micros = micros < 0 ? -max : max;
            ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE, SqlErrors.truncatedWrongValueText("time",
                    Temporals.formatTime(Duration.ofNanos(micros * 1000L), 0)));
        }
        return Duration.ofNanos(micros * 1000L);
    }

    /** A DATETIME (for DATE, DATETIME and date strings) or a Duration (for TIME and time strings). */
    private static Object temporalOperand(Object v, SqlType t, EvalContext ctx) {
        if (v instanceof LocalDateTime || v instanceof Duration) {
            return v;
        }
        if (v instanceof LocalDate d) {
            return d.atStartOfDay();
        }
        String s = Values.toText(v, t);
        if (hasDatePart(s)) {
            return Values.toLocalDateTime(s, SqlType.LONGTEXT, ctx);
        }
        return Values.toDuration(v, t, ctx);
    }

    private static boolean hasDatePart(String s) {
        String trimmed = s.trim();
        int digits = 0;
        while (digits < trimmed.length() && Character.isDigit(trimmed.charAt(digits))) {
            digits++;
        }
        return digits < trimmed.length() && (trimmed.charAt(digits) == '-' || trimmed.charAt(digits) == '/')
                || digits == trimmed.length() && digits >= 8 || trimmed.indexOf('.') == digits && digits >= 12;
    }

    private static Object timestampDiff(Object[] a, SqlType[] t, EvalContext ctx) {
        IntervalUnit unit = IntervalUnit.parse(str(a, t, 0));
        LocalDateTime x = Values.toLocalDateTime(a[1], t[1], ctx);
        LocalDateTime y = Values.toLocalDateTime(a[2], t[2], ctx);
        if (x == null || y == null) {
            return null;
        }
        if (unit.monthBased()) {
            long months = monthsBetween(x, y);
            return switch (unit) {
                case QUARTER -> months / 3;
                case YEAR -> months / 12;
                default -> months;
            };
        }
        long micros = ChronoUnit.MICROS.between(x, y);
        return switch (unit) {
            case MICROSECOND -> micros;
            case SECOND -> micros / US_PER_SECOND;
            case MINUTE -> micros / (60 * US_PER_SECOND);
            case HOUR -> micros / (3600 * US_PER_SECOND);
            case DAY -> micros / (86_400 * US_PER_SECOND);
            case WEEK -> micros / (7 * 86_400 * US_PER_SECOND);
            default -> throw SqlErrors.wrongArguments("timestampdiff");
        };
    }

    /** Whole months from x to y as MySQL counts them: calendar months, less one if y's day and time come earlier. */
    static long monthsBetween(LocalDateTime x, LocalDateTime y) {
        boolean negative = y.isBefore(x);
        LocalDateTime beg = negative ? y : x;
        LocalDateTime end = negative ? x : y;
        boolean endEarlierInYear = end.getMonthValue() < beg.getMonthValue()
                || end.getMonthValue() == beg.getMonthValue() && end.getDayOfMonth() < beg.getDayOfMonth();
        long years = end.getYear() - beg.getYear() - (endEarlierInYear ? 1 : 0);
        long months = 12 * years + (endEarlierInYear ? 12 - (beg.getMonthValue() - end.getMonthValue())
                : end.getMonthValue() - beg.getMonthValue());
        if (end.getDayOfMonth() < beg.getDayOfMonth()
                || end.getDayOfMonth() == beg.getDayOfMonth() && end.toLocalTime().isBefore(beg.toLocalTime())) {
            months--;
        }
        return negative ? -months : months;
    }

    private static FunctionDef dateAdd(String name, boolean subtract) {
        return of(name, 2, 3, (a, c) -> a.size() == 2
                        ? addType(a.get(0), IntervalUnit.DAY, a.get(1), c.get(0))
                        : addType(a.get(0), unitOf(c, 2), a.get(1), c.get(0)),
                (a, t, ctx) -> add(a[0], t[0], a[1], t[1],
                        a.length == 2 ? IntervalUnit.DAY : IntervalUnit.parse(str(a, t, 2)), subtract, ctx));
    }

    private static IntervalUnit unitOf(List<Object> constants, int i) {
        String unit = Types.constantString(constants, i);
        return unit == null ? IntervalUnit.SECOND_MICROSECOND : IntervalUnit.parse(unit);
    }

    /** DATE + date unit is DATE; DATE + time unit, DATETIME and TIMESTAMP give DATETIME; TIME stays TIME. */
    static SqlType addType(SqlType base, IntervalUnit unit, SqlType valueType, Object baseConstant) {
        int unitFsp = unit.fsp(valueType);
        return switch (base.kind()) {
            case DATE -> unit.dateOnly() ? SqlType.DATE : SqlType.temporal(TypeKind.DATETIME, unitFsp);
            case DATETIME, TIMESTAMP -> SqlType.temporal(TypeKind.DATETIME, Math.max(base.fsp(), unitFsp));
            case TIME -> unit.monthBased() ? SqlType.temporal(TypeKind.DATETIME, Math.max(base.fsp(), unitFsp))
                    : SqlType.temporal(TypeKind.TIME, Math.max(base.fsp(), unitFsp));
            default -> Types.varchar(26);
        };
    }

    private static Object add(Object base, SqlType baseType, Object value, SqlType valueType, IntervalUnit unit,
                              boolean subtract, EvalContext ctx) {
        if (base == null || value == null) {
            return null;
        }
        IntervalUnit.Interval iv = unit.interval(value, valueType, ctx);
        if (iv == null) {
            return null;
        }
        if (subtract) {
            iv = iv.negate();
        }
        int unitFsp = unit.fsp(valueType);
        switch (baseType.kind()) {
            case TIME -> {
                Duration d = Values.toDuration(base, baseType, ctx);
                if (d == null) {
                    return null;
                }
                if (unit.monthBased()) {
                    LocalDateTime dt = IntervalUnit.add(ctx.statementTime().toLocalDate().atStartOfDay().plus(d),
                            iv, ctx);
                    return dt;
                }
                long micros = Temporals.toMicros(d) + iv.micros();
                if (Math.abs(micros) > Temporals.MAX_TIME_MICROS) {
                    IntervalUnit.overflow(ctx);
                    return null;
                }
                return Duration.ofNanos(micros * 1000L);
            }
            case DATE -> {
                LocalDate d = Values.toLocalDate(base, baseType, ctx);
                if (d == null) {
                    return null;
                }
                LocalDateTime r = IntervalUnit.add(d.atStartOfDay(), iv, ctx);
                return r == null ? null : unit.dateOnly() ? r.toLocalDate() : r;
            }
            case DATETIME, TIMESTAMP -> {
                LocalDateTime dt = Values.toLocalDateTime(base, baseType, ctx);
                return dt == null ? null : IntervalUnit.add(dt, iv, ctx);
            }
            default -> {
                String s = Values.toText(base, baseType);
                LocalDateTime dt = Values.toLocalDateTime(base, baseType, ctx);
                if (dt == null) {
                    return null;
                }
                LocalDateTime r = IntervalUnit.add(dt, iv, ctx);
                if (r == null) {
                    return null;
                }
                boolean hasTime = s.indexOf(':') >= 0 || isCompactDateTime(s);
                if (!hasTime && unit.dateOnly()) {
                    return Temporals.formatDate(r.toLocalDate());
                }
                int micros = r.getNano() / 1000;
                return Temporals.formatDateTime(r, micros != 0 || unitFsp > 0 ? 6 : 0);
            }
        }
    }

    private static boolean isCompactDateTime(String s) {
        String trimmed = s.trim();
        int digits = 0;
        while (digits < trimmed.length() && Character.isDigit(trimmed.charAt(digits))) {
            digits++;
        }
        return digits >= 12;
    }

    private static SqlType addTimeType(List<SqlType> args, List<Object> constants) {
        SqlType base = args.get(0);
        int fsp = Math.max(argFsp(base, constants.get(0)), argFsp(args.get(1), constants.get(1)));
        return switch (base.kind()) {
            case TIME -> SqlType.temporal(TypeKind.TIME, fsp);
            case DATETIME, TIMESTAMP, DATE -> SqlType.temporal(TypeKind.DATETIME, fsp);
            default -> Types.varchar(26);
        };
    }

    private static Object addTime(Object[] a, SqlType[] t, EvalContext ctx, boolean subtract) {
        Duration delta = Values.toDuration(a[1], t[1], ctx);
        if (delta == null) {
            return null;
        }
        if (subtract) {
            delta = delta.negated();
        }
        Object base = notTemporal(t[0]) ? temporalOperand(a[0], t[0], ctx) : a[0];
        if (base instanceof LocalDate d) {
            base = d.atStartOfDay();
        }
        Object result;
        if (base instanceof LocalDateTime dt) {
            LocalDateTime r = dt.plus(delta);
            if (r.getYear() < 1 || r.getYear() > 9999) {
                return null;
            }
            result = r;
        } else if (base instanceof Duration d) {
            long micros = Temporals.toMicros(d.plus(delta));
            if (Math.abs(micros) > Temporals.MAX_TIME_MICROS) {
                long max = Temporals.MAX_TIME_MICROS - 999_999L;
                micros = micros < 0 ? -max : max;
                ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE, SqlErrors.truncatedWrongValueText("time",
                        Temporals.formatTime(Duration.ofNanos(micros * 1000L), 0)));
            }
            result = Duration.ofNanos(micros * 1000L);
        } else {
            return null;
        }
        if (notTemporal(t[0])) {
            return result instanceof LocalDateTime r ? Temporals.formatDateTime(r, r.getNano() != 0 ? 6 : 0)
                    : Temporals.formatTime((Duration) result, ((Duration) result).getNano() != 0 ? 6 : 0);
        }
        return result;
    }

    private static SqlType unixTimestampType(List<SqlType> args, List<Object> constants) {
        if (args.isEmpty()) {
            return SqlType.BIGINT;
        }
        int fsp = argFsp(args.get(0), constants.get(0));
        return fsp == 0 ? SqlType.BIGINT : SqlType.decimal(17 + fsp, fsp);
    }

    private static Object unixTimestamp(Object[] a, SqlType[] t, EvalContext ctx) {
        if (a.length == 0) {
            return ctx.statementTime().atZone(ctx.timeZone()).toEpochSecond();
        }
        if (a[0] == null) {
            return null;
        }
        LocalDateTime dt = Values.toLocalDateTime(a[0], t[0], ctx);
        if (dt == null) {
            return null;
        }
        long seconds = dt.atZone(ctx.timeZone()).toEpochSecond();
        if (seconds < 0 || seconds > MAX_UNIXTIME) {
            return null;
        }
        int micros = dt.getNano() / 1000;
        int fsp = argFsp(t[0], a[0] instanceof String s ? s : null);
        if (fsp == 0 && micros == 0) {
            return seconds;
        }
        return BigDecimal.valueOf(seconds * US_PER_SECOND + micros, 6).setScale(fsp, RoundingMode.DOWN);
    }

    private static SqlType fromUnixTimeType(List<SqlType> args, List<Object> constants) {
        if (args.size() == 2) {
            return Types.varchar(64);
        }
        Object c = constants.get(0);
        if (c instanceof String s) {
            BigDecimal d = Values.toDecimal(s, SqlType.LONGTEXT, null);
            return SqlType.temporal(TypeKind.DATETIME, Math.min(6, Math.max(0, d.stripTrailingZeros().scale())));
        }
        return SqlType.temporal(TypeKind.DATETIME, secondsFsp(args.get(0)));
    }

    private static Object fromUnixTime(Object[] a, SqlType[] t, EvalContext ctx) {
        BigDecimal n = Values.toDecimal(a[0], t[0], ctx);
        if (n.signum() < 0 || n.compareTo(BigDecimal.valueOf(MAX_UNIXTIME)) > 0) {
            if (n.signum() >= 0) {
                ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE,
                        SqlErrors.truncatedWrongValueText("unixtime", Values.toText(a[0], t[0])));
            }
            return null;
        }
        long seconds = n.longValue();
        int micros = n.subtract(BigDecimal.valueOf(seconds)).movePointRight(6).intValue();
        LocalDateTime dt = LocalDateTime.ofEpochSecond(seconds, micros * 1000,
                ctx.timeZone().getRules().getOffset(java.time.Instant.ofEpochSecond(seconds)));
        if (a.length == 2) {
            return DateFormat.format(dt, dt.getHour(), false, false, str(a, t, 1));
        }
        return Temporals.truncate(dt, secondsFsp(t[0]));
    }

    private static Object makeTime(Object[] a, SqlType[] t, EvalContext ctx) {
        long h = lng(a, t, 0, ctx);
        long m = lng(a, t, 1, ctx);
        BigDecimal s = Values.toDecimal(a[2], t[2], ctx);
        if (m < 0 || m > 59 || s.signum() < 0 || s.compareTo(BigDecimal.valueOf(60)) >= 0) {
            return null;
        }
        long micros = (Math.abs(h) * 3600 + m * 60) * US_PER_SECOND
                + s.movePointRight(6).setScale(0, RoundingMode.DOWN).longValue();
        if (micros > Temporals.MAX_TIME_MICROS) {
            micros = Temporals.MAX_TIME_MICROS - 999_999L;
            ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE, SqlErrors.truncatedWrongValueText("time",
                    h + ":" + m + ":" + s.toPlainString()));
        }
        return Duration.ofNanos((h < 0 ? -micros : micros) * 1000L);
    }

    private static Object secToTime(Object[] a, SqlType[] t, EvalContext ctx) {
        BigDecimal n = Values.toDecimal(a[0], t[0], ctx);
        BigDecimal micros = n.movePointRight(6).setScale(0, RoundingMode.DOWN);
        if (micros.abs().compareTo(BigDecimal.valueOf(Temporals.MAX_TIME_MICROS)) > 0) {
            long max = Temporals.MAX_TIME_MICROS - 999_999L;
            ctx.warn(SqlErrors.TRUNCATED_WRONG_VALUE,
                    SqlErrors.truncatedWrongValueText("time", Values.toText(a[0], t[0])));
            return Duration.ofNanos((n.signum() < 0 ? -max : max) * 1000L);
        }
        return Temporals.truncate(Duration.ofNanos(micros.longValue() * 1000L), secondsFsp(t[0]));
    }

    private static SqlType timeToSecType(List<SqlType> args, List<Object> constants) {
        int fsp = argFsp(args.get(0), constants.get(0));
        return fsp == 0 ? SqlType.BIGINT : SqlType.decimal(17 + fsp, fsp);
    }

    private static SqlType extractType(List<SqlType> args, List<Object> constants) {
        IntervalUnit unit = unitOf(constants, 0);
        return switch (unit) {
            case DAY_MICROSECOND, HOUR_MICROSECOND, MINUTE_MICROSECOND, SECOND_MICROSECOND, DAY_SECOND ->
                    SqlType.BIGINT;
            default -> SqlType.INT;
        };
    }

    /**
     * EXTRACT(unit FROM v): TIME values and time-only strings are read as TIME (hours may exceed 23), everything
     * else as DATETIME.
     */
    private static Object extract(Object[] a, SqlType[] t, EvalContext ctx) {
        IntervalUnit unit = IntervalUnit.parse(str(a, t, 0));
        boolean needsDate = unit.dateOnly() || unit.name().startsWith("DAY");
        boolean asTime = t[1].kind() == TypeKind.TIME || !needsDate && notTemporal(t[1])
                && !hasDatePart(Values.toText(a[1], t[1]));
        long micros;
        long sign = 1;
        LocalDate date = null;
        if (asTime) {
            Duration d = Values.toDuration(a[1], t[1], ctx);
            if (d == null) {
                return null;
            }
            micros = Temporals.toMicros(d);
            if (micros < 0) {
                sign = -1;
                micros = -micros;
            }
        } else {
            LocalDateTime dt = Values.toLocalDateTime(a[1], t[1], ctx);
            if (dt == null) {
                return null;
            }
            date = dt.toLocalDate();
            micros = Temporals.toMicros(Temporals.timeOf(dt));
        }
        long days = micros / (86_400L * US_PER_SECOND);
        long hour = date == null ? micros / (3600 * US_PER_SECOND) % 24 : micros / (3600 * US_PER_SECOND);
        long minute = micros / (60 * US_PER_SECOND) % 60;
        long second = micros / US_PER_SECOND % 60;
        long micro = micros % US_PER_SECOND;
        long day = date == null ? days : date.getDayOfMonth();
        long value = switch (unit) {
            case YEAR -> date == null ? 0 : date.getYear();
            case QUARTER -> date == null ? 0 : (date.getMonthValue() + 2) / 3;
            case MONTH -> date == null ? 0 : date.getMonthValue();
            case WEEK -> date == null ? 0 : Weeks.calcWeek(date, Weeks.weekMode(ctx.defaultWeekFormat()), new int[1]);
            case DAY -> day;
            case HOUR -> hour;
            case MINUTE -> minute;
            case SECOND -> second;
            case MICROSECOND -> micro;
            case YEAR_MONTH -> date == null ? 0 : date.getYear() * 100L + date.getMonthValue();
            case DAY_HOUR -> day * 100 + hour;
            case DAY_MINUTE -> (day * 100 + hour) * 100 + minute;
            case DAY_SECOND -> ((day * 100 + hour) * 100 + minute) * 100 + second;
            case DAY_MICROSECOND -> (((day * 100 + hour) * 100 + minute) * 100 + second) * 1_000_000L + micro;
            case HOUR_MINUTE -> hour * 100 + minute;
            case HOUR_SECOND -> (hour * 100 + minute) * 100 + second;
            case HOUR_MICROSECOND -> ((hour * 100 + minute) * 100 + second) * 1_000_000L + micro;
            case MINUTE_SECOND -> minute * 100 + second;
            case MINUTE_MICROSECOND -> (minute * 100 + second) * 1_000_000L + micro;
            case SECOND_MICROSECOND -> second * 1_000_000L + micro;
        };
        return sign * value;
    }

    /**
     * CONVERT_TZ with 'SYSTEM', 'UTC' and '+hh:mm' zones (-12:59 to +13:00); named zones give NULL, as on a
     * MariaDB without time zone tables.
     */
    private static Object convertTz(Object[] a, SqlType[] t, EvalContext ctx) {
        LocalDateTime dt = Values.toLocalDateTime(a[0], t[0], ctx);
        ZoneId from = zone(str(a, t, 1));
        ZoneId to = zone(str(a, t, 2));
        if (dt == null || from == null || to == null) {
            return null;
        }
        LocalDateTime r = dt.atZone(from).withZoneSameInstant(to).toLocalDateTime();
        long epoch = dt.atZone(from).toEpochSecond();
        return epoch < 0 || epoch > MAX_UNIXTIME ? dt : r;
    }

    static ZoneId zone(String name) {
        String n = name.trim();
        if (n.equalsIgnoreCase("SYSTEM")) {
            return ZoneId.systemDefault();
        }
        if (n.equalsIgnoreCase("UTC")) {
            return ZoneOffset.UTC;
        }
        if (n.startsWith("+") || n.startsWith("-")) {
            try {
                ZoneOffset offset = ZoneOffset.of(n.length() == 5 ? n.charAt(0) + "0" + n.substring(1) : n);
                int seconds = offset.getTotalSeconds();
                return seconds >= -(12 * 3600 + 59 * 60) && seconds <= 13 * 3600 ? offset : null;
            } catch (DateTimeException e) {
                return null;
            }
        }
        return null;
    }

    private static long periodToMonths(long period) {
        if (period == 0) {
            return 0;
        }
        long year = period / 100;
        if (year < 100) {
            year += year < 70 ? 2000 : 1900;
        }
        return year * 12 + period % 100 - 1;
    }
}
