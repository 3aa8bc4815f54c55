package io.basalt.sql.row;

import java.util.Arrays;

/**
 * Which column ids of a stored row keep their value off the row, under their own key (see {@link RowCodec}). Ids of
 * columns dropped since the row was written are included, so deleting the row can remove their values too.
 * Immutable.
 */
public final class OffRowColumns {
    public static final OffRowColumns NONE = new OffRowColumns(new int[0]);

    private final int[] ids;

    private OffRowColumns(int[] ids) {
        this.ids = ids;
    }

    static OffRowColumns of(int[] ids, int count) {
        return count == 0 ? NONE : new OffRowColumns(Arrays.copyOf(ids, count));
    }

    public boolean contains(int columnId) {
        for (int id : ids) {
            if (id == columnId) {
                return true;
            }
        }
        return false;
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
