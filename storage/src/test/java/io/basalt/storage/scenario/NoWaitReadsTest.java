package io.basalt.storage.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.concurrency.NoWaitScope;
import io.basalt.storage.concurrency.WouldBlockException;
import io.basalt.storage.txn.Transaction;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Transactions' reads inside a {@link NoWaitScope} (the server's event-loop reads): one that meets another
 * transaction's lock or takes too many steps is refused with {@link WouldBlockException}, having waited for nothing
 * and changed nothing. (A read that needs the disk: {@code ShardSnapshotNoWaitTest}.)
 */
class NoWaitReadsTest extends ScenarioBase {

    @Test
    void aReadThatMeetsALockIsRefusedWithoutResolvingIt() {
        open();
        commitValues(row(1), "v0");
        long s = store.tso().next();
        pw(row(1), s).put(row(1), "v1").run();
        assertThatThrownBy(() -> noWait(1000, () -> readFresh(row(1))))
                .isInstanceOf(WouldBlockException.class).hasMessageContaining("lock");
        assertThat(lockOf(row(1))).as("left to its owner, not resolved").isNotNull();
        assertThat(lockOf(row(1)).startTs).isEqualTo(s);
    }

    @Test
    void aScanLongerThanTheStepBudgetIsRefused() {
        open();
        for (int i = 1; i <= 20; i++) {
            commitValues(row(i), "v" + i);
        }
        assertThatThrownBy(() -> noWait(10, () -> scanRows(20)))
                .isInstanceOf(WouldBlockException.class).hasMessageContaining("steps");
        assertThat(noWait(1000, () -> scanRows(20))).isEqualTo(20);
    }

    @Test
    void scopesDoNotNestAndEndWithClose() {
        try (NoWaitScope ignored = NoWaitScope.enter(1)) {
            assertThat(NoWaitScope.active()).isTrue();
            assertThatThrownBy(() -> NoWaitScope.enter(1)).isInstanceOf(IllegalStateException.class);
        }
        assertThat(NoWaitScope.active()).isFalse();
        NoWaitScope.refuse("nothing: outside a scope this returns");
        NoWaitScope.step();
    }

    private int scanRows(int limit) {
        Transaction t = store.begin(optimistic());
        try {
            return t.scan(row(0), row(limit + 1), limit + 10, false).size();
        } finally {
            t.rollback();
        }
    }

    private static <T> T noWait(int steps, Supplier<T> work) {
        try (NoWaitScope ignored = NoWaitScope.enter(steps)) {
            return work.get();
        }
    }
}
