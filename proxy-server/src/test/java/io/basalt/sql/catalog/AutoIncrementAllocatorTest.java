package io.basalt.sql.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.sql.type.SqlType;
import io.basalt.storage.TxnStore;
import io.basalt.storage.testing.StoreFixture;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AutoIncrementAllocatorTest {
    private static final TableDef T = new TableDef(500, "db", "t", List.of(new ColumnDef(1, "id", SqlType.BIGINT,
            false, DefaultValue.NONE, true, false, null)), List.of(), 1, 2, 1, null);

    @TempDir
    Path dir;

    private static AutoIncrementAllocator allocator(TxnStore store, int batch) {
        return new AutoIncrementAllocator(store, batch, new SimpleMeterRegistry());
    }

    @Test
    void valuesComeInBatchesAndARestartSkipsTheRestOfTheBatch() {
        try (TxnStore store = StoreFixture.open(dir)) {
            AutoIncrementAllocator ids = allocator(store, 10);
            assertThat(List.of(ids.next(T), ids.next(T), ids.next(T))).containsExactly(1L, 2L, 3L);
            assertThat(ids.peekNext(T)).isEqualTo(4);
            AutoIncrementAllocator afterRestart = allocator(store, 10);
            assertThat(afterRestart.peekNext(T)).isEqualTo(11);
            assertThat(afterRestart.next(T)).isEqualTo(11);
            for (int i = 0; i < 9; i++) {
                afterRestart.next(T);
            }
            assertThat(afterRestart.next(T)).isEqualTo(21);
        }
    }

    @Test
    void explicitValuesMoveTheCounterPastThem() {
        try (TxnStore store = StoreFixture.open(dir)) {
            AutoIncrementAllocator ids = allocator(store, 10);
            assertThat(ids.next(T)).isEqualTo(1);
            ids.observe(T, 5);
            assertThat(ids.next(T)).isEqualTo(6);
            ids.observe(T, 3);
            ids.observe(T, -100);
            assertThat(ids.next(T)).isEqualTo(7);
            ids.observe(T, 1000);
            assertThat(ids.next(T)).isEqualTo(1001);
            assertThat(allocator(store, 10).next(T)).as("persisted past the explicit value").isGreaterThan(1001);
        }
    }

    @Test
    void incrementAndOffsetPickTheNextValueOfTheirSeries() {
        try (TxnStore store = StoreFixture.open(dir)) {
            AutoIncrementAllocator ids = allocator(store, 10);
            assertThat(List.of(ids.next(T, 5, 1), ids.next(T, 5, 1), ids.next(T, 5, 1))).containsExactly(1L, 6L, 11L);
            assertThat(ids.next(T, 10, 3)).isEqualTo(13);
            assertThat(ids.next(T, 1, 1)).isEqualTo(14);
            assertThat(ids.next(T, 2, 5)).as("an offset above the increment is ignored").isEqualTo(15);
            ids.observe(T, 20);
            assertThat(ids.next(T, 100, 1)).as("beyond the cached batch").isEqualTo(101);
            assertThat(ids.next(T, 1, 1)).isEqualTo(102);
        }
    }

    @Test
    void observeBeforeAnyNext() {
        try (TxnStore store = StoreFixture.open(dir)) {
            AutoIncrementAllocator ids = allocator(store, 100);
            ids.observe(T, 42);
            assertThat(ids.next(T)).isEqualTo(43);
        }
    }

    @Test
    void concurrentCallersGetDistinctValues() throws Exception {
        try (TxnStore store = StoreFixture.open(dir)) {
            AutoIncrementAllocator ids = allocator(store, 100);
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<List<Long>>> results = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    int thread = t;
                    results.add(pool.submit(() -> {
                        List<Long> got = new ArrayList<>();
                        for (int i = 0; i < 1500; i++) {
                            got.add(ids.next(T));
                            if (thread == 0 && i % 100 == 0) {
                                ids.observe(T, ids.peekNext(T) + 3);
                            }
                        }
                        return got;
                    }));
                }
                Set<Long> all = new HashSet<>();
                for (Future<List<Long>> f : results) {
                    all.addAll(f.get());
                }
                assertThat(all).hasSize(8 * 1500);
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void rowIdsAreCountedApartFromAutoIncrement() {
        try (TxnStore store = StoreFixture.open(dir)) {
            AutoIncrementAllocator ids = allocator(store, 10);
            assertThat(ids.next(T)).isEqualTo(1);
            assertThat(ids.nextRowId(T)).isEqualTo(1);
            assertThat(ids.nextRowId(T)).isEqualTo(2);
            assertThat(ids.next(T)).isEqualTo(2);
        }
    }

    @Test
    void catalogChangeSetsTheStartValue() {
        try (TxnStore store = StoreFixture.open(dir); Catalog catalog = Catalog.open(store, new SimpleMeterRegistry())) {
            catalog.autoIncrement().next(T);
            catalog.apply(new CatalogChange().autoIncrementStart(T.id(), 100));
            assertThat(catalog.autoIncrement().next(T)).isEqualTo(100);
        }
    }
}
