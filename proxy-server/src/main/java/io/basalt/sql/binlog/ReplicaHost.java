package io.basalt.sql.binlog;

/** A replica that announced itself with COM_REGISTER_SLAVE: one row of SHOW SLAVE HOSTS. */
public record ReplicaHost(long serverId, String host, int port, long masterId) {
}
