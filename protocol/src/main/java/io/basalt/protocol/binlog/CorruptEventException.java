package io.basalt.protocol.binlog;

/**
 * A complete-looking event that is wrong: a CRC32 mismatch, a size smaller than a header, a missing magic or a
 * malformed Format_description event. Unlike a torn tail this is not a normal crash artefact.
 */
public final class CorruptEventException extends BinlogReadException {
    private static final long serialVersionUID = 1L;

    public CorruptEventException(String message, long offset) {
        super(message, offset);
    }
}
