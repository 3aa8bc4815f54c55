package io.basalt.sql.row;

import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.storage.codec.IndexValueEncoder;
import io.basalt.storage.codec.KeyBuilder;
import io.basalt.storage.codec.MemComparable;
import io.basalt.storage.codec.TableKeys;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;

/**
 * Index entries: {@code t{table}_i{index}{values}[handle]} with storage's typed memcomparable value encoding, so
 * that byte order of keys is the SQL order of the key values (NULL first).
 *
 * <p>Value encoding per column type: signed integers and YEAR {@code putSigned}, unsigned {@code putUnsigned},
 * DECIMAL {@code putDecimal}, FLOAT/DOUBLE {@code putDouble}, strings under a case-insensitive collation
 * {@code putStringCi} (so 'a' = 'A' = 'a '), under a binary collation {@code putBinary} of the UTF-8 bytes with
 * trailing spaces removed (utf8mb4_bin is PAD SPACE), binary strings {@code putBinary} of the bytes, DATE
 * {@code putDate}, DATETIME/TIMESTAMP {@code putDateTime}, TIME {@code putTimeMicros}. A prefix key part keeps the
 * first n characters (bytes for binary strings). ENUM values are indexed by label under their collation, so an
 * ENUM index is in label order, not MySQL's ordinal order: do not use one to satisfy an ORDER BY.
 *
 * <p>Scans: for an index (a, b, c), {@code [lowerBound(t, i, {x}, true), upperBound(t, i, {y}, true))} is
 * {@code x <= a <= y}; {@code [lowerBound(t, i, {x, p}, false), upperBound(t, i, {x}, true))} is
 * {@code a = x AND b > p}; {@code seekKey(t, i, {x})} with {@link TableKeys#prefixEnd} is {@code a = x}. A bound
 * without values is the start or end of the whole index. Entries with NULL sort first; use
 * {@link #lowerBoundAfterNulls} for {@code a < y} to skip them. A range over a prefix key part
 * can only be approximated by the key, so exclusive bounds on such a part are widened to inclusive ones and the
 * caller must re-check the condition on the row ({@link #isExact}).
 *
 * <p>Values passed in must already be in the column type's value model (a Long for an INT column...).
 * Stateless and thread-safe.
 */
public final class IndexKeys {
    private static final byte[] NON_UNIQUE_MARKER = {'0'};
    private static final int MAX_DUPLICATE_TEXT_BYTES = 64;
    private static final int TRUNCATED_DUPLICATE_TEXT_BYTES = 61;

    private IndexKeys() {
    }

    /**
     * The entry of {@code row} (values in table column order) with {@code handle} in {@code index}, which must
     * have entries ({@link TableDef#hasIndexEntries}).
     */
    public static IndexEntry entry(TableDef table, IndexDef index, Object[] row, long handle) {
        KeyBuilder b = TableKeys.indexKeyBuilder(table.id(), index.id());
        IndexValueEncoder enc = new IndexValueEncoder(b);
        boolean hasNull = false;
        for (IndexDef.KeyPart part : index.columns()) {
            int pos = table.columnIndexById(part.columnId());
            Object v = row[pos];
            hasNull |= v == null;
            put(enc, table.columns().get(pos), part.prefixLength(), v);
        }
        if (index.unique() && !hasNull) {
            return new IndexEntry(b.toBytes(), handleBytes(handle), true);
        }
        MemComparable.encodeInt64(b, handle);
        return new IndexEntry(b.toBytes(), NON_UNIQUE_MARKER, false);
    }

    /**
     * The key prefix of entries whose first {@code leadingValues.length} key parts equal {@code leadingValues}.
     * For a unique index given all its parts without NULL, this is the whole key of the one matching entry, whose
     * value is the handle.
     */
    public static byte[] seekKey(TableDef table, IndexDef index, Object[] leadingValues) {
        return encodePrefix(table, index, leadingValues).toBytes();
    }

    /**
     * Inclusive start key of entries whose first n parts are {@code >= values} ({@code inclusive}) or
     * {@code > values}; n = {@code values.length}, all but the last part compared for equality.
     */
    public static byte[] lowerBound(TableDef table, IndexDef index, Object[] values, boolean inclusive) {
        byte[] prefix = seekKey(table, index, values);
        return inclusive || widened(table, index, values) ? prefix : TableKeys.prefixEnd(prefix);
    }

    /**
     * Exclusive end key of entries whose first n parts are {@code <= values} ({@code inclusive}) or
     * {@code < values}; with no values, the end of the index.
     */
    public static byte[] upperBound(TableDef table, IndexDef index, Object[] values, boolean inclusive) {
        byte[] prefix = seekKey(table, index, values);
        return inclusive || widened(table, index, values) ? TableKeys.prefixEnd(prefix) : prefix;
    }

    /** Start key after the entries whose part n+1 is NULL, n = {@code equalPrefix.length}. */
    public static byte[] lowerBoundAfterNulls(TableDef table, IndexDef index, Object[] equalPrefix) {
        KeyBuilder b = encodePrefix(table, index, equalPrefix);
        b.put(IndexValueEncoder.NULL_FLAG);
        return TableKeys.prefixEnd(b.toBytes());
    }

    /**
     * Whether key order and equality of part {@code part} are exactly the column's comparison under its collation;
     * false for a prefix part, whose conditions must be re-checked on the row. (Keys never give back column values:
     * a case-insensitive string is stored as its sort key, so read the row for values.)
     */
    public static boolean isExact(IndexDef index, int part) {
        return index.columns().get(part).prefixLength() == 0;
    }

    /** The handle an entry points to. */
    public static long handleOf(IndexDef index, byte[] key, byte[] value) {
        if (value.length == 8) {
            return MemComparable.readLong(value, 0);
        }
        return MemComparable.decodeInt64(key, key.length - 8);
    }

