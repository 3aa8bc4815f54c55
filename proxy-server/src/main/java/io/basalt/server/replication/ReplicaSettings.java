package io.basalt.server.replication;

import io.basalt.protocol.binlog.BinlogChecksum;
import io.basalt.protocol.binlog.Gtid;
import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a replica told the server through session user variables before COM_BINLOG_DUMP (spec §6.2, §7):
 * {@code @master_binlog_checksum} (set at all: it handles checksummed events; its value: whether the fake Rotate
 * carries a CRC), {@code @master_heartbeat_period} (nanoseconds, 0 = none), {@code @slave_connect_state} (set: a
 * MariaDB GTID start instead of file/position), {@code @slave_gtid_strict_mode}. Immutable.
 *
 * @param gtidStart null for a file/position dump
 */
record ReplicaSettings(boolean checksumAware, BinlogChecksum fakeEventChecksum, long heartbeatPeriodNanos,
                       List<Gtid> gtidStart, boolean gtidStrictMode) {

    /**
     * Reads the settings from a session's user variables (names in lower case).
     *
     * @throws MySqlException 1236 when {@code @slave_connect_state} is not a GTID position
     */
    static ReplicaSettings from(Map<String, Object> userVariables) {
        Object checksum = userVariables.get("master_binlog_checksum");
        String checksumName = text(checksum);
        boolean crc = checksumName != null && checksumName.toUpperCase(Locale.ROOT).equals("CRC32");
        long heartbeat = number(userVariables.get("master_heartbeat_period"));
        String connectState = text(userVariables.get("slave_connect_state"));
        List<Gtid> start = null;
        if (connectState != null) {
            try {
                start = GtidPositionText.parse(connectState);
            } catch (IllegalArgumentException e) {
                throw new MySqlException(ErrorCode.MASTER_FATAL_ERROR_READING_BINLOG,
                        "Failed to parse @slave_connect_state '" + connectState + "': " + e.getMessage());
            }
        }
        boolean strict = number(userVariables.get("slave_gtid_strict_mode")) != 0;
        return new ReplicaSettings(checksum != null, crc ? BinlogChecksum.CRC32 : BinlogChecksum.NONE,
                Math.max(0, heartbeat), start, strict);
    }

    private static String text(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof byte[] bytes) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
        return value.toString();
    }

    /** A user variable as an integer; strings that are not numbers count as 0, as MySQL converts them. */
    private static long number(Object value) {
        if (value instanceof Number n) {
            return n instanceof BigDecimal d ? d.longValue() : n.longValue();
        }
        String s = text(value);
        if (s == null) {
            return 0;
        }
        try {
            return new BigDecimal(s.strip()).longValue();
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
