package io.basalt.sql.infoschema;

import io.basalt.session.Session;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.parser.ast.VariableScoped;
import io.basalt.sql.setvar.SystemVariableReader;
import io.basalt.sql.sysvar.SystemVariable;
import io.basalt.sql.sysvar.VariableValues;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/**
 * information_schema.SESSION_VARIABLES and GLOBAL_VARIABLES (names upper case, as MariaDB lists them), and the
 * rows behind SHOW [GLOBAL | SESSION] VARIABLES (names lower case). Values are rendered as SHOW VARIABLES shows them:
 * ON/OFF for booleans, empty for NULL. GLOBAL lists no SESSION-only variable.
 */
final class VariablesTable implements VirtualTable {
    private final TableDef definition;
    private final boolean global;

    VariablesTable(String name, long id, boolean global) {
        this.definition = new VirtualTableBuilder(InformationSchema.NAME, name, id)
                .col("VARIABLE_NAME", varchar(64))
                .col("VARIABLE_VALUE", varchar(4096))
                .build();
        this.global = global;
    }

    @Override
    public TableDef definition() {
        return definition;
    }

    @Override
    public List<Object[]> rows(VirtualTableContext context) {
        List<Object[]> rows = new ArrayList<>();
        for (Object[] row : variables(context.session(), global)) {
            rows.add(new Object[] {((String) row[0]).toUpperCase(Locale.ROOT), row[1]});
        }
        return rows;
    }

    /** (name, value text) of every variable visible in the scope, sorted by name; names lower case. */
    static List<Object[]> variables(Session session, boolean global) {
        List<Object[]> rows = new ArrayList<>();
        VariableScoped.Scope scope = global ? VariableScoped.Scope.GLOBAL : VariableScoped.Scope.DEFAULT;
        for (SystemVariable def : session.variables().globals().all()) {
            if (global && def.scope() == SystemVariable.Scope.SESSION) {
                continue;
            }
            Object value = SystemVariableReader.read(session, scope, def.name());
            rows.add(new Object[] {def.name(), VariableValues.render(def, value)});
        }
        return rows;
    }
}
