package io.basalt.sql.value;

import io.basalt.sql.type.SqlType;

import java.util.Arrays;

/**
 * The identity of a group (GROUP BY), a distinct row (DISTINCT, UNION) or a hash-join key: the
 * {@link Comparison#hashKey(Object, SqlType) normalised keys} of its values, so 'a' and 'A ' fall together and so do
 * 1 and 1.0. NULLs are equal to each other here, as GROUP BY and DISTINCT treat them (a join must skip NULL keys
 * itself). Immutable.
 */
public final class GroupKey {
    private final Object[] keys;
    private final int hash;

    private GroupKey(Object[] keys) {
        this.keys = keys;
        this.hash = Arrays.hashCode(keys);
    }

    public static GroupKey of(Object[] values, SqlType[] types) {
        Object[] keys = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            keys[i] = Comparison.hashKey(values[i], types[i]);
        }
        return new GroupKey(keys);
    }

    /** Whether any part is NULL (a join key with a NULL part matches nothing). */
    public boolean hasNull() {
        for (Object k : keys) {
            if (k == null) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GroupKey g && hash == g.hash && Arrays.equals(keys, g.keys);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return Arrays.toString(keys);
    }
}
