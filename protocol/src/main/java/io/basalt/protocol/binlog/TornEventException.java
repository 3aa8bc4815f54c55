package io.basalt.protocol.binlog;

/**
 * The data ends inside an event (its header, or before its declared size): the tail of a file whose last write was
 * cut short by a crash. Recovery truncates the file to {@link #offset()}.
 */
public final class TornEventException extends BinlogReadException {
    private static final long serialVersionUID = 1L;

    public TornEventException(String message, long offset) {
        super(message, offset);
    }
}
