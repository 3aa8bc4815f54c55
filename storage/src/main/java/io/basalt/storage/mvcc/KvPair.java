package io.basalt.storage.mvcc;

/** A user key with its value. */
public record KvPair(byte[] key, byte[] value) {
}
