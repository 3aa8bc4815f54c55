package io.basalt.protocol.result;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;
import io.basalt.protocol.codec.PayloadWriter;
import io.basalt.protocol.constants.FieldType;
import io.netty.buffer.ByteBuf;

/**
 * Protocol::ColumnDefinition41: catalog "def", schema, table, org_table, name, org_name (length-encoded strings),
 * the 0x0C length of the fixed fields, collation (2), column length (4), type (1), flags (2), decimals (1), and two
 * filler bytes.
 */
public final class ColumnDefinitionCodec {
    private static final String CATALOG = "def";
    private static final int FIXED_FIELDS_LENGTH = 0x0c;

    private ColumnDefinitionCodec() {
    }

    public static void encode(ByteBuf out, ColumnDefinition column) {
        PayloadWriter.writeLenencString(out, CATALOG);
        PayloadWriter.writeLenencString(out, column.schema());
        PayloadWriter.writeLenencString(out, column.table());
        PayloadWriter.writeLenencString(out, column.orgTable());
        PayloadWriter.writeLenencString(out, column.name());
        PayloadWriter.writeLenencString(out, column.orgName());
        PayloadWriter.writeLenencInt(out, FIXED_FIELDS_LENGTH);
        PayloadWriter.writeInt2(out, column.collationId());
        PayloadWriter.writeInt4(out, column.columnLength());
        PayloadWriter.writeInt1(out, column.type().code());
        PayloadWriter.writeInt2(out, column.flags());
        PayloadWriter.writeInt1(out, column.decimals());
        out.writeZero(2);
    }

    /**
     * A column definition as a COM_FIELD_LIST response carries it: the definition followed by the column's default
     * value as a length-encoded string, or 0xFB when it has none.
     */
    public static void encodeFieldList(ByteBuf out, ColumnDefinition column, String defaultValue) {
        encode(out, column);
        if (defaultValue == null) {
            PayloadWriter.writeLenencNull(out);
        } else {
            PayloadWriter.writeLenencString(out, defaultValue);
        }
    }

    /** Parses a ColumnDefinition41 the way a client does (the catalog is dropped); used by tests and tools. */
    public static ColumnDefinition decode(ByteBuf payload) {
        PayloadReader r = new PayloadReader(payload);
        r.readLenencString();
        String schema = r.readLenencString();
        String table = r.readLenencString();
        String orgTable = r.readLenencString();
        String name = r.readLenencString();
        String orgName = r.readLenencString();
        if (r.readLenencInt() != FIXED_FIELDS_LENGTH) {
            throw new MalformedPacketException("column definition fixed-field length is not 0x0c");
        }
        int collation = r.readInt2();
        long length = r.readInt4();
        int typeCode = r.readInt1();
        FieldType type = FieldType.ofCode(typeCode);
        if (type == null) {
            throw new MalformedPacketException("unknown field type 0x" + Integer.toHexString(typeCode));
        }
        int flags = r.readInt2();
        int decimals = r.readInt1();
        r.skip(2);
        return new ColumnDefinition(schema, table, orgTable, name, orgName, collation, length, type, flags, decimals);
    }
}
