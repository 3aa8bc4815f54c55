package io.basalt.sql.binlog;

import io.basalt.protocol.binlog.BinlogColumn;
import io.basalt.protocol.binlog.BinlogColumnType;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class BinlogColumnsTest {

    private static ColumnDef col(int id, String name, SqlType type, boolean nullable, String collation) {
        return new ColumnDef(id, name, type, nullable, DefaultValue.NONE, false, false, "", collation, null);
    }

    private static final TableDef TABLE = new TableDef(100, "d", "t", List.of(
            col(1, "id", SqlType.BIGINT_UNSIGNED, false, null),
            col(2, "c", new SqlType(TypeKind.CHAR, 10, 0, 0, false, List.of()), true, "utf8mb4_general_ci"),
            col(3, "v", SqlType.varchar(20), true, "latin1_swedish_ci"),
            col(4, "b", new SqlType(TypeKind.VARBINARY, 16, 0, 0, false, List.of()), true, null),
            col(5, "n", SqlType.decimal(10, 2), true, null),
            col(6, "e", new SqlType(TypeKind.ENUM, 0, 0, 0, false, List.of("a", "b", "c")), true,
                    "utf8mb4_bin"),
            col(7, "ts", SqlType.temporal(TypeKind.TIMESTAMP, 3), true, null),
            col(8, "tx", SqlType.of(TypeKind.MEDIUMTEXT), true, "utf8mb4_general_ci"),
            col(9, "j", SqlType.JSON, true, "utf8mb4_bin"),
            col(10, "y", SqlType.of(TypeKind.YEAR), true, null)),
            List.of(), 1, 11, 1, "");

    @Test
    void typesAndMetadataFollowTheCharset() {
        List<BinlogColumn> cols = BinlogColumns.of(TABLE);
        assertThat(cols.get(0)).isEqualTo(BinlogColumn.integer("id", BinlogColumnType.LONGLONG, true, false));
        assertThat(cols.get(1)).isEqualTo(BinlogColumn.fixedString("c", 40, 45, true));
        assertThat(cols.get(2)).isEqualTo(BinlogColumn.varchar("v", 20, 8, true));
        assertThat(cols.get(3)).isEqualTo(BinlogColumn.varchar("b", 16, BinlogColumn.BINARY_CHARSET, true));
        assertThat(cols.get(4)).isEqualTo(BinlogColumn.decimal("n", 10, 2, false, true));
        assertThat(cols.get(5)).isEqualTo(BinlogColumn.enumeration("e", List.of("a", "b", "c"), 46, true));
        assertThat(cols.get(6)).isEqualTo(BinlogColumn.temporal("ts", BinlogColumnType.TIMESTAMP2, 3, true));
        assertThat(cols.get(7)).isEqualTo(BinlogColumn.blob("tx", 3, 45, true));
        assertThat(cols.get(8)).isEqualTo(BinlogColumn.json("j", true));
        assertThat(cols.get(9)).isEqualTo(BinlogColumn.year("y", true));
    }

    @Test
    void valuesBecomeRowImageValues() {
        LocalDateTime ts = LocalDateTime.of(2024, 1, 2, 3, 4, 5);
        Object[] row = {-1L, "héllo", "café", new byte[] {1, 2}, new BigDecimal("3.5"), "b", ts, "text", "{}",
                2024L};
        Object[] out = BinlogRowValues.of(TABLE, row, ZoneId.of("+02:00"));
        assertThat(out[0]).isEqualTo(-1L);
        assertThat((byte[]) out[1]).isEqualTo("héllo".getBytes(StandardCharsets.UTF_8));
        assertThat((byte[]) out[2]).containsExactly('c', 'a', 'f', 0xe9);
        assertThat((byte[]) out[3]).containsExactly(1, 2);
        assertThat(out[4]).isEqualTo(new BigDecimal("3.50"));
        assertThat(out[5]).isEqualTo(2);
        assertThat(out[6]).isEqualTo(ts.toInstant(ZoneOffset.ofHours(2)));
        assertThat((byte[]) out[8]).isEqualTo("{}".getBytes(StandardCharsets.UTF_8));
        assertThat(out[9]).isEqualTo(2024L);
        assertThat(BinlogRowValues.of(TABLE, new Object[10], ZoneOffset.UTC)).containsOnlyNulls();
    }
}
