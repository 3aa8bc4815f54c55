package io.basalt.sql.show;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.infoschema.TableStatistics;
import io.basalt.sql.sysvar.StatusCounters;
import io.basalt.sql.sysvar.StatusVariables;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;

import java.util.ArrayList;
import java.util.List;

/**
 * The server side of SHOW for tests: a fixed session list, fresh counters, 42 rows per table, AUTO_INCREMENT 7, and
 * WHERE limited to {@code column = 'text'}.
 */
public final class StubShowContext implements ShowContext {
    private final List<Session> sessions = new ArrayList<>();
    private final StatusVariables status = new StatusVariables(new StatusCounters(), System.currentTimeMillis(),
            () -> sessions.size(), () -> 1, null);

    public List<Session> mutableSessions() {
        return sessions;
    }

    @Override
    public List<Session> sessions() {
        return sessions;
    }

    @Override
    public StatusVariables status() {
        return status;
    }

    @Override
    public TableStatistics statistics() {
        return new TableStatistics() {
            @Override
            public long estimatedRows(TableDef table) {
                return 42;
            }

            @Override
            public Long nextAutoIncrement(TableDef table) {
                return table.autoIncrementColumn().isPresent() ? 7L : null;
            }
        };
    }

    @Override
    public RowFilter compileWhere(SqlNode where, List<ColumnDefinition> columns, Session session) {
        SqlBasicCall call = (SqlBasicCall) where;
        if (call.getKind() != SqlKind.EQUALS) {
            throw new IllegalArgumentException("only column = 'text' is supported here");
        }
        String column = ((SqlIdentifier) call.operand(0)).getSimple();
        String value = ((SqlLiteral) call.operand(1)).getValueAs(String.class);
        int index = -1;
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equalsIgnoreCase(column)) {
                index = i;
            }
        }
        int at = index;
        return row -> value.equals(row[at]);
    }
}
