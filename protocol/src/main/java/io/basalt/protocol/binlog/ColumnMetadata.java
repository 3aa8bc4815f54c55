package io.basalt.protocol.binlog;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

/**
 * The per-column metadata bytes of a Table_map event. MariaDB stores a 16-bit value little-endian for VARCHAR but
 * writes byte by byte for NEWDECIMAL (precision, scale) and STRING (real type, length), so those two read as
 * big-endian.
 */
final class ColumnMetadata {
    private static final int REAL_TYPE_STRING = 0xfe;
    private static final int REAL_TYPE_ENUM = 0xf7;
    private static final int LENGTH_HIGH_BITS = 0x300;

    private ColumnMetadata() {
    }

    static void write(ByteBuf out, BinlogColumn c) {
        switch (c.type()) {
            case FLOAT -> out.writeByte(4);
            case DOUBLE -> out.writeByte(8);
            case BLOB, TIME2, DATETIME2, TIMESTAMP2 -> out.writeByte(c.meta());
            case VARCHAR -> out.writeShortLE(c.meta());
            case NEWDECIMAL -> {
                out.writeByte(c.precision());
                out.writeByte(c.scale());
            }
            case STRING -> {
                // Lengths above 255 keep their two high bits, inverted, in bits 4-5 of the real-type byte.
                out.writeByte(REAL_TYPE_STRING ^ ((c.meta() & LENGTH_HIGH_BITS) >> 4));
                out.writeByte(c.meta() & 0xff);
            }
            case ENUM -> {
                out.writeByte(REAL_TYPE_ENUM);
                out.writeByte(c.meta());
            }
            default -> {
            }
        }
    }

    static BinlogColumn read(PayloadReader in, int wireCode) {
        BinlogColumnType type = BinlogColumnType.ofWireCode(wireCode);
        int meta = switch (type) {
            case FLOAT, DOUBLE, BLOB, TIME2, DATETIME2, TIMESTAMP2 -> in.readInt1();
            case VARCHAR -> in.readInt2();
            case NEWDECIMAL -> in.readInt1() << 8 | in.readInt1();
            case STRING -> {
                int first = in.readInt1();
                int second = in.readInt1();
                if ((first & 0x30) != 0x30) {
                    yield (second | ((first & 0x30) ^ 0x30) << 4) | (first | 0x30) << 16;
                }
                yield second | first << 16;
            }
            default -> 0;
        };
        if (type == BinlogColumnType.STRING) {
            int realType = meta >> 16;
            meta &= 0xffff;
            if (realType == REAL_TYPE_ENUM) {
                type = BinlogColumnType.ENUM;
            } else if (realType != REAL_TYPE_STRING) {
                throw new MalformedPacketException("unsupported STRING real type " + realType);
            }
        }
        return new BinlogColumn(type, meta, false, false, null, 0);
    }
}
