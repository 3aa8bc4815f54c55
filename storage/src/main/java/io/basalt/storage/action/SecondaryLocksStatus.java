package io.basalt.storage.action;

import io.basalt.storage.mvcc.KeyLock;
import java.util.List;

/** Result of {@link CheckSecondaryLocks}: all keys still locked (with their locks), or the decided outcome. */
public record SecondaryLocksStatus(List<KeyLock> locks, long commitTs, boolean rolledBack) {
    public static SecondaryLocksStatus locked(List<KeyLock> locks) {
        return new SecondaryLocksStatus(locks, 0, false);
    }

    public static SecondaryLocksStatus committed(long commitTs) {
        return new SecondaryLocksStatus(List.of(), commitTs, false);
    }

    public static SecondaryLocksStatus rolledBackStatus() {
        return new SecondaryLocksStatus(List.of(), 0, true);
    }

    public boolean isCommitted() {
        return commitTs != 0;
    }
}
