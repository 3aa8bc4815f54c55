package io.basalt.sql.binlog;

import io.basalt.protocol.binlog.BinlogColumn;
import io.basalt.protocol.binlog.BinlogColumnType;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.type.SqlType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A session describes each table definition once, and an altered table by its new definition. */
class BinlogColumnCacheTest {

    private static TableDef table(long id, ColumnDef... columns) {
        return new TableDef(id, "d", "t" + id, List.of(columns), List.of(), 1, columns.length + 1, 1, "");
    }

    private static ColumnDef column(int id, String name, SqlType type) {
        return new ColumnDef(id, name, type, true, DefaultValue.NONE, false, false, "", null, null);
    }

    @Test
    void theSameDefinitionIsDescribedOnce() {
        BinlogColumnCache cache = new BinlogColumnCache();
        TableDef t = table(1, column(1, "id", SqlType.BIGINT));
        List<BinlogColumn> first = cache.columns(t);
        assertThat(cache.columns(t)).isSameAs(first);
        assertThat(first).containsExactly(BinlogColumn.integer("id", BinlogColumnType.LONGLONG, false, true));
    }

    @Test
    void anAlteredTableIsDescribedByItsNewDefinition() {
        BinlogColumnCache cache = new BinlogColumnCache();
        TableDef before = table(1, column(1, "id", SqlType.BIGINT));
        cache.columns(before);
        TableDef after = table(1, column(1, "id", SqlType.BIGINT), column(2, "n", SqlType.INT));
        assertThat(cache.columns(after)).containsExactly(
                BinlogColumn.integer("id", BinlogColumnType.LONGLONG, false, true),
                BinlogColumn.integer("n", BinlogColumnType.LONG, false, true));
    }

    @Test
    void aSessionTouchingManyTablesKeepsABoundedCacheAndCorrectDescriptions() {
        BinlogColumnCache cache = new BinlogColumnCache();
        for (int i = 0; i < BinlogColumnCache.MAX_TABLES * 3; i++) {
            String name = "c" + i;
            assertThat(cache.columns(table(i, column(1, name, SqlType.INT))))
                    .containsExactly(BinlogColumn.integer(name, BinlogColumnType.LONG, false, true));
            assertThat(cache.size()).isLessThanOrEqualTo(BinlogColumnCache.MAX_TABLES);
        }
    }
}
