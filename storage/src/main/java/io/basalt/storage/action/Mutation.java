package io.basalt.storage.action;

/**
 * One key's change in a transaction. {@code INSERT} is a put that fails with a duplicate-key error if the key has a
 * live value; {@code CHECK_NOT_EXISTS} only checks; {@code LOCK} locks without changing data (SELECT ... FOR UPDATE
 * in optimistic transactions).
 */
public record Mutation(Op op, byte[] key, byte[] value) {
    public enum Op { PUT, DELETE, LOCK, INSERT, CHECK_NOT_EXISTS }

    public static Mutation put(byte[] key, byte[] value) {
        return new Mutation(Op.PUT, key, value);
    }

    public static Mutation delete(byte[] key) {
        return new Mutation(Op.DELETE, key, null);
    }

    public static Mutation insert(byte[] key, byte[] value) {
        return new Mutation(Op.INSERT, key, value);
    }

    public static Mutation lock(byte[] key) {
        return new Mutation(Op.LOCK, key, null);
    }

    public static Mutation checkNotExists(byte[] key) {
        return new Mutation(Op.CHECK_NOT_EXISTS, key, null);
    }

    /** True if the mutation determines the key's value as the transaction sees it (put, insert or delete). */
    public boolean changesValue() {
        return op == Op.PUT || op == Op.INSERT || op == Op.DELETE;
    }

    public int size() {
        return key.length + (value == null ? 0 : value.length);
    }
}
