package io.basalt.sql.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** After a conflict a table's statements take locks for a fixed number of runs, then run optimistically again. */
class ConflictBackoffTest {
    @Test
    void aConflictMakesTheTablesNextStatementsLockThenOptimisticAgain() {
        ConflictBackoff b = new ConflictBackoff();
        assertThat(b.optimistic(7)).isTrue();
        b.conflicted(7);
        for (int i = 0; i < ConflictBackoff.LOCKING_RUNS; i++) {
            assertThat(b.optimistic(7)).as("run %d after the conflict", i).isFalse();
            assertThat(b.optimistic(8)).as("another table").isTrue();
        }
        assertThat(b.optimistic(7)).isTrue();
    }

    @Test
    void aConflictDuringTheLockingRunsStartsTheCountAgain() {
        ConflictBackoff b = new ConflictBackoff();
        b.conflicted(7);
        for (int i = 0; i < ConflictBackoff.LOCKING_RUNS - 1; i++) {
            b.optimistic(7);
        }
        b.conflicted(7);
        for (int i = 0; i < ConflictBackoff.LOCKING_RUNS; i++) {
            assertThat(b.optimistic(7)).isFalse();
        }
        assertThat(b.optimistic(7)).isTrue();
    }
}
