package io.basalt.sql.exec;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.Comparison;

import java.util.Arrays;

/**
 * A hashable key over some values of a row, normalised so that values MySQL considers equal (1 = 1.0, 'a' = 'A ' under
 * the case-insensitive collation) are equal keys: GROUP BY, DISTINCT, hash joins and IN-list sets use it.
 */
public final class RowKey {
    private final Object[] parts;
    private final int hash;

    private RowKey(Object[] parts) {
        this.parts = parts;
        this.hash = Arrays.deepHashCode(parts);
    }

    public static RowKey of(Object[] values, SqlType[] types) {
        Object[] parts = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            parts[i] = Comparison.hashKey(values[i], types[i]);
        }
        return new RowKey(parts);
    }

    public boolean hasNull() {
        for (Object p : parts) {
            if (p == null) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RowKey k && hash == k.hash && Arrays.deepEquals(parts, k.parts);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
