package io.basalt.protocol.error;

/**
 * An error the client receives as an ERR packet: MySQL error code, SQLSTATE and message. Thrown anywhere between the
 * command dispatcher and the storage glue; the connection handler turns it into the ERR packet. Unchecked so that
 * expression evaluation and row iteration can raise it without plumbing.
 */
public class MySqlException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int code;
    private final String sqlState;

    public MySqlException(ErrorCode error, Object... args) {
        this(error.code(), error.sqlState(), error.format(args), null);
    }

    public MySqlException(Throwable cause, ErrorCode error, Object... args) {
        this(error.code(), error.sqlState(), error.format(args), cause);
    }

    public MySqlException(int code, String sqlState, String message, Throwable cause) {
        super(message, cause, false, cause != null);
        this.code = code;
        this.sqlState = sqlState;
    }

    public int code() {
        return code;
    }

    public String sqlState() {
        return sqlState;
    }
}
