package io.basalt.storage.txn;

import io.basalt.storage.action.Mutation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A transaction's buffered writes in key order, with statement savepoints: every change is journaled so a failed
 * statement can be undone without touching the rest of the transaction. Owned by the transaction's thread.
 */
final class MutationBuffer {
    private record Undo(byte[] key, Mutation previous) {
    }

    private final TreeMap<byte[], Mutation> mutations = new TreeMap<>(Arrays::compareUnsigned);
    private final List<Undo> journal = new ArrayList<>();
    private long bytes;

    void put(Mutation m) {
        Mutation prev = mutations.get(m.key());
        Mutation merged = m;
        if (prev != null && prev.op() == Mutation.Op.INSERT && m.op() == Mutation.Op.PUT) {
            merged = Mutation.insert(m.key(), m.value()); // still a fresh key: keep the existence check
        } else if (prev != null && prev.op() == Mutation.Op.DELETE && m.op() == Mutation.Op.INSERT) {
            merged = Mutation.put(m.key(), m.value()); // this transaction removed the old value: no check left
        }
        // covered only if every change of the key in this transaction is
        merged = merged.withCoveredByRow(m.coveredByRow() && (prev == null || prev.coveredByRow()));
        journal.add(new Undo(m.key(), prev));
        mutations.put(m.key(), merged);
        bytes += merged.size() - (prev == null ? 0 : prev.size());
    }

    Mutation get(byte[] key) {
        return mutations.get(key);
    }

    int savepoint() {
        return journal.size();
    }

    void rollbackTo(int savepoint) {
        for (int i = journal.size() - 1; i >= savepoint; i--) {
            Undo u = journal.remove(i);
            Mutation cur = mutations.get(u.key());
            bytes -= cur == null ? 0 : cur.size();
            if (u.previous() == null) {
                mutations.remove(u.key());
            } else {
                mutations.put(u.key(), u.previous());
                bytes += u.previous().size();
            }
        }
    }

    NavigableMap<byte[], Mutation> view() {
        return mutations;
    }

    boolean isEmpty() {
        return mutations.isEmpty();
    }

    int size() {
        return mutations.size();
    }

    long bytes() {
        return bytes;
    }
}
