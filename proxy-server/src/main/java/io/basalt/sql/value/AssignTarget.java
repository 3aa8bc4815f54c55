package io.basalt.sql.value;

import io.basalt.sql.type.SqlType;

/**
 * A column being written by INSERT or UPDATE, named as MariaDB names it in conversion errors: 1264/1265/1406 use the
 * bare column name, 1292/1366 the qualified `db`.`table`.`column`. Build one per target column at bind time.
 */
public record AssignTarget(String schema, String table, String column, SqlType type) {

    String qualifiedName() {
        return "`" + schema + "`.`" + table + "`.`" + column + "`";
    }
}
