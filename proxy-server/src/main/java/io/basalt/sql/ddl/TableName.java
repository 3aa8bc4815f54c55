package io.basalt.sql.ddl;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import org.apache.calcite.sql.SqlIdentifier;

/** A database-qualified table name. Names are case-sensitive (lower_case_table_names=0). */
record TableName(String database, String table) implements Comparable<TableName> {

    @Override
    public int compareTo(TableName o) {
        int c = database.compareTo(o.database);
        return c != 0 ? c : table.compareTo(o.table);
    }

    /**
     * Resolves {@code t} or {@code db.t} against the current database.
     *
     * @throws MySqlException 1046 when unqualified and no database is selected
     */
    static TableName of(SqlIdentifier id, String currentDatabase) {
        if (id.names.size() >= 2) {
            return new TableName(id.names.get(id.names.size() - 2), id.names.get(id.names.size() - 1));
        }
        if (currentDatabase == null) {
            throw new MySqlException(ErrorCode.NO_DB_ERROR);
        }
        return new TableName(currentDatabase, id.names.get(0));
    }

    /** {@code db.table} as MySQL writes it in messages (1051, 1146). */
    String qualified() {
        return database + "." + table;
    }

    void checkValid() {
        DdlContext.checkDatabaseName(database);
        if (table.isEmpty() || table.length() > ColumnFactory.MAX_IDENTIFIER || table.endsWith(" ")) {
            throw DdlErrors.wrongTableName(table);
        }
    }

    MySqlException noSuchTable() {
        return new MySqlException(ErrorCode.NO_SUCH_TABLE, database, table);
    }
}
