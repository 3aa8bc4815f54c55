package io.basalt.protocol.binlog;

import io.basalt.protocol.codec.PayloadReader;
import io.basalt.protocol.codec.PayloadWriter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The optional metadata of a Table_map event as MariaDB 10.11 writes it with {@code binlog_row_metadata=FULL}:
 * type-length-value fields SIGNEDNESS, DEFAULT_CHARSET or COLUMN_CHARSET, COLUMN_NAME, ENUM_AND_SET_DEFAULT_CHARSET
 * or ENUM_AND_SET_COLUMN_CHARSET, ENUM_STR_VALUE, SIMPLE_PRIMARY_KEY, each only when it has content.
 *
 * @param columns the columns with signedness, charset, names and ENUM values filled in
 * @param primaryKey the SIMPLE_PRIMARY_KEY column indexes
 */
record TableMapMetadata(List<BinlogColumn> columns, List<Integer> primaryKey) {
    static final int SIGNEDNESS = 1;
    static final int DEFAULT_CHARSET = 2;
    static final int COLUMN_CHARSET = 3;
    static final int COLUMN_NAME = 4;
    static final int ENUM_STR_VALUE = 6;
    static final int SIMPLE_PRIMARY_KEY = 8;
    static final int ENUM_AND_SET_DEFAULT_CHARSET = 10;
    static final int ENUM_AND_SET_COLUMN_CHARSET = 11;

    private static final Predicate<BinlogColumn> CHARACTER = c -> c.type().isCharacter();
    private static final Predicate<BinlogColumn> ENUM = c -> c.type() == BinlogColumnType.ENUM;

    static void write(ByteBuf out, List<BinlogColumn> columns, List<Integer> primaryKey) {
        ByteBuf value = Unpooled.buffer();
        try {
            signedness(value, columns);
            field(out, SIGNEDNESS, value);
            field(out, charsets(value, columns, CHARACTER) ? COLUMN_CHARSET : DEFAULT_CHARSET, value);
            for (BinlogColumn c : columns) {
                PayloadWriter.writeLenencBytes(value, nameOf(c).getBytes(StandardCharsets.UTF_8));
            }
            field(out, COLUMN_NAME, value);
            field(out, charsets(value, columns, ENUM) ? ENUM_AND_SET_COLUMN_CHARSET : ENUM_AND_SET_DEFAULT_CHARSET,
                    value);
            for (BinlogColumn c : columns) {
                if (c.type() == BinlogColumnType.ENUM) {
                    PayloadWriter.writeLenencInt(value, c.enumValues().size());
                    for (String v : c.enumValues()) {
                        PayloadWriter.writeLenencBytes(value, v.getBytes(StandardCharsets.UTF_8));
                    }
                }
            }
            field(out, ENUM_STR_VALUE, value);
            for (int index : primaryKey) {
                PayloadWriter.writeLenencInt(value, index);
            }
            field(out, SIMPLE_PRIMARY_KEY, value);
        } finally {
            value.release();
        }
    }

    /** Writes one TLV field from {@code value} (skipped when empty) and clears {@code value}. */
    private static void field(ByteBuf out, int type, ByteBuf value) {
        if (value.isReadable()) {
            out.writeByte(type);
            PayloadWriter.writeLenencInt(out, value.readableBytes());
            out.writeBytes(value);
        }
        value.clear();
    }

    /** One bit per numeric column, most significant bit first, set for UNSIGNED. */
    private static void signedness(ByteBuf value, List<BinlogColumn> columns) {
        int bits = 0;
        int n = 0;
        for (BinlogColumn c : columns) {
            if (!c.type().isNumeric()) {
                continue;
            }
            if (c.unsigned()) {
                bits |= 0x80 >> (n % 8);
            }
            n++;
            if (n % 8 == 0) {
                value.writeByte(bits);
                bits = 0;
            }
        }
        if (n % 8 != 0) {
            value.writeByte(bits);
        }
    }

