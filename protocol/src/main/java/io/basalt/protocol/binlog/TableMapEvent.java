package io.basalt.protocol.binlog;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;
import io.basalt.protocol.codec.PayloadWriter;
import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Table_map_log_event (type 19): maps a table id to a table's name and column layout for the row events that follow
 * in the same statement. Post-header: table id (6), flags (2, MariaDB writes TM_BIT_LEN_EXACT_F = 1). Body: database
 * and table names (length byte, name, NUL), column count (lenenc), one type byte per column, the per-column
 * metadata (lenenc length first), the nullability bitmap, then, when {@code optionalMetadata}, the TLV fields
 * MariaDB writes with {@code binlog_row_metadata=FULL} (see {@link TableMapMetadata}).
 *
 * @param primaryKey indexes of the primary-key columns (SIMPLE_PRIMARY_KEY), empty when there is none
 * @param optionalMetadata whether to append the FULL optional metadata
 */
public record TableMapEvent(long tableId, String database, String table, List<BinlogColumn> columns,
        List<Integer> primaryKey, boolean optionalMetadata) implements BinlogEventBody {

    /** The only table-map flag MariaDB sets on tables without triggers. */
    public static final int TM_BIT_LEN_EXACT_F = 0x0001;

    public TableMapEvent {
        columns = List.copyOf(columns);
        primaryKey = List.copyOf(primaryKey);
    }

    /** A table map with FULL optional metadata and no primary key. */
    public TableMapEvent(long tableId, String database, String table, List<BinlogColumn> columns) {
        this(tableId, database, table, columns, List.of(), true);
    }

    @Override
    public BinlogEventType type() {
        return BinlogEventType.TABLE_MAP;
    }

    @Override
    public void encode(ByteBuf out) {
        PayloadWriter.writeInt6(out, tableId);
        out.writeShortLE(TM_BIT_LEN_EXACT_F);
        writeName(out, database);
        writeName(out, table);
        PayloadWriter.writeLenencInt(out, columns.size());
        for (BinlogColumn c : columns) {
            out.writeByte(c.type().wireCode());
        }
        int metaLengthAt = out.writerIndex();
        out.writeByte(0);
        int metaStart = out.writerIndex();
        for (BinlogColumn c : columns) {
            ColumnMetadata.write(out, c);
        }
        int metaLength = out.writerIndex() - metaStart;
        if (metaLength >= 0xfb) {
            ByteBuf meta = out.copy(metaStart, metaLength);
            out.writerIndex(metaLengthAt);
            PayloadWriter.writeLenencInt(out, metaLength);
            out.writeBytes(meta);
            meta.release();
        } else {
            out.setByte(metaLengthAt, metaLength);
        }
        byte[] nullable = new byte[(columns.size() + 7) / 8];
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).nullable()) {
                nullable[i / 8] |= (byte) (1 << (i % 8));
            }
        }
        out.writeBytes(nullable);
        if (optionalMetadata) {
            TableMapMetadata.write(out, columns, primaryKey);
        }
    }

    /**
     * Reads a body (without trailer). Without optional metadata the columns come back signed, unnamed and without
     * charset.
     */
    public static TableMapEvent decode(ByteBuf body) {
        PayloadReader in = new PayloadReader(body);
        long tableId = in.readInt6();
        in.readInt2();
        String database = readName(in);
        String table = readName(in);
        int count = (int) in.readLenencInt();
        if (count > in.remaining()) {
            throw new MalformedPacketException("column count " + count + " exceeds the body");
        }
        int[] types = new int[count];
        for (int i = 0; i < count; i++) {
            types[i] = in.readInt1();
        }
        long metaLength = in.readLenencInt();
        if (metaLength > in.remaining()) {
            throw new MalformedPacketException("metadata length " + metaLength + " exceeds the body");
        }
        PayloadReader meta = in.readSection((int) metaLength);
        List<BinlogColumn> columns = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            columns.add(ColumnMetadata.read(meta, types[i]));
        }
        byte[] nullable = in.readFixedBytes((count + 7) / 8);
        for (int i = 0; i < count; i++) {
            if ((nullable[i / 8] & (1 << (i % 8))) != 0) {
                BinlogColumn c = columns.get(i);
                columns.set(i, new BinlogColumn(c.type(), c.meta(), c.unsigned(), true, c.name(), c.charsetId(),
                        c.enumValues()));
            }
        }
        if (!in.hasRemaining()) {
            return new TableMapEvent(tableId, database, table, columns, List.of(), false);
        }
        TableMapMetadata metadata = TableMapMetadata.read(in, columns);
        return new TableMapEvent(tableId, database, table, metadata.columns(), metadata.primaryKey(), true);
    }

    private static void writeName(ByteBuf out, String name) {
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > 255) {
            throw new IllegalArgumentException("name longer than 255 bytes: " + name);
        }
        out.writeByte(bytes.length);
        out.writeBytes(bytes);
        out.writeByte(0);
    }

    private static String readName(PayloadReader in) {
        String name = in.readFixedString(in.readInt1());
        in.skip(1);
        return name;
    }
}
