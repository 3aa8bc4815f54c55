package io.basalt.storage.action;

/**
 * One key's change in a transaction. {@code INSERT} is a put that fails with a duplicate-key error if the key has a
 * live value; {@code CHECK_NOT_EXISTS} only checks; {@code LOCK} locks without changing data (SELECT ... FOR UPDATE
 * in optimistic transactions).
 *
 * @param coveredByRow the key changes only together with a row key the same transaction writes (a non-unique index
 *                     entry or an off-row value of that row): any other transaction that writes this key writes that
 *                     row key too, so the row key's pessimistic lock or prewrite conflict check covers this one and
 *                     prewrite does not look for newer writes of it (unless it is the primary)
 */
public record Mutation(Op op, byte[] key, byte[] value, boolean coveredByRow) {
    public enum Op { PUT, DELETE, LOCK, INSERT, CHECK_NOT_EXISTS }

    public Mutation(Op op, byte[] key, byte[] value) {
        this(op, key, value, false);
    }

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

    /** The same change, marked as covered by its row key (see {@link #coveredByRow}) or not. */
    public Mutation withCoveredByRow(boolean v) {
        return v == coveredByRow ? this : new Mutation(op, key, value, v);
    }

    /** True if the mutation determines the key's value as the transaction sees it (put, insert or delete). */
    public boolean changesValue() {
        return op == Op.PUT || op == Op.INSERT || op == Op.DELETE;
    }

    public int size() {
        return key.length + (value == null ? 0 : value.length);
    }
}
