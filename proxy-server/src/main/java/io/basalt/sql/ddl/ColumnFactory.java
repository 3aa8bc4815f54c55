package io.basalt.sql.ddl;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.parser.ast.SqlColumnSpec;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;

/**
 * Builds a {@link ColumnDef} from a parsed column definition with MariaDB's rules: AUTO_INCREMENT only on integer
 * columns (1063), never with a DEFAULT (1067), and NOT NULL; ON UPDATE CURRENT_TIMESTAMP only on DATETIME and
 * TIMESTAMP (1294); identifiers at most 64 characters (1059) and without trailing spaces (1166).
 */
final class ColumnFactory {
    static final int MAX_IDENTIFIER = 64;

    private ColumnFactory() {
    }

    static ColumnDef build(int id, SqlColumnSpec spec, String tableCollation) {
        String name = spec.name();
        checkName(name);
        TypeMapper.Mapped mapped = TypeMapper.map(name, spec.type(), tableCollation);
        SqlType type = mapped.type();
        boolean nullable = !Boolean.TRUE.equals(spec.notNull()) && !spec.autoIncrement() && !spec.primaryKey();
        if (spec.autoIncrement()) {
            if (type.kind() == TypeKind.FLOAT || type.kind() == TypeKind.DOUBLE) {
                throw new MySqlException(ErrorCode.NOT_SUPPORTED_YET, "AUTO_INCREMENT on a FLOAT or DOUBLE column");
            }
            if (type.kind().category() != TypeKind.Category.INTEGER || type.kind() == TypeKind.YEAR) {
                throw new MySqlException(ErrorCode.WRONG_FIELD_SPEC, name);
            }
            if (spec.defaultValue() != null) {
                throw DefaultValues.invalid(name);
            }
        }
        if (spec.onUpdateCurrentTimestamp() && type.kind() != TypeKind.DATETIME
                && type.kind() != TypeKind.TIMESTAMP) {
            throw DdlErrors.invalidOnUpdate(name);
        }
        DefaultValue def = DefaultValues.of(name, type, mapped.collation(), nullable, spec.defaultValue());
        return new ColumnDef(id, name, type, nullable, def, spec.autoIncrement(), spec.onUpdateCurrentTimestamp(),
                spec.comment(), mapped.collation(), null);
    }

    /** The column as part of a PRIMARY KEY: NOT NULL (MariaDB makes it so); an explicit DEFAULT NULL is 1067. */
    static ColumnDef asPrimaryKeyPart(ColumnDef c) {
        if (c.defaultValue() instanceof DefaultValue.Constant k && k.value() == null) {
            throw DefaultValues.invalid(c.name());
        }
        return c.nullable() ? c.withNullable(false) : c;
    }

    static void checkName(String name) {
        if (name.length() > MAX_IDENTIFIER) {
            throw new MySqlException(ErrorCode.TOO_LONG_IDENT, name);
        }
        if (name.isEmpty() || name.endsWith(" ")) {
            throw new MySqlException(ErrorCode.WRONG_COLUMN_NAME, name);
        }
    }
}
