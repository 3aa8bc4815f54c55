package io.basalt.protocol.binlog;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;
import io.basalt.protocol.codec.PayloadWriter;
import io.netty.buffer.ByteBuf;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Write_rows / Update_rows / Delete_rows events, version 1 (types 23/24/25, what MariaDB writes) with FULL row
 * images. Post-header: table id (6), flags (2). Body: column count (lenenc), the columns-present bitmap (all set),
 * for updates a second one for the after image, then the rows: per image a NULL bitmap over the present columns
 * followed by the non-NULL values ({@link RowValueCodec}). WRITE carries after images, DELETE before images, UPDATE
 * a before image followed by the after image for each row.
 *
 * @param flags {@link #STMT_END_F} on the last rows event of a statement, plus the check-suppression flags
 * @param before before images (UPDATE, DELETE), empty for WRITE
 * @param after after images (WRITE, UPDATE), empty for DELETE
 */
public record RowsEvent(BinlogEventType type, long tableId, int flags, List<BinlogColumn> columns,
        List<Object[]> before, List<Object[]> after) implements BinlogEventBody {

    /** Last rows event of the statement: replicas drop the statement's table maps after it. */
    public static final int STMT_END_F = 0x0001;
    public static final int NO_FOREIGN_KEY_CHECKS_F = 0x0002;
    public static final int RELAXED_UNIQUE_CHECKS_F = 0x0004;
    public static final int COMPLETE_ROWS_F = 0x0008;

    public RowsEvent {
        if (!type.isRows()) {
            throw new IllegalArgumentException("not a rows event type: " + type);
        }
        columns = List.copyOf(columns);
        before = List.copyOf(before);
        after = List.copyOf(after);
        boolean imagesMatchType = switch (type) {
            case WRITE_ROWS_V1 -> before.isEmpty();
            case DELETE_ROWS_V1 -> after.isEmpty();
            default -> before.size() == after.size();
        };
        if (!imagesMatchType) {
            throw new IllegalArgumentException(type + " with " + before.size() + " before and " + after.size()
                    + " after images");
        }
        for (List<Object[]> images : List.of(before, after)) {
            for (Object[] row : images) {
                if (row.length != columns.size()) {
                    throw new IllegalArgumentException(row.length + " values for " + columns.size() + " columns");
                }
            }
        }
    }

    public static RowsEvent write(long tableId, int flags, List<BinlogColumn> columns, List<Object[]> rows) {
        return new RowsEvent(BinlogEventType.WRITE_ROWS_V1, tableId, flags, columns, List.of(), rows);
    }

    public static RowsEvent delete(long tableId, int flags, List<BinlogColumn> columns, List<Object[]> rows) {
        return new RowsEvent(BinlogEventType.DELETE_ROWS_V1, tableId, flags, columns, rows, List.of());
    }

    /** Update rows: {@code before.get(i)} becomes {@code after.get(i)}. */
    public static RowsEvent update(long tableId, int flags, List<BinlogColumn> columns, List<Object[]> before,
            List<Object[]> after) {
        return new RowsEvent(BinlogEventType.UPDATE_ROWS_V1, tableId, flags, columns, before, after);
    }

    /** Number of rows (before/after pairs for updates). */
    public int rowCount() {
        return Math.max(before.size(), after.size());
    }

    @Override
    public void encode(ByteBuf out) {
        PayloadWriter.writeInt6(out, tableId);
        out.writeShortLE(flags);
        int n = columns.size();
        PayloadWriter.writeLenencInt(out, n);
        byte[] present = allPresent(n);
        out.writeBytes(present);
        if (type == BinlogEventType.UPDATE_ROWS_V1) {
            out.writeBytes(present);
        }
        for (int i = 0; i < rowCount(); i++) {
            if (!before.isEmpty()) {
                writeImage(out, before.get(i));
            }
            if (!after.isEmpty()) {
                writeImage(out, after.get(i));
            }
        }
    }

    /** Sums the images' string and blob lengths (what makes an event large), plus a few bytes per other value. */
    @Override
    public int encodedSizeHint() {
        long n = 16 + 2L * columns.size() + sizeHint(before) + sizeHint(after);
        return (int) Math.min(n, Integer.MAX_VALUE - 64);
    }

    private static long sizeHint(List<Object[]> images) {
        long n = 0;
        for (Object[] row : images) {
            for (Object v : row) {
                n += v instanceof byte[] b ? b.length + 4 : 9;
            }
        }
        return n;
    }

    /** The NULL bitmap's unused high bits are set, as MariaDB's {@code pack_row} leaves them. */
    private void writeImage(ByteBuf out, Object[] row) {
        byte[] nulls = new byte[(row.length + 7) / 8];
        Arrays.fill(nulls, (byte) 0xff);
        for (int i = 0; i < row.length; i++) {
            if (row[i] != null) {
                nulls[i / 8] &= (byte) ~(1 << (i % 8));
            }
        }
        out.writeBytes(nulls);
        for (int i = 0; i < row.length; i++) {
            if (row[i] != null) {
                RowValueCodec.write(out, row[i], columns.get(i));
            }
        }
    }

    /**
     * Reads a body (without trailer) with the columns of its table map.
     *
     * @throws MalformedPacketException if the column count differs from the table map's, an image is not FULL
     *     (MINIMAL/NOBLOB images from a MariaDB server are not decoded), or a value runs past the body
     */
    public static RowsEvent decode(BinlogEventType type, ByteBuf body, List<BinlogColumn> columns) {
        PayloadReader in = new PayloadReader(body);
        long tableId = in.readInt6();
        int flags = in.readInt2();
        long n = in.readLenencInt();
        if (n != columns.size()) {
            throw new MalformedPacketException("rows event has " + n + " columns, table map " + columns.size());
        }
        byte[] present = allPresent(columns.size());
        requireAllPresent(in.readFixedBytes(present.length), present);
        if (type == BinlogEventType.UPDATE_ROWS_V1) {
            requireAllPresent(in.readFixedBytes(present.length), present);
        }
        List<Object[]> before = new ArrayList<>();
        List<Object[]> after = new ArrayList<>();
        try {
            while (body.isReadable()) {
                if (type != BinlogEventType.WRITE_ROWS_V1) {
                    before.add(readImage(body, columns));
                }
                if (type != BinlogEventType.DELETE_ROWS_V1) {
                    after.add(readImage(body, columns));
                }
            }
        } catch (IndexOutOfBoundsException e) {
            throw new MalformedPacketException("row image runs past the end of the event");
        }
        return new RowsEvent(type, tableId, flags, columns, before, after);
    }

    private static Object[] readImage(ByteBuf in, List<BinlogColumn> columns) {
        byte[] nulls = new byte[(columns.size() + 7) / 8];
        in.readBytes(nulls);
        Object[] row = new Object[columns.size()];
        for (int i = 0; i < row.length; i++) {
            if ((nulls[i / 8] & (1 << (i % 8))) == 0) {
                row[i] = RowValueCodec.read(in, columns.get(i));
            }
        }
        return row;
    }

    private static byte[] allPresent(int n) {
        byte[] bitmap = new byte[(n + 7) / 8];
        for (int i = 0; i < n; i++) {
            bitmap[i / 8] |= (byte) (1 << (i % 8));
        }
        return bitmap;
    }

    private static void requireAllPresent(byte[] bitmap, byte[] expected) {
        if (!Arrays.equals(bitmap, expected)) {
            throw new MalformedPacketException("rows event without a FULL row image");
        }
    }
}
