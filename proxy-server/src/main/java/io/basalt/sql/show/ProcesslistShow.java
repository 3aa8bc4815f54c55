package io.basalt.sql.show;

import io.basalt.protocol.constants.Collations;
import io.basalt.protocol.constants.FieldType;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.infoschema.InformationSchemaRows;
import io.basalt.sql.parser.ast.SqlShow;
import io.basalt.sql.result.ColumnDefinitions;
import io.basalt.sql.result.ResultSetData;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;

import java.util.ArrayList;
import java.util.List;

/**
 * SHOW [FULL] PROCESSLIST: Id, User, Host, db, Command, Time, State, Info, Progress as MariaDB sends them; Info is
 * cut to 100 characters unless FULL. Progress is not tracked (0).
 */
final class ProcesslistShow implements ShowCommand {
    private static final int INFO_LENGTH = 100;
    /** Info of SHOW FULL PROCESSLIST is a LONG_BLOB of this length in MariaDB. */
    private static final long FULL_INFO_LENGTH = 201_326_592L;

    @Override
    public ResultSetData execute(SqlShow show, Session session, CatalogSnapshot catalog, ShowContext context) {
        List<ColumnDefinition> columns = List.of(
                ColumnDefinitions.forExpression("Id", SqlType.BIGINT.withLength(11), false),
                ColumnDefinitions.forExpression("User", SqlType.varchar(128), false),
                ColumnDefinitions.forExpression("Host", SqlType.varchar(64), false),
                ColumnDefinitions.forExpression("db", SqlType.varchar(64), true),
                ColumnDefinitions.forExpression("Command", SqlType.varchar(16), false),
                ColumnDefinitions.forExpression("Time", SqlType.INT.withLength(7), false),
                ColumnDefinitions.forExpression("State", SqlType.varchar(30), true),
                show.full() ? ColumnDefinition.computed("Info", Collations.UTF8MB4_GENERAL_CI, FULL_INFO_LENGTH,
                        FieldType.LONG_BLOB, 0, ColumnDefinitions.STRING_EXPRESSION_DECIMALS)
                        : ColumnDefinitions.forExpression("Info", SqlType.varchar(INFO_LENGTH), true),
                ColumnDefinitions.forExpression("Progress",
                        new SqlType(TypeKind.DOUBLE, 0, 7, 3, false, List.of()), false));
        long now = System.currentTimeMillis();
        List<Object[]> rows = new ArrayList<>();
        for (Session s : context.sessions()) {
            String info = InformationSchemaRows.processInfo(s);
            if (info != null && !show.full() && info.length() > INFO_LENGTH) {
                info = info.substring(0, INFO_LENGTH);
            }
            rows.add(new Object[] {s.connectionId(), s.user(), s.host(), s.currentDatabase(), s.command(),
                Math.max(0, now - s.commandStartMillis()) / 1000, InformationSchemaRows.processState(s), info, 0.0});
        }
        return new ResultSetData(columns, rows);
    }
}
