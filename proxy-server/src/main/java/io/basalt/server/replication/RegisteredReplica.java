package io.basalt.server.replication;

/** A replica that announced itself with COM_REGISTER_SLAVE: one row of SHOW SLAVE HOSTS. */
public record RegisteredReplica(long serverId, String host, int port, long masterId) {
}
