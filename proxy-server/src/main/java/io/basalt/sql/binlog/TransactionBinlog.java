package io.basalt.sql.binlog;

import io.basalt.storage.binlog.BinlogCache;

import java.time.ZoneId;

/**
 * The binlog side of one session's transactions: the session's {@link BinlogCache} (created at the first logged
 * row, reused by later transactions), the statement being logged, and the cache positions statements and
 * savepoints started at, so undoing a statement or ROLLBACK TO SAVEPOINT truncates the cache as MariaDB does.
 *
 * <p>Owned by the session's worker thread; {@link #close} runs once the session's commands have stopped.
 */
public final class TransactionBinlog {
    private final SqlBinlog binlog;
    private final BinlogColumnCache columnCache = new BinlogColumnCache();
    private BinlogCache cache;
    private StatementRowLog statement;
    private long statementStart;

    TransactionBinlog(SqlBinlog binlog) {
        this.binlog = binlog;
    }

    /** Marks where the next statement's events start (its storage savepoint is taken at the same moment). */
    public void markStatement() {
        statementStart = position();
    }

    /**
     * The row log of a data statement.
     *
     * @param sql the statement as the client sent it (Annotate_rows)
     */
    public RowLog startStatement(String sql, long timestamp, ZoneId zone, boolean annotate, String rowMetadata) {
        if (cache == null) {
            cache = binlog.service().newCache();
        }
        boolean optional = !"NO_LOG".equals(rowMetadata);
        statement = new StatementRowLog(cache, columnCache, sql, timestamp, zone, annotate, optional,
                "FULL".equals(rowMetadata));
        return statement;
    }

    /** The statement succeeded: its last rows event is written with STMT_END_F. */
    public void endStatement() {
        if (statement != null) {
            statement.finish();
            statement = null;
        }
    }

    /** The statement failed and its writes were undone: so are its events. */
    public void abortStatement() {
        statement = null;
        truncate(statementStart);
    }

    /** Whether the cache spilled to its file (clearing it then deletes the file). */
    public boolean onDisk() {
        return cache != null && cache.spilled();
    }

    /** The cache position a savepoint records. */
    public long position() {
        return cache == null ? 0 : cache.position();
    }

    /** ROLLBACK TO SAVEPOINT: drops the events after {@code position}. */
    public void truncate(long position) {
        if (cache != null && position <= cache.position()) {
            cache.truncate(position);
        }
    }

    /** The transaction's events for {@code Transaction.commit}; null when it changed no row. */
    public byte[] payload() {
        endStatement();
        return cache == null ? null : cache.payload();
    }

    /** The transaction ended (committed, rolled back, or aborted by storage): the cache starts empty again. */
    public void reset() {
        statement = null;
        statementStart = 0;
        if (cache != null) {
            cache.reset();
        }
    }

    /**
     * The commit's outcome is unknown: a spilled cache file handed to storage is kept for restart recovery.
     */
    public void abandon() {
        statement = null;
        statementStart = 0;
        if (cache != null) {
            cache.abandon();
        }
    }

    public void close() {
        if (cache != null) {
            cache.close();
            cache = null;
        }
    }
}
