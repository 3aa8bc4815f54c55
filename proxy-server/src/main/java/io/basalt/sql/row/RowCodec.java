package io.basalt.sql.row;

import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.type.TypeKind;
import io.basalt.storage.concurrency.NoWaitScope;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The stored form of a row (the value under {@code t{table}_r{handle}}).
 *
 * <p>Format: a version byte, then one entry per column, each a varint header {@code columnId << 4 | tag} followed
 * by the value in the tag's encoding: NULL (nothing), signed integer (zig-zag varint), unsigned integer (varint
 * of the 64 bits), double (8 bytes, raw IEEE bits), decimal (zig-zag varint scale, varint length, two's
 * complement unscaled bytes), string (varint length, UTF-8), bytes (varint length, bytes), date (zig-zag varint
 * epoch day), datetime (zig-zag varint epoch microseconds, UTC arithmetic), time (zig-zag varint microseconds),
 * off-row (varint tag of the value, string or bytes, then varint length).
 *
 * <p>A string or binary value of {@value #OFF_ROW_THRESHOLD} bytes or more is kept off-row, as InnoDB keeps long
 * columns on overflow pages: the row holds only its tag and length, the bytes go under their own key
 * ({@code TableKeys.lobKey}). An UPDATE that leaves such a column alone then rewrites a small row, not the column
 * (a counter next to a 100 MiB LONGTEXT costs a counter's write), and every reader of the row fetches the value
 * through an {@link OffRowReader} at the row's version.
 *
 * <p>Values are keyed by column id and self-delimiting, so a column added later decodes to its
 * {@link ColumnDef#originDefault()} in older rows and a dropped column's value is skipped: neither needs a rewrite.
 *
 * <p>Encoding sizes the output first (encoding strings to UTF-8 on the way, except off-row values a rewritten row
 * keeps) and fills one exactly sized array;
 * decoding allocates only the result array and the values. An instance is immutable and thread-safe; {@link #of} caches one per table definition.
 */
public final class RowCodec {
    private static final byte VERSION = 1;
    private static final int NULL = 0;
    private static final int INT = 1;
    private static final int UINT = 2;
    private static final int DOUBLE = 3;
    private static final int DECIMAL = 4;
    private static final int STRING = 5;
    private static final int BYTES = 6;
    private static final int DATE = 7;
    private static final int DATETIME = 8;
    private static final int TIME = 9;
    private static final int OFF_ROW = 10;
    private static final int TAG_BITS = 4;
    /** Encoded size from which a string or binary value is stored off-row: InnoDB's half of a 16 KiB page. */
    public static final int OFF_ROW_THRESHOLD = 8192;
    /** Off-row values from this size on are read only off the Netty event loops ({@link NoWaitScope}). */
    static final int EVENT_LOOP_VALUE_LIMIT = 256 * 1024;

    /** Codecs by table id modulo the size; a collision only costs rebuilding a codec. */
    private static final AtomicReferenceArray<RowCodec> CACHE = new AtomicReferenceArray<>(4096);

    private final TableDef table;
    private final int[] ids;
    private final boolean[] unsigned;
    private final Class<?>[] classes;
    /** Position of each column id in the row, -1 for ids of dropped columns. */
    private final int[] positionById;
    private final Object[] missing;

    private RowCodec(TableDef table) {
        this.table = table;
        int n = table.columns().size();
        ids = new int[n];
        unsigned = new boolean[n];
        classes = new Class<?>[n];
        missing = new Object[n];
        int maxId = 0;
        for (int i = 0; i < n; i++) {
            ColumnDef c = table.columns().get(i);
            ids[i] = c.id();
            unsigned[i] = c.type().unsigned();
            classes[i] = valueClass(c.type().kind());
            missing[i] = c.originDefault();
            maxId = Math.max(maxId, c.id());
        }
        positionById = new int[maxId + 1];
        Arrays.fill(positionById, -1);
        for (int i = 0; i < n; i++) {
            positionById[ids[i]] = i;
        }
    }

    /** The codec of a table definition (cached without allocating; a new definition after DDL gets a new codec). */
    public static RowCodec of(TableDef table) {
        int slot = (int) (table.id() & (CACHE.length() - 1));
        RowCodec c = CACHE.get(slot);
        if (c == null || c.table != table) {
            c = new RowCodec(table);
            CACHE.set(slot, c);
        }
        return c;
    }

    public static EncodedRow encode(TableDef table, Object[] row) {
        return of(table).encode(row);
    }

    /** A new version of the stored row {@code stored}: see {@link #encode(Object[], Object[], OffRowColumns)}. */
    public static EncodedRow encode(TableDef table, Object[] row, Object[] stored, OffRowColumns storedOffRow) {
        return of(table).encode(row, stored, storedOffRow);
    }

    public static DecodedRow decode(TableDef table, byte[] value, OffRowReader offRow) {
        return of(table).decode(value, offRow);
    }

    /** The Java class of a value of the kind, as {@link io.basalt.sql.type.SqlType} documents. */
    static Class<?> valueClass(TypeKind kind) {
        return switch (kind.category()) {
            case INTEGER -> Long.class;
            case DECIMAL -> BigDecimal.class;
            case FLOATING -> Double.class;
            case STRING -> String.class;
            case BINARY -> byte[].class;
            case TEMPORAL -> switch (kind) {
                case DATE -> LocalDate.class;
                case TIME -> Duration.class;
                default -> LocalDateTime.class;
            };
            case NULL -> Void.class;
        };
    }

    /**
     * Encodes {@code row}, whose values are in the table's column order and in the value model of each column's
     * type.
     *
     * @throws IllegalArgumentException a value of the wrong class or a row of the wrong length
     */
    public EncodedRow encode(Object[] row) {
        return encode(row, null, OffRowColumns.NONE);
    }

    /**
     * Encodes {@code row} as a new version of a stored row whose decoded values are {@code stored} (null for none)
     * and whose off-row columns are {@code storedOffRow}. A value that is the very object the stored row decoded
     * to, kept off-row, is referenced by its stored length without being encoded again, and comes back as a
     * {@linkplain EncodedRow.OffRowValue#kept() kept} value: an UPDATE that leaves a 100 MiB LONGTEXT alone does
     * not re-encode it.
     *
     * @throws IllegalArgumentException a value of the wrong class or a row of the wrong length
     */
    public EncodedRow encode(Object[] row, Object[] stored, OffRowColumns storedOffRow) {
        if (row.length != ids.length) {
            throw new IllegalArgumentException("row has " + row.length + " values, table " + table.name() + " has "
                    + ids.length + " columns");
        }
        // strings are encoded once, while sizing: the JDK's UTF-8 encoder is vectorised, which a 100 MiB LONGTEXT feels
        byte[][] bytes = new byte[row.length][];
        long[] keptLengths = storedOffRow.isEmpty() ? null : new long[row.length];
        int size = 1;
        for (int i = 0; i < row.length; i++) {
            long kept = stored == null || row[i] == null || row[i] != stored[i] ? -1
                    : storedOffRow.storedLength(ids[i]);
            if (kept > 0) {
                keptLengths[i] = kept;
                size += varintSize((long) ids[i] << TAG_BITS) + 1 + varintSize(kept);
            } else {
                size += sizeOf(i, row[i], bytes);
            }
        }
        byte[] out = new byte[size];
        out[0] = VERSION;
        int pos = 1;
        List<EncodedRow.OffRowValue> offRow = List.of();
        for (int i = 0; i < row.length; i++) {
            boolean kept = keptLengths != null && keptLengths[i] > 0;
            if (!kept && !isOffRow(bytes[i])) {
                pos = write(out, pos, i, row[i], bytes[i]);
                continue;
            }
            pos = putVarint(out, pos, (long) ids[i] << TAG_BITS | OFF_ROW);
            pos = putVarint(out, pos, row[i] instanceof String ? STRING : BYTES);
            pos = putVarint(out, pos, kept ? keptLengths[i] : bytes[i].length);
            if (offRow.isEmpty()) {
                offRow = new ArrayList<>(2);
            }
            offRow.add(new EncodedRow.OffRowValue(ids[i], bytes[i]));
        }
        return new EncodedRow(out, offRow);
    }

    /** Whether the bytes of a string or binary value (null for other values) are stored off-row. */
    private static boolean isOffRow(byte[] bytes) {
        return bytes != null && bytes.length >= OFF_ROW_THRESHOLD;
    }

    /** Size of column {@code i}'s entry; a string's UTF-8 or a binary value is left in {@code bytes[i]}. */
    private int sizeOf(int i, Object v, byte[][] bytes) {
        long id = ids[i];
        if (v == null) {
            return varintSize(id << TAG_BITS);
        }
        if (v.getClass() != classes[i]) {
            throw new IllegalArgumentException("column " + table.columns().get(i).name() + " of " + table.name()
                    + " takes " + classes[i].getSimpleName() + ", got " + v.getClass().getSimpleName());
        }
        int header = varintSize(id << TAG_BITS);
        if (v instanceof Long l) {
            return header + varintSize(unsigned[i] ? l : zigzag(l));
        } else if (v instanceof String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            bytes[i] = b;
            return header + varintSize(b.length) + (isOffRow(b) ? 1 : b.length);
        } else if (v instanceof BigDecimal d) {
            int len = (d.unscaledValue().bitLength() >> 3) + 1;
            return header + varintSize(zigzag(d.scale())) + varintSize(len) + len;
        } else if (v instanceof Double) {
            return header + 8;
        } else if (v instanceof byte[] b) {
            bytes[i] = b;
            return header + varintSize(b.length) + (isOffRow(b) ? 1 : b.length);
        } else if (v instanceof LocalDate d) {
            return header + varintSize(zigzag(d.toEpochDay()));
        } else if (v instanceof LocalDateTime d) {
            return header + varintSize(zigzag(micros(d)));
        } else {
            return header + varintSize(zigzag(micros((Duration) v)));
        }
    }

    private int write(byte[] out, int pos, int i, Object v, byte[] utf8) {
        long id = ids[i];
        if (v == null) {
            return putVarint(out, pos, id << TAG_BITS | NULL);
        }
        if (v instanceof Long l) {
            boolean u = unsigned[i];
            pos = putVarint(out, pos, id << TAG_BITS | (u ? UINT : INT));
            return putVarint(out, pos, u ? l : zigzag(l));
        } else if (v instanceof String) {
            pos = putVarint(out, pos, id << TAG_BITS | STRING);
            pos = putVarint(out, pos, utf8.length);
            System.arraycopy(utf8, 0, out, pos, utf8.length);
            return pos + utf8.length;
        } else if (v instanceof BigDecimal d) {
            pos = putVarint(out, pos, id << TAG_BITS | DECIMAL);
            pos = putVarint(out, pos, zigzag(d.scale()));
            byte[] unscaled = d.unscaledValue().toByteArray();
            // sizeOf reserved bitLength/8+1 bytes, which is what toByteArray returns
            pos = putVarint(out, pos, unscaled.length);
            System.arraycopy(unscaled, 0, out, pos, unscaled.length);
            return pos + unscaled.length;
        } else if (v instanceof Double d) {
            pos = putVarint(out, pos, id << TAG_BITS | DOUBLE);
            long bits = Double.doubleToRawLongBits(d);
            for (int k = 7; k >= 0; k--) {
                out[pos++] = (byte) (bits >>> (k * 8));
            }
            return pos;
        } else if (v instanceof byte[] b) {
            pos = putVarint(out, pos, id << TAG_BITS | BYTES);
            pos = putVarint(out, pos, b.length);
            System.arraycopy(b, 0, out, pos, b.length);
            return pos + b.length;
        } else if (v instanceof LocalDate d) {
            pos = putVarint(out, pos, id << TAG_BITS | DATE);
            return putVarint(out, pos, zigzag(d.toEpochDay()));
        } else if (v instanceof LocalDateTime d) {
            pos = putVarint(out, pos, id << TAG_BITS | DATETIME);
            return putVarint(out, pos, zigzag(micros(d)));
        } else {
            pos = putVarint(out, pos, id << TAG_BITS | TIME);
            return putVarint(out, pos, zigzag(micros((Duration) v)));
        }
    }

    /**
     * Decodes a stored row into the table's column order, fetching off-row values from {@code offRow}. Columns the
     * row does not hold (added after it was written) get their origin default; values of dropped columns are
     * skipped (an off-row one is not fetched, but its id is reported).
     *
     * @throws IllegalStateException an off-row value is missing or of the wrong length
     */
    public DecodedRow decode(byte[] value, OffRowReader offRow) {
        if (value.length == 0 || value[0] != VERSION) {
            throw new IllegalArgumentException("not a row of format " + VERSION + " (table " + table.name() + ")");
        }
        Object[] row = missing.clone();
        int[] offRowIds = null;
        long[] offRowLengths = null;
        int offRowCount = 0;
        int[] pos = {1};
        while (pos[0] < value.length) {
            long header = readVarint(value, pos);
            int tag = (int) (header & ((1 << TAG_BITS) - 1));
            long id = header >>> TAG_BITS;
            int at = id < positionById.length ? positionById[(int) id] : -1;
            if (tag == OFF_ROW) {
                int valueTag = (int) readVarint(value, pos);
                long length = readVarint(value, pos);
                if (offRowIds == null) {
                    offRowIds = new int[ids.length + 1];
                    offRowLengths = new long[ids.length + 1];
                } else if (offRowCount == offRowIds.length) {
                    offRowIds = Arrays.copyOf(offRowIds, offRowCount * 2);
                    offRowLengths = Arrays.copyOf(offRowLengths, offRowCount * 2);
                }
                offRowLengths[offRowCount] = length;
                offRowIds[offRowCount++] = (int) id;
                if (at >= 0) {
                    row[at] = readOffRow(offRow, (int) id, valueTag, length);
                }
                continue;
            }
            Object v = readValue(value, pos, tag);
            if (at >= 0) {
                row[at] = v;
            }
        }
        return new DecodedRow(row, offRowIds == null ? OffRowColumns.NONE
                : OffRowColumns.of(offRowIds, offRowLengths, offRowCount));
    }

    private Object readOffRow(OffRowReader reader, int columnId, int valueTag, long length) {
        if (length >= EVENT_LOOP_VALUE_LIMIT) {
            // copying, decoding and logging it takes milliseconds that the event loop's other connections would wait
            NoWaitScope.refuse("an off-row value of " + length + " bytes");
        }
        byte[] b = reader.read(columnId);
        if (b == null || b.length != length) {
            throw new IllegalStateException("a row of table " + table.name() + " keeps " + length + " bytes of column "
                    + "id " + columnId + " off-row, but " + (b == null ? "none are" : b.length + " are") + " stored");
        }
        return switch (valueTag) {
            case STRING -> new String(b, StandardCharsets.UTF_8);
            case BYTES -> b.clone();
            default -> throw new IllegalArgumentException("corrupt row: off-row value with tag " + valueTag);
        };
    }

    private static Object readValue(byte[] in, int[] pos, int tag) {
        switch (tag) {
            case NULL:
                return null;
            case INT:
                return unzigzag(readVarint(in, pos));
            case UINT:
                return readVarint(in, pos);
            case DOUBLE: {
                long bits = 0;
                int p = pos[0];
                for (int k = 0; k < 8; k++) {
                    bits = (bits << 8) | (in[p + k] & 0xFF);
                }
                pos[0] = p + 8;
                return Double.longBitsToDouble(bits);
            }
            case DECIMAL: {
                int scale = (int) unzigzag(readVarint(in, pos));
                int len = (int) readVarint(in, pos);
                BigInteger unscaled = new BigInteger(in, pos[0], len);
                pos[0] += len;
                return new BigDecimal(unscaled, scale);
            }
            case STRING: {
                int len = (int) readVarint(in, pos);
                String s = new String(in, pos[0], len, StandardCharsets.UTF_8);
                pos[0] += len;
                return s;
            }
            case BYTES: {
                int len = (int) readVarint(in, pos);
                byte[] b = Arrays.copyOfRange(in, pos[0], pos[0] + len);
                pos[0] += len;
                return b;
            }
            case DATE:
                return LocalDate.ofEpochDay(unzigzag(readVarint(in, pos)));
            case DATETIME: {
                long micros = unzigzag(readVarint(in, pos));
                return LocalDateTime.ofEpochSecond(Math.floorDiv(micros, 1_000_000L),
                        (int) Math.floorMod(micros, 1_000_000L) * 1_000, ZoneOffset.UTC);
            }
            case TIME:
                return Duration.of(unzigzag(readVarint(in, pos)), ChronoUnit.MICROS);
            default:
                throw new IllegalArgumentException("corrupt row: unknown value tag " + tag);
        }
    }

    private static long micros(LocalDateTime d) {
        return d.toEpochSecond(ZoneOffset.UTC) * 1_000_000L + d.getNano() / 1_000;
    }

    private static long micros(Duration d) {
        return d.getSeconds() * 1_000_000L + d.getNano() / 1_000;
    }

    private static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    private static long unzigzag(long v) {
        return (v >>> 1) ^ -(v & 1);
    }

    private static int varintSize(long v) {
        int n = 1;
        while ((v & ~0x7FL) != 0) {
            v >>>= 7;
            n++;
        }
        return n;
    }

    private static int putVarint(byte[] out, int pos, long v) {
        while ((v & ~0x7FL) != 0) {
            out[pos++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out[pos++] = (byte) v;
        return pos;
    }

    private static long readVarint(byte[] in, int[] pos) {
        int p = pos[0];
        long v = 0;
        int shift = 0;
        while (true) {
            byte b = in[p++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                pos[0] = p;
                return v;
            }
            shift += 7;
        }
    }
}
