package io.basalt.sql.binlog;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class BinlogRowValuesTest {
    private static final TableDef TABLE = new TableDef(3, "db", "t", List.of(
            new ColumnDef(1, "id", SqlType.BIGINT, false, DefaultValue.NONE, false, false, null),
            new ColumnDef(2, "doc", new SqlType(TypeKind.LONGTEXT, 0, 0, 0, false, List.of()), true,
                    DefaultValue.NONE, false, false, null),
            new ColumnDef(3, "note", SqlType.varchar(20), true, DefaultValue.NONE, false, false, null)),
            List.of(), -1, 4, 1, null);

    @Test
    void anUpdatesAfterImageReusesTheBytesOfTheColumnsItLeftAlone() {
        String doc = "ö".repeat(100_000);
        Object[] oldRow = {1L, doc, "old"};
        Object[] newRow = {1L, doc, new String("old".toCharArray())};
        Object[] before = BinlogRowValues.of(TABLE, oldRow, ZoneOffset.UTC);
        Object[] after = BinlogRowValues.after(TABLE, newRow, oldRow, before, ZoneOffset.UTC);

        assertThat(after[1]).as("the untouched LONGTEXT is encoded once").isSameAs(before[1]);
        assertThat((byte[]) after[1]).isEqualTo(doc.getBytes(StandardCharsets.UTF_8));
        assertThat(after[2]).as("an equal but new value is converted itself").isNotSameAs(before[2])
                .isEqualTo("old".getBytes(StandardCharsets.UTF_8));
        assertThat(after[0]).isEqualTo(1L);
    }
}
