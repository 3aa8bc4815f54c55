package io.basalt.sql.dml;

import io.basalt.sql.catalog.AutoIncrementAllocator;
import io.basalt.sql.catalog.TableDef;

import java.util.Arrays;

/**
 * The AUTO_INCREMENT values a session's current statement took, so that a run the server starts again on its own
 * (handed from the event loop to a worker, or repeated with pessimistic locks after an optimistic conflict) takes
 * the same values in the same order: a client that saw one statement succeed sees no gap in front of its ids, as
 * with MySQL, which hands a statement its values once. A statement that fails keeps MySQL's behaviour: its values
 * are not given back.
 *
 * <p>One per session, used by whichever thread runs the session's statement (its event loop, or one worker: the
 * connection's inbound queue hands the session over, never shares it). Each generated row costs 16 bytes here until
 * its statement ends.
 */
public final class AutoIncrementReplay {
    /** What a session keeps between statements; a larger statement's arrays are dropped when it ends. */
    private static final int KEPT_CAPACITY = 64;

    private final AutoIncrementAllocator allocator;
    private long[] tables = new long[KEPT_CAPACITY];
    private long[] values = new long[KEPT_CAPACITY];
    private int size;
    private int position;

    public AutoIncrementReplay(AutoIncrementAllocator allocator) {
        this.allocator = allocator;
    }

    /**
     * The value the statement's earlier run took at this point, or a new one from the allocator (recorded for a
     * later run). A run that goes to another table from here on, e.g. after DDL recreated the table, forgets the
     * rest of the earlier run's values.
     */
    long next(TableDef table, long increment, long offset) {
        if (position < size) {
            if (tables[position] == table.id()) {
                return values[position++];
            }
            size = position;
        }
        long v = allocator.next(table, increment, offset);
        if (size == values.length) {
            tables = Arrays.copyOf(tables, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        tables[size] = table.id();
        values[size++] = v;
        position = size;
        return v;
    }

    /** The statement is about to run again, undone and unanswered: it takes its values again from the first. */
    public void rewind() {
        position = 0;
    }

    /** The statement is answered (done or failed): its values are used or, as in MySQL, lost. */
    public void finish() {
        size = 0;
        position = 0;
        if (values.length > KEPT_CAPACITY) {
            tables = new long[KEPT_CAPACITY];
            values = new long[KEPT_CAPACITY];
        }
    }
}
