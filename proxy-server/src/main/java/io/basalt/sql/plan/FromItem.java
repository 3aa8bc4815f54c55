package io.basalt.sql.plan;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.exec.JoinKind;
import io.basalt.sql.exec.PlanNode;

/**
 * The FROM clause after name resolution: table leaves (whose access path is chosen later, once the WHERE clause is
 * bound) and joins. Every item's columns occupy a contiguous range of the query row starting at {@code offset}.
 */
sealed interface FromItem {
    int offset();

    int width();

    /** A stored table. */
    record Table(TableDef table, String alias, int offset) implements FromItem {
        @Override
        public int width() {
            return table.columns().size();
        }
    }

    /** A derived table, VALUES list or information_schema table: an already planned input. */
    record Planned(PlanNode node, int offset, int width) implements FromItem {
    }

    /** left JOIN right; {@code swapped} marks a RIGHT JOIN executed as LEFT JOIN with inputs exchanged. */
    record Join(FromItem left, FromItem right, JoinKind kind, boolean swapped, org.apache.calcite.sql.SqlNode on,
                NameScope localScope, int offset) implements FromItem {
        @Override
        public int width() {
            return left.width() + right.width();
        }
    }
}
