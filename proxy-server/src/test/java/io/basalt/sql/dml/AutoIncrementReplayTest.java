package io.basalt.sql.dml;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.sql.catalog.AutoIncrementAllocator;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.type.SqlType;
import io.basalt.storage.TxnStore;
import io.basalt.storage.testing.StoreFixture;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AutoIncrementReplayTest {
    private static final TableDef T = table(500);
    private static final TableDef RECREATED = table(501);

    @TempDir
    Path dir;
    private TxnStore store;
    private AutoIncrementReplay replay;

    private static TableDef table(long id) {
        return new TableDef(id, "db", "t", List.of(new ColumnDef(1, "id", SqlType.BIGINT, false, DefaultValue.NONE,
                true, false, null)), List.of(), 1, 2, 1, null);
    }

    @BeforeEach
    void open() {
        store = StoreFixture.open(dir);
        replay = new AutoIncrementReplay(new AutoIncrementAllocator(store, 1000, new SimpleMeterRegistry()));
    }

    @AfterEach
    void close() {
        store.close();
    }

    private List<Long> take(TableDef table, int n) {
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(replay.next(table, 1, 1));
        }
        return ids;
    }

    @Test
    void aRewoundStatementTakesItsValuesAgainAndNewOnesPastThem() {
        assertThat(take(T, 2)).containsExactly(1L, 2L);
        replay.rewind();
        assertThat(take(T, 3)).as("a run with one row more").containsExactly(1L, 2L, 3L);
        replay.rewind();
        assertThat(take(T, 1)).as("and one with fewer").containsExactly(1L);
    }

    @Test
    void aStatementOfManyRowsIsReplayedWhole() {
        List<Long> first = take(T, 500);
        replay.rewind();
        assertThat(take(T, 500)).isEqualTo(first);
        replay.finish();
        assertThat(take(T, 1)).containsExactly(501L);
    }

    @Test
    void aFinishedStatementsValuesAreNotGivenAgain() {
        assertThat(take(T, 2)).containsExactly(1L, 2L);
        replay.finish();
        assertThat(take(T, 1)).containsExactly(3L);
    }

    @Test
    void aRunThatGoesToAnotherTableForgetsTheRestOfTheEarlierRun() {
        assertThat(take(T, 2)).containsExactly(1L, 2L);
        replay.rewind();
        assertThat(take(RECREATED, 1)).containsExactly(1L);
        assertThat(take(T, 1)).as("not T's 2: the replay ended at the other table").containsExactly(3L);
    }
}
