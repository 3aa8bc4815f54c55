package io.basalt.sql.show;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.infoschema.InformationSchema;
import io.basalt.sql.infoschema.VirtualTable;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ColumnDefinitions;
import io.basalt.sql.result.ResultSetData;
import org.apache.calcite.sql.SqlIdentifier;

import java.util.ArrayList;
import java.util.List;

/**
 * What SHOW commands share: resolving the database and table they name (with MySQL's errors 1046, 1049, 1146),
 * column definitions taken from the information_schema table MariaDB builds the SHOW from (so schema, table and
 * origin names match MariaDB's), and the LIKE / WHERE filters.
 */
final class ShowSupport {

    private ShowSupport() {
    }

    /** The definition of an information_schema table. */
    static TableDef virtualTable(String name) {
        return InformationSchema.table(name).map(VirtualTable::definition)
                .orElseThrow(() -> new IllegalStateException("no information_schema table " + name));
    }

    /** A result column that shows column {@code columnName} of the virtual table under {@code label}. */
    static ColumnDefinition column(TableDef virtual, String columnName, String label) {
        return ColumnDefinitions.forColumn(InformationSchema.NAME, virtual.name(), virtual,
                virtual.column(columnName).orElseThrow(), label);
    }

    /** Result columns from (column name, label) pairs of a virtual table. */
    static List<ColumnDefinition> columns(TableDef virtual, String... namesAndLabels) {
        List<ColumnDefinition> columns = new ArrayList<>();
        for (int i = 0; i < namesAndLabels.length; i += 2) {
            columns.add(column(virtual, namesAndLabels[i], namesAndLabels[i + 1]));
        }
        return columns;
    }

    /** The elements of {@code row} at {@code indexes}, in that order. */
    static Object[] pick(Object[] row, int... indexes) {
        Object[] out = new Object[indexes.length];
        for (int i = 0; i < indexes.length; i++) {
            out[i] = row[indexes[i]];
        }
        return out;
    }

    /**
     * The database a SHOW addresses: FROM / IN db, else the current one.
     *
     * @throws MySqlException 1046 when neither is set, 1049 when it does not exist
     */
    static String database(String named, Session session, CatalogSnapshot catalog) {
        String db = named != null ? named : session.currentDatabase();
        if (db == null) {
            throw new MySqlException(ErrorCode.NO_DB_ERROR);
        }
        if (InformationSchema.isInformationSchema(db)) {
            return InformationSchema.NAME;
        }
        if (catalog.database(db).isEmpty()) {
            throw new MySqlException(ErrorCode.BAD_DB_ERROR, db);
        }
        return db;
    }

    /**
     * The table of SHOW COLUMNS / INDEX / CREATE TABLE: {@code t FROM db}, {@code db.t} or {@code t} of the current
     * database.
     *
     * @throws MySqlException 1046 without a database, 1146 when the table (or its database) does not exist
     */
    static TableDef table(SqlShow show, Session session, CatalogSnapshot catalog) {
        SqlIdentifier id = show.table();
        String name = id.names.get(id.names.size() - 1);
        String db = show.database() != null ? show.database()
                : id.names.size() > 1 ? id.names.get(0) : session.currentDatabase();
        if (db == null) {
            throw new MySqlException(ErrorCode.NO_DB_ERROR);
        }
        if (InformationSchema.isInformationSchema(db)) {
            return InformationSchema.table(name).map(VirtualTable::definition)
                    .orElseThrow(() -> new MySqlException(ErrorCode.NO_SUCH_TABLE, InformationSchema.NAME, name));
        }
        return catalog.table(db, name)
                .orElseThrow(() -> new MySqlException(ErrorCode.NO_SUCH_TABLE, db, name));
    }

    /**
     * Applies SHOW's LIKE (to column {@code likeColumn}) or WHERE and packs the result.
     *
     * @param likeColumn index of the column LIKE matches
     */
    static ResultSetData filter(List<ColumnDefinition> columns, List<Object[]> rows, SqlShow show, int likeColumn,
                                boolean caseSensitive, Session session, ShowContext context) {
        List<Object[]> kept = rows;
        if (show.like() != null) {
            LikePattern pattern = LikePattern.compile(show.like(), caseSensitive);
            kept = rows.stream().filter(r -> pattern.matches((String) r[likeColumn])).toList();
        } else if (show.where() != null) {
            RowFilter where = context.compileWhere(show.where(), columns, session);
            kept = rows.stream().filter(where).toList();
        }
        return new ResultSetData(columns, kept);
    }

    /** The label SHOW DATABASES / SHOW TABLES give their first column when LIKE is used: {@code name (pattern)}. */
    static String withPattern(String label, SqlShow show) {
        return show.like() == null ? label : label + " (" + show.like() + ")";
    }
}
