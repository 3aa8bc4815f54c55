package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.sysvar.CharacterSets;

import java.util.ArrayList;
import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.bigint;
import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/** information_schema.COLLATION_CHARACTER_SET_APPLICABILITY, from {@link CharacterSets}. */
final class CollationApplicabilityTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "COLLATION_CHARACTER_SET_APPLICABILITY", -8)
            .col("COLLATION_NAME", varchar(64))
            .col("CHARACTER_SET_NAME", varchar(32))
            .col("FULL_COLLATION_NAME", varchar(64))
            .col("ID", bigint(11))
            .col("IS_DEFAULT", varchar(3))
            .build();

    @Override
    public TableDef definition() {
        return DEFINITION;
    }

    @Override
    public List<Object[]> rows(VirtualTableContext context) {
        List<Object[]> rows = new ArrayList<>();
        for (CharacterSets.Collation c : CharacterSets.collations()) {
            rows.add(new Object[] {c.name(), c.charset(), c.name(), (long) c.id(), c.isDefault() ? "Yes" : ""});
        }
        return rows;
    }
}
