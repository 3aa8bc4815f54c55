package io.basalt.sql.value;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.function.Supplier;

/**
 * What expression evaluation needs from the statement and session it runs in. Implemented by the SQL engine, one
 * instance per statement execution; used by one thread at a time.
 */
public interface EvalContext {

    /** The statement's start time in the session time zone, with microseconds; NOW() is fixed per statement. */
    LocalDateTime statementTime();

    /** The current database, or null when none is selected. */
    String currentDatabase();

    /** USER(): the user name and the client host, "user@host". */
    String user();

    /** CURRENT_USER(): the account the session authenticated as, "user@host-pattern". */
    default String currentUser() {
        return user();
    }

    long connectionId();

    long lastInsertId();

    /** LAST_INSERT_ID(expr) sets the session's value as a side effect. */
    void setLastInsertId(long id);

    String serverVersion();

    /** Adds a Warning-level condition to the statement's diagnostics area. */
    void warn(int code, String message);

    /** Adds a Note-level condition (MySQL reports notes unless sql_notes = 0). */
    default void note(int code, String message) {
        warn(code, message);
    }

    /** STRICT_TRANS_TABLES or STRICT_ALL_TABLES is in sql_mode. */
    boolean strictMode();

    /**
     * Whether division by zero raises error 1365 instead of yielding NULL with a warning: true while a data-changing
     * statement (INSERT, UPDATE, DELETE ...) runs in strict mode with ERROR_FOR_DIVISION_BY_ZERO in sql_mode.
     */
    default boolean divisionByZeroIsError() {
        return false;
    }

    /** The div_precision_increment variable (default 4). */
    default int divPrecisionIncrement() {
        return 4;
    }

    /** The session time zone (time_zone; SYSTEM resolved). */
    ZoneId timeZone();

    /** group_concat_max_len in bytes (MariaDB's default 1048576). */
    default long groupConcatMaxLen() {
        return 1048576;
    }

    /**
     * max_allowed_packet in bytes: REPEAT, LPAD, RPAD and SPACE results longer than this are NULL with warning 1301.
     * The default is MariaDB's.
     */
    default long maxAllowedPacket() {
        return 16L * 1024 * 1024;
    }

    /** default_week_format, the mode WEEK() uses without a second argument. */
    default int defaultWeekFormat() {
        return 0;
    }

    /** FOUND_ROWS(): rows the previous SELECT returned (or would have without LIMIT, with SQL_CALC_FOUND_ROWS). */
    default long foundRows() {
        return 0;
    }

    /** ROW_COUNT(): rows changed by the previous statement, -1 after a statement that returned rows. */
    default long rowCount() {
        return -1;
    }

    /** Throws MySqlException 1317 (query interrupted) when the statement was killed; long-running functions poll. */
    default void checkKilled() {
    }

    /**
     * State that lives for one statement execution, keyed by the caller (for example the generator behind
     * RAND(seed)). The default keeps nothing, so each call starts afresh.
     */
    default <T> T statementState(Object key, Supplier<T> init) {
        return init.get();
    }

    /**
     * BINLOG_GTID_POS(file, offset): the GTID position at that binlog offset, or null (no binlog in this context,
     * unknown file, not an event boundary).
     */
    default String binlogGtidPos(String file, long offset) {
        return null;
    }
}