    /**
     * MariaDB's key text in "Duplicate entry '%s' for key '%s'": the key part values joined by '-', prefix parts
     * cut to their prefix, bytes outside printable ASCII of binary values as {@code \xHH}, and the whole cut to 61
     * bytes plus "..." when longer than 64 bytes.
     */
    public static String duplicateEntryText(TableDef table, IndexDef index, Object[] row) {
        StringBuilder sb = new StringBuilder();
        List<IndexDef.KeyPart> parts = index.columns();
        for (int i = 0; i < parts.size(); i++) {
            if (i > 0) {
                sb.append('-');
            }
            IndexDef.KeyPart part = parts.get(i);
            int pos = table.columnIndexById(part.columnId());
            ColumnDef c = table.columns().get(pos);
            Object v = prefix(row[pos], part.prefixLength());
            if (v == null) {
                sb.append("NULL");
            } else if (v instanceof byte[] bytes) {
                appendEscaped(sb, bytes);
            } else {
                sb.append(ValueText.format(c, v));
            }
        }
        return truncate(sb.toString());
    }

    /** The key name in MariaDB's 1062 message: {@code PRIMARY} or the index name. */
    public static String keyNameForError(TableDef table, IndexDef index) {
        return index.kind() == IndexDef.Kind.PRIMARY ? "PRIMARY" : index.name();
    }

    private static KeyBuilder encodePrefix(TableDef table, IndexDef index, Object[] values) {
        if (values.length > index.columns().size()) {
            throw new IllegalArgumentException("index " + index.name() + " has " + index.columns().size()
                    + " key parts, got " + values.length + " values");
        }
        KeyBuilder b = TableKeys.indexKeyBuilder(table.id(), index.id());
        IndexValueEncoder enc = new IndexValueEncoder(b);
        for (int i = 0; i < values.length; i++) {
            IndexDef.KeyPart part = index.columns().get(i);
            put(enc, table.columnById(part.columnId()), part.prefixLength(), values[i]);
        }
        return b;
    }

    /** An exclusive bound on a lossy last part must include the values equal under the key. */
    private static boolean widened(TableDef table, IndexDef index, Object[] values) {
        if (values.length == 0) {
            return false;
        }
        IndexDef.KeyPart p = index.columns().get(values.length - 1);
        return p.prefixLength() > 0;
    }

    private static void put(IndexValueEncoder enc, ColumnDef c, int prefixLength, Object value) {
        Object v = prefix(value, prefixLength);
        if (v == null) {
            enc.putNull();
            return;
        }
        checkKind(c, v);
        if (v instanceof Long l) {
            if (c.type().unsigned()) {
                enc.putUnsigned(l);
            } else {
                enc.putSigned(l);
            }
        } else if (v instanceof String s) {
            if (c.caseInsensitive()) {
                enc.putStringCi(s);
            } else {
                enc.putBinary(stripTrailingSpaces(s).getBytes(StandardCharsets.UTF_8));
            }
        } else if (v instanceof byte[] bytes) {
            enc.putBinary(bytes);
        } else if (v instanceof BigDecimal d) {
            enc.putDecimal(d);
        } else if (v instanceof Double d) {
            enc.putDouble(d);
        } else if (v instanceof LocalDateTime dt) {
            enc.putDateTime(dt);
        } else if (v instanceof LocalDate d) {
            enc.putDate(d);
        } else if (v instanceof Duration d) {
            enc.putTimeMicros(d.getSeconds() * 1_000_000L + d.getNano() / 1_000);
        } else {
            throw new IllegalArgumentException("column " + c.name() + " (" + c.type().kind()
                    + ") cannot index a " + v.getClass().getSimpleName());
        }
    }

    private static void checkKind(ColumnDef c, Object v) {
        Class<?> expected = RowCodec.valueClass(c.type().kind());
        if (expected != v.getClass()) {
            throw new IllegalArgumentException("column " + c.name() + " takes " + expected.getSimpleName()
                    + ", got " + v.getClass().getSimpleName());
        }
    }

    private static Object prefix(Object v, int prefixLength) {
        if (prefixLength <= 0 || v == null) {
            return v;
        }
        if (v instanceof String s) {
            return s.codePointCount(0, s.length()) <= prefixLength ? s
                    : s.substring(0, s.offsetByCodePoints(0, prefixLength));
        }
        if (v instanceof byte[] b) {
            return b.length <= prefixLength ? b : Arrays.copyOf(b, prefixLength);
        }
        return v;
    }

    private static String stripTrailingSpaces(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return end == s.length() ? s : s.substring(0, end);
    }

    private static byte[] handleBytes(long handle) {
        byte[] out = new byte[8];
        for (int i = 7; i >= 0; i--) {
            out[i] = (byte) handle;
            handle >>>= 8;
        }
        return out;
    }

    private static void appendEscaped(StringBuilder sb, byte[] bytes) {
        for (byte x : bytes) {
            int u = x & 0xFF;
            if (u >= 0x20 && u < 0x7F) {
                sb.append((char) u);
            } else {
                sb.append("\\x").append(Character.toUpperCase(Character.forDigit(u >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(u & 0xF, 16)));
            }
        }
    }

    private static String truncate(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        if (utf8.length <= MAX_DUPLICATE_TEXT_BYTES) {
            return text;
        }
        int end = TRUNCATED_DUPLICATE_TEXT_BYTES;
        while (end > 0 && (utf8[end] & 0xC0) == 0x80) {
            end--; // do not split a character
        }
        return new String(utf8, 0, end, StandardCharsets.UTF_8) + "...";
    }
}
