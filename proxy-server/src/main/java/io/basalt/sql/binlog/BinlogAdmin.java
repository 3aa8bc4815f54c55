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

/** PURGE BINARY LOGS TO 'file' | BEFORE datetime and RESET MASTER [TO n], with MariaDB's errors. Stateless. */
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

    /**
     * RESET MASTER [TO n]: every binlog file deleted, the GTID binlog state emptied, the next file numbered n (1).
     *
     * @throws MySqlException 1186 with the log off, 1210 for n outside 1..2147483647
     */
    public static void reset(SqlBinlog binlog, Long firstNumber) {
        if (!binlog.enabled()) {
            throw new MySqlException(1186, "HY000", "Binlog closed, cannot RESET MASTER", null);
        }
        long n = firstNumber == null ? 1 : firstNumber;
        if (n < 1 || n > Integer.MAX_VALUE) {
            throw new MySqlException(ErrorCode.WRONG_ARGUMENTS, "RESET MASTER TO");
        }
        binlog.service().reset(n);
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
