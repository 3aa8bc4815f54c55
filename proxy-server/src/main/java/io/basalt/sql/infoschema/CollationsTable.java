package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.sysvar.CharacterSets;

import java.util.ArrayList;
import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.bigint;
import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/** information_schema.COLLATIONS, from {@link CharacterSets}. */
final class CollationsTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "COLLATIONS", -6)
            .col("COLLATION_NAME", varchar(64))
            .nullable("CHARACTER_SET_NAME", varchar(32))
            .nullable("ID", bigint(11))
            .nullable("IS_DEFAULT", varchar(3))
            .col("IS_COMPILED", varchar(3))
            .col("SORTLEN", bigint(3))
            .build();

    @Override
    public TableDef definition() {
        return DEFINITION;
    }

    @Override
    public List<Object[]> rows(VirtualTableContext context) {
        List<Object[]> rows = new ArrayList<>();
        for (CharacterSets.Collation c : CharacterSets.collations()) {
            rows.add(new Object[] {c.name(), c.charset(), (long) c.id(), c.isDefault() ? "Yes" : "", "Yes",
                (long) c.sortLength()});
        }
        return rows;
    }
}
