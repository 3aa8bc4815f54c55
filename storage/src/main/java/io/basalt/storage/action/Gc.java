package io.basalt.storage.action;

import io.basalt.storage.mvcc.VersionedWrite;
import io.basalt.storage.mvcc.Write;
import io.basalt.storage.mvcc.WriteType;
import java.util.List;

/**
 * Garbage-collects one key's versions at or below the safe point (spec §2.11): keeps the newest Put visible at the
 * safe point and everything newer; drops Lock/Rollback records, older versions and their long values, and a
 * Delete that is the newest visible version. Returns the number of versions removed.
 */
public final class Gc {
    private Gc() {
    }

    public static int execute(ActionContext ctx, byte[] key, long safePoint) {
        List<VersionedWrite> versions = ctx.reader.writesBetween(key, 0, safePoint);
        boolean keptVisible = false;
        int removed = 0;
        for (VersionedWrite vw : versions) {
            Write w = vw.write();
            if (!keptVisible && w.type == WriteType.PUT) {
                keptVisible = true;
                continue;
            }
            if (!keptVisible && w.type == WriteType.DELETE) {
                keptVisible = true; // nothing older is visible any more; the delete marker itself goes too
            }
            ctx.txn.deleteWrite(key, vw.commitTs());
            if (w.type == WriteType.PUT && w.shortValue == null) {
                ctx.txn.deleteValue(key, w.startTs);
            }
            removed++;
        }
        return removed;
    }
}
