package io.basalt.server.replication;

import io.basalt.protocol.binlog.Gtid;
import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Finds the binlog file a MariaDB GTID replica's stream starts in (MariaDB's {@code gtid_find_binlog_file}): the
 * newest file whose Gtid_list — the binlog state before the file — the replica's position has already reached in
 * every domain, so that no group the replica lacks precedes the file. Sequence numbers are compared per domain;
 * a domain's seq_no only grows in this binlog. Stateless.
 */
final class GtidStartLocator {
    private GtidStartLocator() {
    }

    /**
     * @param files       the binlog files, oldest first
     * @param gtidListOf  the Gtid_list at the head of a file
     * @param start       the replica's position (@slave_connect_state)
     * @param binlogState the binlog's current state (@@gtid_binlog_pos)
     * @throws MySqlException 1236 when the replica is ahead of the binlog in some domain, or the groups it needs
     *                        were purged
     */
    static String locate(List<String> files, Function<String, List<Gtid>> gtidListOf, List<Gtid> start,
                         List<Gtid> binlogState) {
        Map<Long, Gtid> state = byDomain(binlogState);
        for (Gtid g : start) {
            Gtid last = state.get(g.domainId());
            if (last == null || g.seqNo() > last.seqNo()) {
                throw fatal("Error: connecting slave requested to start from GTID " + g
                        + ", which is not in the master's binlog");
            }
        }
        Map<Long, Gtid> wanted = byDomain(start);
        for (int i = files.size() - 1; i >= 0; i--) {
            if (reachedAll(wanted, gtidListOf.apply(files.get(i)))) {
                return files.get(i);
            }
        }
        throw fatal("Could not find GTID state requested by slave in any binlog files. Probably the slave state is"
                + " too old and required binlog files have been purged.");
    }

    /** Whether the replica's position is at or past every GTID of a file's Gtid_list. */
    private static boolean reachedAll(Map<Long, Gtid> wanted, List<Gtid> fileHead) {
        for (Gtid g : fileHead) {
            Gtid w = wanted.get(g.domainId());
            if (w == null || w.seqNo() < g.seqNo()) {
                return false;
            }
        }
        return true;
    }

    static Map<Long, Gtid> byDomain(List<Gtid> gtids) {
        return gtids.stream().collect(Collectors.toMap(Gtid::domainId, g -> g));
    }

    static MySqlException fatal(String message) {
        return new MySqlException(ErrorCode.MASTER_FATAL_ERROR_READING_BINLOG, message);
    }
}
