package io.basalt.storage.binlog;

import io.basalt.protocol.binlog.Gtid;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The binlog GTID state ({@code @@gtid_binlog_state}): the last seq_no per (domain, server), with the most recent
 * GTID of each domain kept last. It seeds each file's Gtid_list and gives the next seq_no of a domain, which is
 * above every seq_no of that domain whatever server wrote it (MariaDB's rule). Not thread-safe: used under the
 * write lock.
 */
final class GtidState {
    private final Map<Long, LinkedHashMap<Long, Long>> byDomain = new LinkedHashMap<>();

    /** Records a GTID written (or found by recovery). */
    void record(Gtid g) {
        LinkedHashMap<Long, Long> servers = byDomain.computeIfAbsent(g.domainId(), d -> new LinkedHashMap<>());
        servers.remove(g.serverId());
        servers.put(g.serverId(), g.seqNo());
    }

    /** RESET MASTER: no GTID was ever binlogged. */
    void clear() {
        byDomain.clear();
    }

    void recordAll(List<Gtid> gtids) {
        gtids.forEach(this::record);
    }

    /** The seq_no the next GTID of {@code domainId} gets. */
    long nextSeqNo(long domainId) {
        LinkedHashMap<Long, Long> servers = byDomain.get(domainId);
        long max = 0;
        if (servers != null) {
            for (long s : servers.values()) {
                max = Math.max(max, s);
            }
        }
        return max + 1;
    }

    /** Every (domain, server) entry, grouped by domain, most recent last within its domain: a Gtid_list body. */
    List<Gtid> list() {
        List<Gtid> out = new ArrayList<>();
        byDomain.forEach((d, servers) -> servers.forEach((s, n) -> out.add(new Gtid(d, s, n))));
        return out;
    }

    /** The last GTID of each domain, comma-separated ({@code @@gtid_binlog_pos}), empty if none. */
    String binlogPos() {
        StringJoiner j = new StringJoiner(",");
        byDomain.forEach((d, servers) -> {
            Map.Entry<Long, Long> last = null;
            for (Map.Entry<Long, Long> e : servers.entrySet()) {
                last = e;
            }
            if (last != null) {
                j.add(new Gtid(d, last.getKey(), last.getValue()).toString());
            }
        });
        return j.toString();
    }
}
