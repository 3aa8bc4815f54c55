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
     * COM_STMT_EXECUTE on a thread that must not wait (a Netty event loop): runs the statement if it is a plain read,
     * or a data statement inside an open transaction (its commit is not part of it), that can finish from memory
     * without meeting another transaction's lock or writing to disk ({@link NoWaitResult#DONE}); with {@code commit},
     * also an autocommit data statement whose commit is a 1PC or an async commit, left {@link NoWaitResult#isPending
     * pending} on its way
     * to the disk. Otherwise it returns {@link NoWaitResult#HAND_OFF} having sent nothing and undone the statement (the
     * caller then calls {@link #execute(Session, PreparedQuery, Object[], ResultSink)} on a worker). Row locks the
     * undone statement took stay held, as after a failed statement in InnoDB. The sink must refuse (throw
     * {@link io.basalt.storage.concurrency.WouldBlockException}) rather than wait for the client; a pending statement
     * writes to it only in {@link NoWaitResult#finish}.
     */
    NoWaitResult executeWithoutWaiting(Session session, PreparedQuery query, Object[] parameters, ResultSink sink,
                                       boolean commit);

    /**
     * COM_QUERY on a thread that must not wait (a Netty event loop): runs the text if it is BEGIN / START
     * TRANSACTION, COMMIT or ROLLBACK (a text the engine has seen and keeps parsed) and the session's transaction can
     * end without waiting (it holds no writes or row locks): {@link NoWaitResult#DONE}; with {@code commit}, a COMMIT
     * of a transaction that commits by 1PC or async commit is left pending until durable. Otherwise {@link NoWaitResult#HAND_OFF},
     * having sent and changed nothing (the caller then calls {@link #execute(Session, String, ResultSink)} on a
     * worker).
     */
    NoWaitResult executeWithoutWaiting(Session session, String sql, ResultSink sink, boolean commit);

    /** COM_FIELD_LIST: the columns of a table of the current database matching a LIKE wildcard (may be empty). */
    List<ColumnDefinition> fieldList(Session session, String table, String wildcard);

    /** COM_RESET_CONNECTION / COM_CHANGE_USER: roll back, drop user variables and temporary state. */
    void reset(Session session);

    /** The connection is gone: roll back its transaction and release its locks. */
    void close(Session session);
}
