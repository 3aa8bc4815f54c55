package io.basalt.storage.mvcc;

/** Kinds of commit records in the write column family. */
public enum WriteType {
    PUT('P'), DELETE('D'), LOCK('L'), ROLLBACK('R');

    final byte code;

    WriteType(char code) {
        this.code = (byte) code;
    }

    static WriteType of(byte code) {
        for (WriteType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        throw new io.basalt.storage.error.StorageCorruptionException("unknown write type " + code);
    }

    public static WriteType fromLock(LockType lockType) {
        return switch (lockType) {
            case PUT -> PUT;
            case DELETE -> DELETE;
            case LOCK -> LOCK;
            case PESSIMISTIC -> throw new IllegalArgumentException("pessimistic locks are never committed");
        };
    }
}
