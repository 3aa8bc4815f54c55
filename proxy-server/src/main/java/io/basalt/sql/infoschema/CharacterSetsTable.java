package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.sysvar.CharacterSets;

import java.util.ArrayList;
import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.bigint;
import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/** information_schema.CHARACTER_SETS, from {@link CharacterSets}. */
final class CharacterSetsTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "CHARACTER_SETS", -7)
            .col("CHARACTER_SET_NAME", varchar(32))
            .col("DEFAULT_COLLATE_NAME", varchar(64))
            .col("DESCRIPTION", varchar(60))
            .col("MAXLEN", bigint(3))
            .build();

    @Override
    public TableDef definition() {
        return DEFINITION;
    }

    @Override
    public List<Object[]> rows(VirtualTableContext context) {
        List<Object[]> rows = new ArrayList<>();
        for (CharacterSets.CharacterSet c : CharacterSets.all()) {
            rows.add(new Object[] {c.name(), c.defaultCollation(), c.description(), (long) c.maxLength()});
        }
        return rows;
    }
}
