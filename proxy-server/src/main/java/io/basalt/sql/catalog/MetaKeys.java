package io.basalt.sql.catalog;

import io.basalt.storage.codec.MemComparable;
import io.basalt.storage.codec.TableKeys;
import java.nio.charset.StandardCharsets;

/**
 * Names of the catalog's metadata keys ({@link TableKeys#metaKey}). A family of keys shares a text prefix; since
 * the meta key encoding preserves byte order, a family is the key range [{@code key(prefix)},
 * {@code key(prefix with its last byte + 1)}).
 */
final class MetaKeys {
    static final String FORMAT = "schema:format";
    static final String VERSION = "schema:version";
    static final String NEXT_TABLE_ID = "schema:next_table_id";
    static final String DATABASE = "schema:db:";
    static final String TABLE = "schema:table:";
    static final String AUTO_INCREMENT = "autoinc:";
    static final String ROW_ID = "rowid:";
    static final String CLEANUP = "cleanup:";

    private MetaKeys() {
    }

    static byte[] key(String name) {
        return TableKeys.metaKey(name.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] database(String name) {
        return key(DATABASE + name);
    }

    /** Table keys are ordered by id: zero-padded so that text order is numeric order. */
    static byte[] table(long tableId) {
        return key(TABLE + String.format("%020d", tableId));
    }

    static byte[] autoIncrement(long tableId) {
        return key(AUTO_INCREMENT + tableId);
    }

    static byte[] rowId(long tableId) {
        return key(ROW_ID + tableId);
    }

    static byte[] cleanup(long seq) {
        return key(CLEANUP + String.format("%020d", seq));
    }

    /** The sequence number of a cleanup record's key. */
    static long cleanupSeq(byte[] key) {
        String name = new String(MemComparable.decodeBytes(key, 1, new int[1]), StandardCharsets.UTF_8);
        return Long.parseLong(name.substring(CLEANUP.length()));
    }

    static byte[] familyStart(String prefix) {
        return key(prefix);
    }

    static byte[] familyEnd(String prefix) {
        char last = prefix.charAt(prefix.length() - 1);
        return key(prefix.substring(0, prefix.length() - 1) + (char) (last + 1));
    }

    static byte[] longValue(long v) {
        return Long.toString(v).getBytes(StandardCharsets.US_ASCII);
    }

    static long longValue(byte[] v, long absent) {
        return v == null ? absent : Long.parseLong(new String(v, StandardCharsets.US_ASCII));
    }
}
