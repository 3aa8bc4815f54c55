package io.basalt.sql.binlog;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.sysvar.SessionVariables;
import io.basalt.sql.sysvar.TimeZones;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/** PURGE BINARY LOGS TO 'file' | BEFORE datetime, with MariaDB's errors. Stateless. */
public final class BinlogAdmin {
    private BinlogAdmin() {
    }

    /**
     * @param toLog  the TO file, or null
     * @param before the evaluated BEFORE value (a DATETIME or its text, in the session time zone), or null
     * @throws MySqlException 1381 log off, 1373 unknown file, 1210 a BEFORE value that is not a datetime
     */
    public static void purge(SqlBinlog binlog, String toLog, Object before, SessionVariables vars) {
        if (!binlog.enabled()) {
            throw BinlogShow.notLogging();
        }
        if (toLog != null) {
            try {
                binlog.service().purgeTo(toLog);
            } catch (IllegalArgumentException e) {
                throw new MySqlException(1373, "HY000", "Target log not found in binlog index", null);
            }
            return;
        }
        LocalDateTime at = dateTime(before);
        Instant instant = at.atZone(TimeZones.zone(vars.getString("time_zone"), ZoneOffset.UTC)).toInstant();
        binlog.service().purgeBefore(instant);
    }

    private static LocalDateTime dateTime(Object v) {
        if (v instanceof LocalDateTime t) {
            return t;
        }
        if (v instanceof LocalDate d) {
            return d.atStartOfDay();
        }
        if (v instanceof String s) {
            try {
                String text = s.trim();
                return text.length() <= 10 ? LocalDate.parse(text).atStartOfDay()
                        : LocalDateTime.parse(text.replace(' ', 'T'));
            } catch (DateTimeParseException e) {
                throw new MySqlException(ErrorCode.WRONG_ARGUMENTS, "PURGE LOGS BEFORE");
            }
        }
        throw new MySqlException(ErrorCode.WRONG_ARGUMENTS, "PURGE LOGS BEFORE");
    }
}
