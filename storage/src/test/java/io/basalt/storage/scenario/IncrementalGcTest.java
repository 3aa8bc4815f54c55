package io.basalt.storage.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.txn.Transaction;
import org.junit.jupiter.api.Test;

/**
 * After the first round, which scans every shard, GC looks only at the keys written since its last round; keys
 * whose newest version was above a round's safe point are looked at again in a later round.
 */
class IncrementalGcTest extends ScenarioBase {
    private static final int ROWS = 100;

    @Test
    void laterRoundsExamineOnlyTheKeysWrittenSinceTheLastOne() {
        open(c -> c.gcLifeTimeMs = 0);
        for (int v = 1; v <= 2; v++) {
            for (long r = 1; r <= ROWS; r++) {
                commitValues(row(r), "v" + v + "-" + r);
            }
        }
        letTimePass(5);
        assertThat(store.gc().runOnce()).as("one old version per row").isEqualTo(ROWS);
        assertThat(examined("scan")).isEqualTo(ROWS);

        commitValues(row(7), "v3-7");
        commitValues(row(9), "v3-9");
        letTimePass(5);
        assertThat(store.gc().runOnce()).isEqualTo(2);
        assertThat(examined("written")).as("rows 7 and 9 only").isEqualTo(2);
        assertThat(examined("scan")).isEqualTo(ROWS);
        assertThat(writes(row(7))).hasSize(1);
        assertThat(readFresh(row(7))).isEqualTo("v3-7");
        assertThat(readFresh(row(8))).isEqualTo("v2-8");
    }

    @Test
    void aKeyWrittenAboveTheScanningRoundsSafePointIsCollectedByALaterRound() {
        open(c -> c.gcLifeTimeMs = 0);
        commitValues(row(1), "a");
        Transaction reader = store.begin(optimistic()); // holds the safe point below the next writes
        commitValues(row(1), "b");
        commitValues(row(1), "c");
        letTimePass(5);
        store.gc().runOnce();
        assertThat(writes(row(1))).as("every version is readable by the running transaction or newer").hasSize(3);
        reader.rollback();

        letTimePass(5);
        assertThat(store.gc().runOnce()).isEqualTo(2);
        assertThat(examined("scan")).as("only the first round scans").isEqualTo(1);
        assertThat(writes(row(1))).hasSize(1);
        assertThat(readFresh(row(1))).isEqualTo("c");
    }

    @Test
    void aKeyWrittenOnBothSidesOfTheSafePointLosesItsOldVersionsEveryRound() {
        open(c -> c.gcLifeTimeMs = 0);
        letTimePass(5);
        store.gc().runOnce(); // the scanning round after opening
        commitValues(row(1), "a");
        commitValues(row(1), "b");
        Transaction reader = store.begin(optimistic()); // holds the safe point between b and c
        commitValues(row(1), "c");
        letTimePass(5);

        assertThat(store.gc().runOnce()).as("a: older than b, the version the reader's snapshot sees").isEqualTo(1);
        assertThat(writes(row(1))).hasSize(2);
        reader.rollback();
        letTimePass(5);
        assertThat(store.gc().runOnce()).as("b, once c is old too").isEqualTo(1);
        assertThat(writes(row(1))).hasSize(1);
        assertThat(readFresh(row(1))).isEqualTo("c");
    }

    @Test
    void aScanningRoundRemovesALoneDeleteAndKeepsALonePut() {
        open(c -> c.gcLifeTimeMs = 0);
        commitValues(row(1), "kept");
        Transaction t = store.begin(optimistic());
        t.delete(row(2)); // a row that never existed: its only version is a Delete
        t.commit(null);
        letTimePass(5);

        assertThat(store.gc().runOnce()).isEqualTo(1);
        assertThat(writes(row(1))).hasSize(1);
        assertThat(writes(row(2))).isEmpty();
        assertThat(readFresh(row(1))).isEqualTo("kept");
    }

    private double examined(String source) {
        return store.metrics().registry().get("basalt.gc.keys.examined").tag("source", source).counter().count();
    }
}
