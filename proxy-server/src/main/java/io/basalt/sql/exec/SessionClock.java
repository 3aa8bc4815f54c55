package io.basalt.sql.exec;

import io.basalt.session.Session;
import io.basalt.sql.sysvar.TimeZones;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/** The session's time zone (time_zone) and clock (the timestamp variable overrides NOW(), as in MySQL). */
final class SessionClock {
    private SessionClock() {
    }

    /** The session's time_zone (already validated by SET); SYSTEM is UTC, the zone of Basalt's hosts. */
    static ZoneId zone(Session session) {
        return TimeZones.zone(session.variables().getString("time_zone"), ZoneOffset.UTC);
    }

    static LocalDateTime now(Session session, ZoneId zone) {
        Object fixed = session.variables().get("timestamp");
        Instant instant = fixed instanceof Long seconds && seconds > 0 ? Instant.ofEpochSecond(seconds)
                : Instant.now().truncatedTo(ChronoUnit.MICROS);
        return LocalDateTime.ofInstant(instant, zone);
    }
}
