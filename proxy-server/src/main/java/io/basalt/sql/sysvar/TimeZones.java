package io.basalt.sql.sysvar;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * time_zone values: {@code SYSTEM}, an offset {@code [+|-]h:mm} between -12:59 and +13:00 (MariaDB's range, shown
 * as {@code +hh:mm}), or a region name the JVM knows (MySQL accepts those once its time zone tables are loaded;
 * Basalt has the JVM's). Anything else fails with 1298.
 */
public final class TimeZones {
    private static final Pattern OFFSET = Pattern.compile("([+-])(\\d{1,2}):(\\d{2})");

    private TimeZones() {
    }

    /** @return the canonical spelling of a valid time zone value */
    public static String normalize(String value) {
        if (value.equalsIgnoreCase("SYSTEM")) {
            return "SYSTEM";
        }
        Matcher m = OFFSET.matcher(value);
        if (m.matches()) {
            int hours = Integer.parseInt(m.group(2));
            int minutes = Integer.parseInt(m.group(3));
            int signed = (m.group(1).equals("-") ? -1 : 1) * (hours * 60 + minutes);
            if (minutes > 59 || signed < -(12 * 60 + 59) || signed > 13 * 60) {
                throw unknown(value);
            }
            return String.format(Locale.ROOT, "%s%02d:%02d", m.group(1), hours, minutes);
        }
        if (value.indexOf('/') > 0 || value.equalsIgnoreCase("UTC")) {
            try {
                return ZoneId.of(value).getId();
            } catch (DateTimeException e) {
                throw unknown(value);
            }
        }
        throw unknown(value);
    }

    /**
     * The zone a normalised time_zone value denotes; {@code SYSTEM} is {@code systemZone}.
     */
    public static ZoneId zone(String normalized, ZoneId systemZone) {
        if (normalized.equals("SYSTEM")) {
            return systemZone;
        }
        if (normalized.startsWith("+") || normalized.startsWith("-")) {
            return ZoneOffset.of(normalized);
        }
        return ZoneId.of(normalized);
    }

    private static MySqlException unknown(String value) {
        return new MySqlException(ErrorCode.UNKNOWN_TIME_ZONE, value);
    }
}
