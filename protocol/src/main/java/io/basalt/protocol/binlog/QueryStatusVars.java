package io.basalt.protocol.binlog;

import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;

/**
 * The status variables of a Query event: session state a replica needs to re-execute the statement. Written as
 * (code byte, value) pairs in the order MariaDB 10.11's {@code Query_log_event::write} uses; optional ones only when
 * they differ from the default. Decoding stops at the first code MariaDB does not write, as MariaDB's reader does.
 *
 * @param flags2 session option bits (AUTO_IS_NULL 0x4000, NO_FOREIGN_KEY_CHECKS 0x04000000,
 *     RELAXED_UNIQUE_CHECKS 0x08000000); always written
 * @param sqlMode the sql_mode bitmask; always written
 * @param catalog the catalog, {@code std}; always written
 * @param autoIncrementIncrement written together with the offset when either is not 1
 * @param charsetClient character_set_client collation id; the three charset ids are always written
 * @param timeZone time zone name, or null when the statement did not use the time zone
 * @param lcTimeNamesId lc_time_names number, 0 (en_US) = not written
 * @param charsetDatabase collation_database id when it differs from the default database's, 0 = not written
 * @param ddlXid the DDL-log xid MariaDB 10.6+ writes for atomic DDL, 0 = not written
 */
public record QueryStatusVars(long flags2, long sqlMode, String catalog, int autoIncrementIncrement,
        int autoIncrementOffset, int charsetClient, int collationConnection, int collationServer, String timeZone,
        int lcTimeNamesId, int charsetDatabase, long ddlXid) {

    static final int Q_FLAGS2 = 0;
    static final int Q_SQL_MODE = 1;
    static final int Q_AUTO_INCREMENT = 3;
    static final int Q_CHARSET = 4;
    static final int Q_TIME_ZONE = 5;
    static final int Q_CATALOG_NZ = 6;
    static final int Q_LC_TIME_NAMES = 7;
    static final int Q_CHARSET_DATABASE = 8;
    static final int Q_TABLE_MAP_FOR_UPDATE = 9;
    static final int Q_HRNOW = 128;
    static final int Q_XID = 129;

    /** flags2 bit: {@code @@sql_auto_is_null}. */
    public static final long OPTION_AUTO_IS_NULL = 0x0000_4000L;
    /** flags2 bit: {@code @@explicit_defaults_for_timestamp}, ON by default since MariaDB 10.10. */
    public static final long OPTION_EXPLICIT_DEF_TIMESTAMP = 0x0100_0000L;
    /** flags2 bit: {@code @@foreign_key_checks = 0}. */
    public static final long OPTION_NO_FOREIGN_KEY_CHECKS = 0x0400_0000L;
    /** flags2 bit: {@code @@unique_checks = 0}. */
    public static final long OPTION_RELAXED_UNIQUE_CHECKS = 0x0800_0000L;
    /**
     * MariaDB 10.11's default sql_mode: STRICT_TRANS_TABLES, ERROR_FOR_DIVISION_BY_ZERO, NO_AUTO_CREATE_USER,
     * NO_ENGINE_SUBSTITUTION.
     */
    public static final long DEFAULT_SQL_MODE = 0x5420_0000L;

    /** The catalog every MariaDB Query event names. */
    public static final String STD_CATALOG = "std";

    /**
     * The usual variables of a DDL statement as MariaDB 10.11 writes them with default session options:
     * {@link #OPTION_EXPLICIT_DEF_TIMESTAMP}, the given sql_mode and charsets, catalog {@code std}, auto-increment
     * 1/1, no time zone, lc_time_names en_US.
     */
    public static QueryStatusVars of(long sqlMode, int charsetClient, int collationConnection, int collationServer) {
        return new QueryStatusVars(OPTION_EXPLICIT_DEF_TIMESTAMP, sqlMode, STD_CATALOG, 1, 1, charsetClient,
                collationConnection, collationServer, null, 0, 0, 0);
    }

    void encode(ByteBuf out) {
        out.writeByte(Q_FLAGS2);
        out.writeIntLE((int) flags2);
        out.writeByte(Q_SQL_MODE);
        out.writeLongLE(sqlMode);
        out.writeByte(Q_CATALOG_NZ);
        writeShortString(out, catalog);
        if (autoIncrementIncrement != 1 || autoIncrementOffset != 1) {
            out.writeByte(Q_AUTO_INCREMENT);
            out.writeShortLE(autoIncrementIncrement);
            out.writeShortLE(autoIncrementOffset);
        }
        out.writeByte(Q_CHARSET);
        out.writeShortLE(charsetClient);
        out.writeShortLE(collationConnection);
        out.writeShortLE(collationServer);
        if (timeZone != null) {
            out.writeByte(Q_TIME_ZONE);
            writeShortString(out, timeZone);
        }
        if (lcTimeNamesId != 0) {
            out.writeByte(Q_LC_TIME_NAMES);
            out.writeShortLE(lcTimeNamesId);
        }
        if (charsetDatabase != 0) {
            out.writeByte(Q_CHARSET_DATABASE);
            out.writeShortLE(charsetDatabase);
        }
        if (ddlXid != 0) {
            out.writeByte(Q_XID);
            out.writeLongLE(ddlXid);
        }
    }

    /** Reads the whole status-variable block {@code block}; variables MariaDB did not write keep their defaults. */
    static QueryStatusVars decode(ByteBuf block) {
        PayloadReader in = new PayloadReader(block);
        long flags2 = 0;
        long sqlMode = 0;
        String catalog = null;
        int aiIncrement = 1;
        int aiOffset = 1;
        int client = 0;
        int connection = 0;
        int server = 0;
        String timeZone = null;
        int lcTimeNames = 0;
        int charsetDatabase = 0;
        long xid = 0;
        boolean known = true;
        while (known && in.hasRemaining()) {
            switch (in.readInt1()) {
                case Q_FLAGS2 -> flags2 = in.readInt4();
                case Q_SQL_MODE -> sqlMode = in.readInt8();
                case Q_CATALOG_NZ -> catalog = in.readFixedString(in.readInt1());
                case Q_AUTO_INCREMENT -> {
                    aiIncrement = in.readInt2();
                    aiOffset = in.readInt2();
                }
                case Q_CHARSET -> {
                    client = in.readInt2();
                    connection = in.readInt2();
                    server = in.readInt2();
                }
                case Q_TIME_ZONE -> timeZone = in.readFixedString(in.readInt1());
                case Q_LC_TIME_NAMES -> lcTimeNames = in.readInt2();
                case Q_CHARSET_DATABASE -> charsetDatabase = in.readInt2();
                case Q_TABLE_MAP_FOR_UPDATE -> in.skip(8);
                case Q_HRNOW -> in.skip(3);
                case Q_XID -> xid = in.readInt8();
                default -> known = false;
            }
        }
        return new QueryStatusVars(flags2, sqlMode, catalog, aiIncrement, aiOffset, client, connection, server,
                timeZone, lcTimeNames, charsetDatabase, xid);
    }

    private static void writeShortString(ByteBuf out, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > 255) {
            throw new IllegalArgumentException("status variable longer than 255 bytes: " + s);
        }
        out.writeByte(bytes.length);
        out.writeBytes(bytes);
    }
}
