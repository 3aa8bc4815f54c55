package io.basalt.storage.action;

import static io.basalt.storage.testing.StoreFixture.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.mvcc.KvPair;
import io.basalt.storage.mvcc.WriteType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** GC of versions below a safe point (spec §2.11 step 3). */
class GcTest extends ActionTestBase {

    private int gc(long safePoint, byte[]... keys) {
        return kv.gc(shardOf(keys[0]), List.of(keys), safePoint);
    }

    /**
     * History of row 1: put@2 (long value, start 1), put@4 (long value, start 3), lock record @6, rollback @7,
     * put@10 (start 9) above the safe point 8.
     */
    private void buildHistory() {
        pw(row(1), ts(1)).put(row(1), longValue('1')).run();
        commit(row(1), ts(1), ts(2));
        pw(row(1), ts(3)).put(row(1), longValue('3')).run();
        commit(row(1), ts(3), ts(4));
        pw(row(1), ts(5)).add(Mutation.lock(row(1))).run();
        commit(row(1), ts(5), ts(6));
        kv.rollback(shardOf(row(1)), List.of(row(1)), ts(7));
        pw(row(1), ts(9)).put(row(1), "ten").run();
        commit(row(1), ts(9), ts(10));
        assertThat(writeTimestamps(row(1))).containsExactly(ts(10), ts(7), ts(6), ts(4), ts(2));
    }

    @Test
    void keepsTheNewestPutAtTheSafePointAndEverythingAbove() {
        buildHistory();
        int removed = gc(ts(8), row(1));
        assertThat(removed).isEqualTo(3);
        assertThat(writeTimestamps(row(1))).containsExactly(ts(10), ts(4));
        assertThat(writeAt(row(1), ts(4)).type).isEqualTo(WriteType.PUT);
        assertThat(defaultValue(row(1), ts(3))).as("kept put's long value").isEqualTo(longValue('3'));
        assertThat(defaultValue(row(1), ts(1))).as("removed put's long value").isNull();
        assertThat(kv.get(shardOf(row(1)), row(1), ts(8), NO_BYPASS)).isEqualTo(longValue('3'));
        assertThat(get(row(1), ts(10))).isEqualTo("ten");
        assertThat(gc(ts(8), row(1))).as("a second pass finds nothing").isZero();
    }

    @Test
    void safePointAboveEverythingKeepsOnlyTheNewestPut() {
        buildHistory();
        gc(ts(50), row(1));
        assertThat(writeTimestamps(row(1))).containsExactly(ts(10));
        assertThat(defaultValue(row(1), ts(3))).isNull();
        assertThat(get(row(1), ts(50))).isEqualTo("ten");
    }

    @Test
    void aDeleteAsNewestVisibleVersionRemovesEverything() {
        pw(row(1), ts(1)).put(row(1), longValue('d')).run();
        commit(row(1), ts(1), ts(2));
        pw(row(1), ts(3)).add(Mutation.delete(row(1))).run();
        commit(row(1), ts(3), ts(4));
        int removed = gc(ts(5), row(1));
        assertThat(removed).isEqualTo(2);
        assertThat(writes(row(1))).isEmpty();
        assertThat(defaultValue(row(1), ts(1))).isNull();
        assertThat(get(row(1), ts(5))).isNull();
    }

    @Test
    void aDeleteAboveTheSafePointIsKeptWithThePutBelowIt() {
        commitPut(row(1), "a", ts(1), ts(2));
        pw(row(1), ts(3)).add(Mutation.delete(row(1))).run();
        commit(row(1), ts(3), ts(4));
        gc(ts(3), row(1));
        assertThat(writeTimestamps(row(1))).containsExactly(ts(4), ts(2));
        assertThat(get(row(1), ts(3))).isEqualTo("a");
        assertThat(get(row(1), ts(4))).isNull();
    }

    @Test
    void locksAreNotTouched() {
        commitPut(row(1), "a", ts(1), ts(2));
        pw(row(1), ts(3)).put(row(1), "b").run();
        gc(ts(10), row(1));
        assertThat(lockOf(row(1))).isNotNull();
        assertThat(writeTimestamps(row(1))).containsExactly(ts(2));
    }

    @Test
    void readsAtOrAboveTheSafePointAreUnchanged() {
        // five keys with mixed histories
        commitPut(row(1), "1a", ts(1), ts(2));
        commitPut(row(1), "1b", ts(3), ts(4));
        commitPut(row(1), "1c", ts(12), ts(13));
        commitPut(row(2), "2a", ts(1), ts(2));
        pw(row(2), ts(5)).add(Mutation.delete(row(2))).run();
        commit(row(2), ts(5), ts(6));
        commitPut(row(3), "3a", ts(7), ts(8));
        kv.rollback(shardOf(row(3)), List.of(row(3)), ts(9));
        pw(row(4), ts(1)).put(row(4), longValue('4')).run();
        commit(row(4), ts(1), ts(2));
        pw(row(4), ts(3)).add(Mutation.lock(row(4))).run();
        commit(row(4), ts(3), ts(4));
        pw(row(5), ts(14)).add(Mutation.delete(row(5))).run();
        commit(row(5), ts(14), ts(15));
        byte[][] keys = {row(1), row(2), row(3), row(4), row(5)};
        long safePoint = ts(10);

        List<List<KvPair>> before = new ArrayList<>();
        List<List<String>> pointBefore = new ArrayList<>();
        for (long t = safePoint; t <= ts(16); t++) {
            before.add(kv.scan(shardOf(row(1)), row(0), row(100), 100, false, t, NO_BYPASS));
            List<String> vals = new ArrayList<>();
            for (byte[] k : keys) {
                byte[] v = kv.get(shardOf(k), k, t, NO_BYPASS);
                vals.add(v == null ? null : new String(v));
            }
            pointBefore.add(vals);
        }
        int removed = gc(safePoint, keys);
        assertThat(removed).isPositive();
        int i = 0;
        for (long t = safePoint; t <= ts(16); t++, i++) {
            List<KvPair> after = kv.scan(shardOf(row(1)), row(0), row(100), 100, false, t, NO_BYPASS);
            assertThat(render(after)).as("scan at %d", t - base).isEqualTo(render(before.get(i)));
            List<String> vals = new ArrayList<>();
            for (byte[] k : keys) {
                byte[] v = kv.get(shardOf(k), k, t, NO_BYPASS);
                vals.add(v == null ? null : new String(v));
            }
            assertThat(vals).as("gets at %d", t - base).isEqualTo(pointBefore.get(i));
        }
        assertThat(writes(row(2))).as("delete was newest at the safe point").isEmpty();
        assertThat(writes(row(3))).hasSize(1);
    }

    private static List<String> render(List<KvPair> pairs) {
        return pairs.stream().map(p -> java.util.Arrays.toString(p.key()) + "=" + new String(p.value())).toList();
    }
}
