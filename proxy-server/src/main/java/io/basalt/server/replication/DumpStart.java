package io.basalt.server.replication;

import io.basalt.protocol.replication.BinlogDumpRequest;

/**
 * Where and how one validated binlog dump streams: its first file and offset, the GTID filter of a MariaDB GTID
 * replica (null for a file/position dump) and what the replica asked for. Built by {@link ReplicationService}
 * before the dump thread starts, so every start error is answered on the command's own thread.
 */
record DumpStart(String file, long position, GtidStartFilter gtidFilter, ReplicaSettings settings,
                 BinlogDumpRequest request) {
}
