package io.basalt.sql.function.aggregate;

/** The running state of one aggregate over one group. Not thread-safe: one group, one thread. */
public interface Accumulator {

    /** Adds one row's argument values (empty for COUNT(*)); NULL handling is the aggregate's. */
    void add(Object[] args);

    /** The aggregate over the rows added so far, in the value model of the bound return type. */
    Object result();
}
