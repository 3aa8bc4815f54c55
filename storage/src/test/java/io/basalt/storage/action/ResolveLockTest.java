package io.basalt.storage.action;

import static io.basalt.storage.testing.StoreFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.basalt.storage.mvcc.WriteType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ResolveLock: applying a decided outcome to a transaction's keys (spec §2.7). */
class ResolveLockTest extends ActionTestBase {

    private void resolve(long startTs, long commitTs, byte[]... keys) {
        kv.resolveLock(shardOf(keys[0]), List.of(keys), startTs, commitTs);
    }

    @Test
    void resolveCommitCommitsEveryKey() {
        long min = pw(row(1), ts(10)).put(row(1), "a").put(row(2), "b").async(row(2)).run().minCommitTs();
        resolve(ts(10), min, row(1), row(2));
        assertThat(lockOf(row(1))).isNull();
        assertThat(lockOf(row(2))).isNull();
        assertThat(writeAt(row(2), min).type).isEqualTo(WriteType.PUT);
        assertThat(get(row(1), min)).isEqualTo("a");
        assertThat(get(row(2), min)).isEqualTo("b");
        resolve(ts(10), min, row(1), row(2)); // idempotent
        assertThat(writeTimestamps(row(1))).containsExactly(min);
    }

    @Test
    void resolveRollbackRollsBackEveryKey() {
        pw(row(1), ts(10)).put(row(1), "a").put(row(2), longValue('l')).run();
        resolve(ts(10), 0, row(1), row(2));
        assertThat(lockOf(row(1))).isNull();
        assertThat(lockOf(row(2))).isNull();
        assertThat(writeAt(row(1), ts(10)).type).isEqualTo(WriteType.ROLLBACK);
        assertThat(writeAt(row(2), ts(10)).type).isEqualTo(WriteType.ROLLBACK);
        assertThat(defaultValue(row(2), ts(10))).isNull();
        assertThat(get(row(2), ts(20))).isNull();
    }

    @Test
    void commitTsNotAboveStartTsIsRejectedAndChangesNothing() {
        pw(row(1), ts(10)).put(row(1), "a").run();
        assertThatThrownBy(() -> resolve(ts(10), ts(10), row(1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> resolve(ts(10), ts(9), row(1))).isInstanceOf(IllegalArgumentException.class);
        assertThat(lockOf(row(1)).startTs).isEqualTo(ts(10));
        assertThat(writes(row(1))).isEmpty();
    }

    @Test
    void resolveCommitBelowMinCommitTsIsRefused() {
        cm.updateMaxTs(ts(40));
        pw(row(1), ts(10)).put(row(1), "a").async().run();
        assertThatThrownBy(() -> resolve(ts(10), ts(20), row(1)))
                .isInstanceOf(io.basalt.storage.error.CommitTsExpiredException.class);
        assertThat(lockOf(row(1))).isNotNull();
    }
}
