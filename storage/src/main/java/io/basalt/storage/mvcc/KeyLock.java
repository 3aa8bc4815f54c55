package io.basalt.storage.mvcc;

/** A lock together with the user key it locks. */
public record KeyLock(byte[] key, Lock lock) {
}
