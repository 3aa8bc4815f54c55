package io.basalt.storage.binlog;

/** A place in the binary log: file base name and byte offset (SHOW MASTER STATUS, dump start points). */
public record BinlogPosition(String file, long position) {
}
