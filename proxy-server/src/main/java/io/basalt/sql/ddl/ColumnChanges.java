package io.basalt.sql.ddl;

import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;

/** Rules for changing columns of a table that has rows, which Basalt never rewrites. */
final class ColumnChanges {
    private static final List<TypeKind> INTEGER_RANK = List.of(TypeKind.TINYINT, TypeKind.SMALLINT,
            TypeKind.MEDIUMINT, TypeKind.INT, TypeKind.BIGINT);

    private ColumnChanges() {
    }

    /**
     * Whether every stored value of {@code from} is, unchanged, a valid value of {@code to} that sorts the same in
     * indexes: widening integers of the same signedness, DECIMAL precision up at the same scale, FLOAT to DOUBLE,
     * longer strings or bytes (not into CHAR/BINARY, which would change padding), ENUM labels appended, more
     * fractional digits. Anything else needs a rewrite.
     */
    static boolean storageCompatible(ColumnDef from, ColumnDef to) {
        SqlType a = from.type();
        SqlType b = to.type();
        if (a.kind().category() != b.kind().category() || from.caseInsensitive() != to.caseInsensitive()) {
            return false;
        }
        return switch (a.kind().category()) {
            case INTEGER -> a.unsigned() == b.unsigned() && (a.kind() == b.kind()
                    || INTEGER_RANK.contains(a.kind()) && INTEGER_RANK.indexOf(b.kind()) >= INTEGER_RANK.indexOf(a.kind()));
            case DECIMAL -> a.scale() == b.scale() && b.precision() >= a.precision() && a.unsigned() == b.unsigned();
            case FLOATING -> a.unsigned() == b.unsigned() && (b.precision() == 0
                    ? a.kind() == b.kind() || b.kind() == TypeKind.DOUBLE
                    : a.kind() == b.kind() && a.scale() == b.scale() && a.precision() != 0
                            && b.precision() >= a.precision());
            case STRING -> strings(from, to);
            case BINARY -> TypeMapper.maxLength(b, null) >= TypeMapper.maxLength(a, null)
                    && (b.kind() != TypeKind.BINARY || a.kind() == TypeKind.BINARY && a.length() == b.length());
            case TEMPORAL -> a.kind() == b.kind() && b.fsp() >= a.fsp();
            case NULL -> true;
        };
    }

    private static boolean strings(ColumnDef from, ColumnDef to) {
        SqlType a = from.type();
        SqlType b = to.type();
        if (a.kind() == TypeKind.ENUM || b.kind() == TypeKind.ENUM) {
            return a.kind() == b.kind() && b.enumValues().size() >= a.enumValues().size()
                    && b.enumValues().subList(0, a.enumValues().size()).equals(a.enumValues());
        }
        if ((a.kind() == TypeKind.JSON) != (b.kind() == TypeKind.JSON)) {
            return false;
        }
        boolean intoChar = b.kind() == TypeKind.CHAR && a.kind() != TypeKind.CHAR;
        return !intoChar && TypeMapper.maxLength(b, to.collation()) >= TypeMapper.maxLength(a, from.collation());
    }

    /**
     * The value rows written before the column existed have (ADD COLUMN): its constant default, the current time
     * for DEFAULT CURRENT_TIMESTAMP, NULL for a nullable column, otherwise the type's implicit default (0, '', the
     * first ENUM label...). Zero dates do not exist in Basalt's value model, so a NOT NULL date column without a
     * default is refused (1292) unless the table is empty.
     */
    static Object originDefault(ColumnDef c, boolean tableEmpty) {
        if (c.defaultValue() instanceof DefaultValue.Constant k) {
            return k.value();
        }
        if (c.defaultValue() instanceof DefaultValue.CurrentTimestamp now) {
            LocalDateTime t = LocalDateTime.now().truncatedTo(ChronoUnit.MICROS);
            long unit = (long) Math.pow(10, 6 - now.fsp()) * 1_000;
            return t.withNano((int) (t.getNano() / unit * unit));
        }
        if (c.nullable() || c.autoIncrement()) {
            return null;
        }
        SqlType t = c.type();
        return switch (t.kind()) {
            case TINYINT, SMALLINT, MEDIUMINT, INT, BIGINT, YEAR -> 0L;
            case DECIMAL -> BigDecimal.ZERO.setScale(t.scale(), RoundingMode.UNNECESSARY);
            case FLOAT, DOUBLE -> 0.0;
            case ENUM -> t.enumValues().get(0);
            case CHAR, VARCHAR, TINYTEXT, TEXT, MEDIUMTEXT, LONGTEXT, JSON -> "";
            case BINARY -> new byte[t.length()];
            case VARBINARY, TINYBLOB, BLOB, MEDIUMBLOB, LONGBLOB -> new byte[0];
            case TIME -> Duration.ZERO;
            case DATE, DATETIME, TIMESTAMP -> {
                if (!tableEmpty) {
                    throw t.kind() == TypeKind.DATE ? DdlErrors.incorrectZeroDate("date", "0000-00-00", c.name())
                            : DdlErrors.incorrectZeroDate("datetime", "0000-00-00 00:00:00", c.name());
                }
                yield null;
            }
            case NULL -> null;
        };
    }
}
