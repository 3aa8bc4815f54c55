package io.basalt.sql.engine;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;

import java.util.List;

/**
 * The SQL layer as the connection layer sees it. Every method but {@link #executeWithoutWaiting} runs on the
 * session's worker thread (never on a Netty event loop); calls for one session never overlap. Failures are
 * {@link io.basalt.protocol.error.MySqlException}s.
 */
public interface SqlEngine {
    /** Splits COM_QUERY text into statements (quotes, comments and {@code ;} handled as MySQL's lexer does). */
    List<String> split(String text);

    /** Runs one statement of the text protocol. */
    void execute(Session session, String sql, ResultSink sink);

    /** COM_STMT_PREPARE; statements that cannot be prepared fail with 1295 (ER_UNSUPPORTED_PS). */
    PreparedQuery prepare(Session session, String sql);

    /** COM_STMT_EXECUTE with parameter values in the value model of {@link io.basalt.sql.type.SqlType}. */
    void execute(Session session, PreparedQuery query, Object[] parameters, ResultSink sink);

    /**
     * COM_STMT_EXECUTE on a thread that must not wait (a Netty event loop): runs the query if it is a plain read that
     * can finish from memory without meeting a lock, and returns true; otherwise returns false having sent and
     * changed nothing (the caller then calls {@link #execute(Session, PreparedQuery, Object[], ResultSink)} on a
     * worker). The sink must refuse (throw {@link io.basalt.storage.concurrency.WouldBlockException}) rather than
     * wait for the client.
     */
    boolean executeWithoutWaiting(Session session, PreparedQuery query, Object[] parameters, ResultSink sink);

    /** COM_FIELD_LIST: the columns of a table of the current database matching a LIKE wildcard (may be empty). */
    List<ColumnDefinition> fieldList(Session session, String table, String wildcard);

    /** COM_RESET_CONNECTION / COM_CHANGE_USER: roll back, drop user variables and temporary state. */
    void reset(Session session);

    /** The connection is gone: roll back its transaction and release its locks. */
    void close(Session session);
}
