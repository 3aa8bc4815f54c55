package io.basalt.protocol.binlog;

/** An event that cannot be read; {@link #offset()} is the file offset where it starts (the last good end). */
public abstract sealed class BinlogReadException extends RuntimeException
        permits TornEventException, CorruptEventException {
    private static final long serialVersionUID = 1L;
    private final long offset;

    BinlogReadException(String message, long offset) {
        super(message + " at offset " + offset);
        this.offset = offset;
    }

    /** File offset of the first byte of the unreadable event. */
    public long offset() {
        return offset;
    }
}