    /**
     * The collations of the {@code included} columns in whichever form is shorter by MariaDB's estimate (one byte
     * per id and index): the most used collation plus (index, id) exceptions, or one id per column.
     *
     * Writes nothing when no column is included.
     *
     * @return whether the per-column form was written
     */
    private static boolean charsets(ByteBuf value, List<BinlogColumn> columns, Predicate<BinlogColumn> included) {
        Map<Integer, Integer> counts = new TreeMap<>();
        int total = 0;
        for (BinlogColumn c : columns) {
            if (included.test(c)) {
                counts.merge(c.charsetId(), 1, Integer::sum);
                total++;
            }
        }
        if (total == 0) {
            return false;
        }
        int mostUsed = 0;
        int mostUsedCount = 0;
        for (Map.Entry<Integer, Integer> e : counts.entrySet()) {
            if (e.getValue() > mostUsedCount) {
                mostUsed = e.getKey();
                mostUsedCount = e.getValue();
            }
        }
        if (total < 1 + (total - mostUsedCount) * 2) {
            for (BinlogColumn c : columns) {
                if (included.test(c)) {
                    PayloadWriter.writeLenencInt(value, c.charsetId());
                }
            }
            return true;
        }
        PayloadWriter.writeLenencInt(value, mostUsed);
        int index = 0;
        for (BinlogColumn c : columns) {
            if (included.test(c)) {
                if (c.charsetId() != mostUsed) {
                    PayloadWriter.writeLenencInt(value, index);
                    PayloadWriter.writeLenencInt(value, c.charsetId());
                }
                index++;
            }
        }
        return false;
    }

    private static String nameOf(BinlogColumn c) {
        return c.name() == null ? "" : c.name();
    }

    /** Reads the TLV fields up to the end of {@code in}; unknown field types are skipped. */
    static TableMapMetadata read(PayloadReader in, List<BinlogColumn> columns) {
        int n = columns.size();
        boolean[] unsigned = new boolean[n];
        int[] charsets = new int[n];
        String[] names = new String[n];
        Map<Integer, List<String>> enumValues = new HashMap<>();
        List<Integer> primaryKey = new ArrayList<>();
        while (in.hasRemaining()) {
            int type = in.readInt1();
            PayloadReader value = in.readSection((int) in.readLenencInt());
            switch (type) {
                case SIGNEDNESS -> readSignedness(value, columns, unsigned);
                case DEFAULT_CHARSET, ENUM_AND_SET_DEFAULT_CHARSET ->
                        readDefaultCharsets(value, columns, type == DEFAULT_CHARSET ? CHARACTER : ENUM, charsets);
                case COLUMN_CHARSET, ENUM_AND_SET_COLUMN_CHARSET ->
                        readColumnCharsets(value, columns, type == COLUMN_CHARSET ? CHARACTER : ENUM, charsets);
                case COLUMN_NAME -> {
                    for (int i = 0; i < n; i++) {
                        names[i] = value.readLenencString();
                    }
                }
                case ENUM_STR_VALUE -> readEnumValues(value, columns, enumValues);
                case SIMPLE_PRIMARY_KEY -> {
                    while (value.hasRemaining()) {
                        primaryKey.add((int) value.readLenencInt());
                    }
                }
                default -> value.skip(value.remaining());
            }
        }
        List<BinlogColumn> result = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            BinlogColumn c = columns.get(i);
            result.add(new BinlogColumn(c.type(), c.meta(), unsigned[i], c.nullable(), names[i], charsets[i],
                    enumValues.getOrDefault(i, List.of())));
        }
        return new TableMapMetadata(result, primaryKey);
    }

    private static void readSignedness(PayloadReader value, List<BinlogColumn> columns, boolean[] unsigned) {
        byte[] bits = value.readRestBytes();
        int n = 0;
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).type().isNumeric()) {
                unsigned[i] = n / 8 < bits.length && (bits[n / 8] & (0x80 >> (n % 8))) != 0;
                n++;
            }
        }
    }

    private static void readDefaultCharsets(PayloadReader value, List<BinlogColumn> columns,
            Predicate<BinlogColumn> included, int[] charsets) {
        int fallback = (int) value.readLenencInt();
        Map<Integer, Integer> exceptions = new HashMap<>();
        while (value.hasRemaining()) {
            int index = (int) value.readLenencInt();
            exceptions.put(index, (int) value.readLenencInt());
        }
        int index = 0;
        for (int i = 0; i < columns.size(); i++) {
            if (included.test(columns.get(i))) {
                charsets[i] = exceptions.getOrDefault(index++, fallback);
            }
        }
    }

    private static void readColumnCharsets(PayloadReader value, List<BinlogColumn> columns,
            Predicate<BinlogColumn> included, int[] charsets) {
        for (int i = 0; i < columns.size(); i++) {
            if (included.test(columns.get(i))) {
                charsets[i] = (int) value.readLenencInt();
            }
        }
    }

    private static void readEnumValues(PayloadReader value, List<BinlogColumn> columns,
            Map<Integer, List<String>> enumValues) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).type() == BinlogColumnType.ENUM) {
                int count = (int) value.readLenencInt();
                List<String> values = new ArrayList<>(count);
                for (int k = 0; k < count; k++) {
                    values.add(value.readLenencString());
                }
                enumValues.put(i, values);
            }
        }
    }
}
