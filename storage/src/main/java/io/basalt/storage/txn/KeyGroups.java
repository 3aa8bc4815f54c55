package io.basalt.storage.txn;

import io.basalt.storage.action.Mutation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Groupings of a prepared transaction's keys by shard. */
final class KeyGroups {
    private KeyGroups() {
    }

    /** Keys that carry a lock after prewrite (all but check-only mutations), per shard. */
    static Map<Integer, List<byte[]>> lockedKeysByShard(PreparedCommit pc, boolean includePrimary) {
        Map<Integer, List<byte[]>> out = new LinkedHashMap<>();
        pc.batches().forEach((shard, batch) -> {
            List<byte[]> keys = new ArrayList<>();
            for (Mutation m : batch.mutations()) {
                if (m.op() == Mutation.Op.CHECK_NOT_EXISTS) {
                    continue;
                }
                if (!includePrimary && Arrays.equals(m.key(), pc.primary())) {
                    continue;
                }
                keys.add(m.key());
            }
            if (!keys.isEmpty()) {
                out.put(shard, keys);
            }
        });
        return out;
    }
}
