package io.basalt.storage.binlog;

/** One row of SHOW BINARY LOGS: file base name and size in bytes (the write position for the active file). */
public record BinlogFileInfo(String name, long size) {
}
