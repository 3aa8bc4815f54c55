package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.sysvar.StatusVariables;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/**
 * information_schema.SESSION_STATUS and GLOBAL_STATUS (names upper case). Basalt counts server-wide only, so both
 * show the same values (see {@link StatusVariables}).
 */
final class StatusTable implements VirtualTable {
    private final TableDef definition;

    StatusTable(String name, long id) {
        this.definition = new VirtualTableBuilder(InformationSchema.NAME, name, id)
                .col("VARIABLE_NAME", varchar(64))
                .col("VARIABLE_VALUE", varchar(4096))
                .build();
    }

    @Override
    public TableDef definition() {
        return definition;
    }

    @Override
    public List<Object[]> rows(VirtualTableContext context) {
        List<Object[]> rows = new ArrayList<>();
        for (StatusVariables.Entry e : context.status().all()) {
            rows.add(new Object[] {e.name().toUpperCase(Locale.ROOT), e.value()});
        }
        return rows;
    }
}
