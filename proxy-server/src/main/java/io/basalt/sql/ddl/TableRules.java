package io.basalt.sql.ddl;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.type.TypeKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Whole-table rules shared by CREATE TABLE and ALTER TABLE. */
final class TableRules {
    private TableRules() {
    }

    /**
     * Indexes in MariaDB's order (as SHOW CREATE TABLE lists them): PRIMARY, then UNIQUE keys (those over NOT NULL
     * columns first, then those without prefix parts; long unique keys last), then the other indexes; creation
     * order otherwise.
     */
    static List<IndexDef> sorted(List<ColumnDef> columns, List<IndexDef> indexes) {
        Map<Integer, ColumnDef> byId = columns.stream().collect(Collectors.toMap(ColumnDef::id,
                Function.identity()));
        Comparator<IndexDef> order = Comparator
                .comparingInt((IndexDef i) -> i.kind() == IndexDef.Kind.PRIMARY ? 0 : 1)
                .thenComparingInt(i -> i.unique() ? 0 : 1)
                .thenComparingInt(i -> i.unique() && isLongUnique(byId::get, i) ? 1 : 0)
                .thenComparingInt(i -> i.unique() && i.columns().stream()
                        .anyMatch(p -> byId.get(p.columnId()).nullable()) ? 1 : 0)
                .thenComparingInt(i -> i.unique() && i.columns().stream().anyMatch(p -> p.prefixLength() > 0) ? 1 : 0)
                .thenComparingLong(IndexDef::id);
        List<IndexDef> out = new ArrayList<>(indexes);
        out.sort(order);
        return out;
    }

    /**
     * A UNIQUE key over a whole BLOB/TEXT column or longer than 3072 bytes: MariaDB keeps these as hashed "long
     * unique" keys ({@code USING HASH}); Basalt indexes the whole value.
     */
    static boolean isLongUnique(Function<Integer, ColumnDef> columnById, IndexDef index) {
        if (index.kind() != IndexDef.Kind.UNIQUE) {
            return false;
        }
        long bytes = 0;
        for (IndexDef.KeyPart p : index.columns()) {
            ColumnDef c = columnById.apply(p.columnId());
            if (p.prefixLength() == 0 && TypeMapper.isLob(c.type().kind())) {
                return true;
            }
            bytes += IndexFactory.partBytes(c, p.prefixLength());
        }
        return bytes > IndexFactory.MAX_KEY_BYTES;
    }

    /** The handle column id: the PRIMARY KEY's column when it is one whole integer column; else -1. */
    static int handleColumn(List<ColumnDef> columns, List<IndexDef> indexes) {
        for (IndexDef i : indexes) {
            if (i.kind() == IndexDef.Kind.PRIMARY && i.columns().size() == 1 && i.columns().get(0).prefixLength() == 0) {
                int id = i.columns().get(0).columnId();
                ColumnDef c = columns.stream().filter(x -> x.id() == id).findFirst().orElseThrow();
                TypeKind k = c.type().kind();
                if (k.category() == TypeKind.Category.INTEGER && k != TypeKind.YEAR) {
                    return id;
                }
            }
        }
        return -1;
    }

    /** 1075: at most one AUTO_INCREMENT column, and it must be the first part of some index. */
    static void checkAutoIncrement(List<ColumnDef> columns, List<IndexDef> indexes) {
        List<ColumnDef> auto = columns.stream().filter(ColumnDef::autoIncrement).toList();
        if (auto.isEmpty()) {
            return;
        }
        int id = auto.get(0).id();
        boolean keyed = indexes.stream().anyMatch(i -> i.columns().get(0).columnId() == id);
        if (auto.size() > 1 || !keyed) {
            throw new MySqlException(ErrorCode.WRONG_AUTO_KEY);
        }
    }

    static void checkDuplicateColumns(List<ColumnDef> columns) {
        for (int i = 0; i < columns.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (columns.get(i).name().equalsIgnoreCase(columns.get(j).name())) {
                    throw new MySqlException(ErrorCode.DUP_FIELDNAME, columns.get(i).name());
                }
            }
        }
    }

    /** Makes the columns of a PRIMARY KEY NOT NULL. */
    static List<ColumnDef> primaryKeyColumnsNotNull(List<ColumnDef> columns, List<IndexDef> indexes) {
        List<Integer> pk = indexes.stream().filter(i -> i.kind() == IndexDef.Kind.PRIMARY)
                .flatMap(i -> i.columns().stream()).map(IndexDef.KeyPart::columnId).toList();
        List<ColumnDef> out = new ArrayList<>(columns.size());
        for (ColumnDef c : columns) {
            out.add(pk.contains(c.id()) ? ColumnFactory.asPrimaryKeyPart(c) : c);
        }
        return out;
    }
}
