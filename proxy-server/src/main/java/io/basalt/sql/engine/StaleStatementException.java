package io.basalt.sql.engine;

/**
 * A DML statement's compiled plan no longer matches its table: a DDL changed the table between compilation and the
 * statement taking the table's metadata lock. The engine compiles the statement again; the client never sees this.
 */
final class StaleStatementException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    StaleStatementException() {
        super("table changed since the statement was compiled", null, false, false);
    }
}
