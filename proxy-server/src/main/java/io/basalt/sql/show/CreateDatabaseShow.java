package io.basalt.sql.show;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.catalog.DatabaseDef;
import io.basalt.sql.infoschema.InformationSchema;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ColumnDefinitions;
import io.basalt.sql.result.ResultSetData;
import io.basalt.sql.type.SqlType;

import java.util.List;

/**
 * SHOW CREATE DATABASE db: {@code Database}, {@code Create Database} with MariaDB's text
 * {@code CREATE DATABASE `db` /*!40100 DEFAULT CHARACTER SET cs COLLATE coll *}{@code /}.
 */
final class CreateDatabaseShow implements ShowCommand {
    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        String name = show.database();
        DatabaseDef db = InformationSchema.isInformationSchema(name) ? InformationSchema.DATABASE
                : catalog.database(name).orElseThrow(() -> new MySqlException(ErrorCode.BAD_DB_ERROR, name));
        List<ColumnDefinition> columns = List.of(
                ColumnDefinitions.forExpression("Database", SqlType.varchar(64), false),
                ColumnDefinitions.forExpression("Create Database", SqlType.varchar(1024), false));
        String text = "CREATE DATABASE " + quoteIdentifier(db.name()) + " /*!40100 DEFAULT CHARACTER SET "
                + db.charset() + " COLLATE " + db.collation() + " */";
        return new ResultSetData(columns, List.<Object[]>of(new Object[] {db.name(), text}));
    }

    /** An identifier in backticks, embedded backticks doubled (sql_quote_show_create=ON). */
    static String quoteIdentifier(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
