package io.basalt.protocol.binlog;

/**
 * Binlog event type codes as MariaDB numbers them (sql/log_event.h). Only the types Basalt writes, reads back or
 * must recognise in a MariaDB binlog are named; every other code maps to {@link #UNKNOWN}.
 */
public enum BinlogEventType {
    UNKNOWN(0),
    QUERY(2),
    STOP(3),
    ROTATE(4),
    INTVAR(5),
    RAND(13),
    USER_VAR(14),
    FORMAT_DESCRIPTION(15),
    XID(16),
    TABLE_MAP(19),
    WRITE_ROWS_V1(23),
    UPDATE_ROWS_V1(24),
    DELETE_ROWS_V1(25),
    INCIDENT(26),
    HEARTBEAT(27),
    /** Ignorable_log_event: replicas and mariadb-binlog skip it; Basalt keeps its commit records in it. */
    IGNORABLE(28),
    XA_PREPARE(38),
    ANNOTATE_ROWS(160),
    BINLOG_CHECKPOINT(161),
    GTID(162),
    GTID_LIST(163),
    START_ENCRYPTION(164);

    private static final BinlogEventType[] BY_CODE = new BinlogEventType[256];

    static {
        for (BinlogEventType t : values()) {
            BY_CODE[t.code] = t;
        }
    }

    private final int code;

    BinlogEventType(int code) {
        this.code = code;
    }

    /** The type byte at offset 4 of the event header. */
    public int code() {
        return code;
    }

    /** The type for a header's type byte; codes Basalt does not name come back as {@link #UNKNOWN}. */
    public static BinlogEventType of(int code) {
        BinlogEventType t = code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
        return t == null ? UNKNOWN : t;
    }

    /** Whether this is one of the V1 row event types (Write/Update/Delete_rows). */
    public boolean isRows() {
        return this == WRITE_ROWS_V1 || this == UPDATE_ROWS_V1 || this == DELETE_ROWS_V1;
    }
}
