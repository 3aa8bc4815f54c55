package io.basalt.storage.error;

/** A read or write met another transaction's lock; the caller resolves it (or waits) and retries. */
public class KeyIsLockedException extends StorageException {
    public final byte[] key;
    public final io.basalt.storage.mvcc.Lock lock;

    public KeyIsLockedException(byte[] key, io.basalt.storage.mvcc.Lock lock) {
        super("key is locked by txn " + lock.startTs);
        this.key = key;
        this.lock = lock;
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this; // a control-flow signal on hot paths: the stack is never needed
    }
}
