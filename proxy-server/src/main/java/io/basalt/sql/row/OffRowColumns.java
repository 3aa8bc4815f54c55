package io.basalt.sql.row;

import java.util.Arrays;

/**
 * Which column ids of a stored row keep their value off the row, under their own key (see {@link RowCodec}). Ids of
 * columns dropped since the row was written are included, so deleting the row can remove their values too.
 * Immutable.
 */
public final class OffRowColumns {
    public static final OffRowColumns NONE = new OffRowColumns(new int[0], new long[0]);

    private final int[] ids;
    private final long[] lengths;

    private OffRowColumns(int[] ids, long[] lengths) {
        this.ids = ids;
        this.lengths = lengths;
    }

    static OffRowColumns of(int[] ids, long[] lengths, int count) {
        return count == 0 ? NONE : new OffRowColumns(Arrays.copyOf(ids, count), Arrays.copyOf(lengths, count));
    }

    public boolean contains(int columnId) {
        return storedLength(columnId) >= 0;
    }

    /** How many bytes the column's off-row value has, -1 when the row keeps the column in itself. */
    public long storedLength(int columnId) {
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] == columnId) {
                return lengths[i];
            }
        }
        return -1;
    }

    public boolean isEmpty() {
        return ids.length == 0;
    }

    /** The column ids, a fresh array. */
    public int[] ids() {
        return ids.clone();
    }

    @Override
    public String toString() {
        return "off-row columns " + Arrays.toString(ids);
    }
}
