package io.basalt.sql.exec;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Session;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/** The session's time zone (time_zone) and clock (the timestamp variable overrides NOW(), as in MySQL). */
final class SessionClock {
    private SessionClock() {
    }

    static ZoneId zone(Session session) {
        String tz = session.variables().getString("time_zone");
        if (tz == null || tz.equalsIgnoreCase("SYSTEM")) {
            return ZoneOffset.UTC;
        }
        try {
            return ZoneId.of(tz);
        } catch (DateTimeException e) {
            throw new MySqlException(ErrorCode.UNKNOWN_TIME_ZONE, tz);
        }
    }

    static LocalDateTime now(Session session, ZoneId zone) {
        Object fixed = session.variables().get("timestamp");
        Instant instant = fixed instanceof Long seconds && seconds > 0 ? Instant.ofEpochSecond(seconds)
                : Instant.now().truncatedTo(ChronoUnit.MICROS);
        return LocalDateTime.ofInstant(instant, zone);
    }
}
