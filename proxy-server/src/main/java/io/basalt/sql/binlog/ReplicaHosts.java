package io.basalt.sql.binlog;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The replicas registered on this server (COM_REGISTER_SLAVE), each until its connection ends: what SHOW SLAVE HOSTS
 * lists. The replication dump service registers them; the SQL layer reads them. Thread-safe.
 */
public final class ReplicaHosts {
    private final Map<Long, ReplicaHost> byConnection = new ConcurrentHashMap<>();

    public void register(long connectionId, ReplicaHost host) {
        byConnection.put(connectionId, host);
    }

    public void unregister(long connectionId) {
        byConnection.remove(connectionId);
    }

    /** The registered replicas by server_id. */
    public List<ReplicaHost> list() {
        return byConnection.values().stream().sorted(Comparator.comparingLong(ReplicaHost::serverId)).toList();
    }
}
