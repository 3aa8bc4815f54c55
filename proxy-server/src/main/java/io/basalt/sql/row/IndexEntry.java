package io.basalt.sql.row;

/**
 * One index entry to write.
 *
 * @param unique true when the key holds the index values only (a UNIQUE or PRIMARY index without a NULL key part):
 *               write it with an insert that must not find the key (a found key is a 1062 duplicate); false when
 *               the key ends with the handle, which makes it unique by itself (write it without a lock check)
 * @param value  the handle (8 bytes big-endian) for a {@code unique} entry, a one-byte marker otherwise
 */
public record IndexEntry(byte[] key, byte[] value, boolean unique) {
}
