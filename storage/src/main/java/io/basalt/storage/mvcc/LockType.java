package io.basalt.storage.mvcc;

/** Lock kinds as in TiKV: data-changing Put/Delete, read-lock Lock, and Pessimistic (taken while a statement runs). */
public enum LockType {
    PUT('P'), DELETE('D'), LOCK('L'), PESSIMISTIC('S');

    final byte code;

    LockType(char code) {
        this.code = (byte) code;
    }

    static LockType of(byte code) {
        for (LockType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        throw new io.basalt.storage.error.StorageCorruptionException("unknown lock type " + code);
    }
}
