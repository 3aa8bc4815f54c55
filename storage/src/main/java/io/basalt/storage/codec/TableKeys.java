package io.basalt.storage.codec;

/**
 * The logical key space, TiDB-like: {@code t{tableId}_r{handle}} for rows, {@code t{tableId}_i{indexId}{values}[handle]}
 * for index entries, {@code t{tableId}_l{handle}{columnId}} for a row's large column values stored apart from it,
 * {@code m{name}} for catalog metadata. Ids and handles are memcomparable signed 64-bit integers.
 */
public final class TableKeys {
    public static final byte TABLE_PREFIX = 't';
    public static final byte META_PREFIX = 'm';
    /** Bytes of a row key: prefix, table id, separator, handle. */
    public static final int ROW_KEY_LENGTH = 19;
    private static final byte[] ROW_SEP = {'_', 'r'};
    private static final byte[] INDEX_SEP = {'_', 'i'};
    private static final byte[] LOB_SEP = {'_', 'l'};

    private TableKeys() {
    }

    public static byte[] rowKey(long tableId, long handle) {
        KeyBuilder b = new KeyBuilder(ROW_KEY_LENGTH);
        rowPrefixInto(b, tableId);
        MemComparable.encodeInt64(b, handle);
        return b.toBytes();
    }

    public static long decodeHandle(byte[] rowKey) {
        return MemComparable.decodeInt64(rowKey, rowKey.length - 8);
    }

    /** Inclusive start of the row range of a table. */
    public static byte[] rowPrefix(long tableId) {
        KeyBuilder b = new KeyBuilder(11);
        rowPrefixInto(b, tableId);
        return b.toBytes();
    }

    /** Exclusive end of the row range of a table. */
    public static byte[] rowRangeEnd(long tableId) {
        return prefixEnd(rowPrefix(tableId));
    }

    /** The key of column {@code columnId}'s value of row {@code handle} when the row stores it apart. */
    public static byte[] lobKey(long tableId, long handle, long columnId) {
        KeyBuilder b = new KeyBuilder(27);
        lobPrefixInto(b, tableId);
        MemComparable.encodeInt64(b, handle);
        MemComparable.encodeInt64(b, columnId);
        return b.toBytes();
    }

    /** Inclusive start of the range of a table's separately stored column values. */
    public static byte[] lobPrefix(long tableId) {
        KeyBuilder b = new KeyBuilder(11);
        lobPrefixInto(b, tableId);
        return b.toBytes();
    }

    /** Exclusive end of the range of a table's separately stored column values. */
    public static byte[] lobRangeEnd(long tableId) {
        return prefixEnd(lobPrefix(tableId));
    }

    public static byte[] indexPrefix(long tableId, long indexId) {
        KeyBuilder b = new KeyBuilder(32);
        indexPrefixInto(b, tableId, indexId);
        return b.toBytes();
    }

    public static byte[] indexRangeEnd(long tableId, long indexId) {
        return prefixEnd(indexPrefix(tableId, indexId));
    }

    /** Starts an index key; append values with {@link IndexValueEncoder} and optionally the handle. */
    public static KeyBuilder indexKeyBuilder(long tableId, long indexId) {
        KeyBuilder b = new KeyBuilder(48);
        indexPrefixInto(b, tableId, indexId);
        return b;
    }

    public static byte[] tablePrefix(long tableId) {
        KeyBuilder b = new KeyBuilder(9);
        b.put(TABLE_PREFIX);
        MemComparable.encodeInt64(b, tableId);
        return b.toBytes();
    }

    public static byte[] metaKey(byte[] name) {
        KeyBuilder b = new KeyBuilder(name.length + 10);
        b.put(META_PREFIX);
        MemComparable.encodeBytes(b, name);
        return b.toBytes();
    }

    /** The smallest key greater than every key starting with {@code prefix}. */
    public static byte[] prefixEnd(byte[] prefix) {
        byte[] end = prefix.clone();
        for (int i = end.length - 1; i >= 0; i--) {
            if (end[i] != (byte) 0xFF) {
                end[i]++;
                return java.util.Arrays.copyOf(end, i + 1);
            }
        }
        throw new IllegalArgumentException("prefix has no successor");
    }

    private static void rowPrefixInto(KeyBuilder b, long tableId) {
        b.put(TABLE_PREFIX);
        MemComparable.encodeInt64(b, tableId);
        b.put(ROW_SEP);
    }

    private static void lobPrefixInto(KeyBuilder b, long tableId) {
        b.put(TABLE_PREFIX);
        MemComparable.encodeInt64(b, tableId);
        b.put(LOB_SEP);
    }

    private static void indexPrefixInto(KeyBuilder b, long tableId, long indexId) {
        b.put(TABLE_PREFIX);
        MemComparable.encodeInt64(b, tableId);
        b.put(INDEX_SEP);
        MemComparable.encodeInt64(b, indexId);
    }
}
