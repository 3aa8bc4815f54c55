package io.basalt.sql.parser;

import io.basalt.sql.parser.ast.SqlColumnSpec;
import io.basalt.sql.parser.ast.SqlTypeSpec;
import org.apache.calcite.sql.SqlNode;

/**
 * Collects the attributes of one column definition, which MySQL accepts in any order. Used by the generated
 * parser; not thread-safe, one per column.
 */
public final class ColumnSpecBuilder {
    private final String name;
    private SqlTypeSpec type;
    private Boolean notNull;
    private SqlNode defaultValue;
    private boolean autoIncrement;
    private boolean primaryKey;
    private boolean unique;
    private boolean onUpdateCurrentTimestamp;
    private String comment;

    public ColumnSpecBuilder(String name, SqlTypeSpec type) {
        this.name = name;
        this.type = type;
    }

    public void notNull(boolean value) {
        notNull = value;
    }

    public void defaultValue(SqlNode value) {
        defaultValue = value;
    }

    public void autoIncrement() {
        autoIncrement = true;
    }

    public void primaryKey() {
        primaryKey = true;
    }

    public void unique() {
        unique = true;
    }

    public void onUpdateCurrentTimestamp() {
        onUpdateCurrentTimestamp = true;
    }

    public void comment(String value) {
        comment = value;
    }

    public void charset(String value) {
        type = type.withCharset(value);
    }

    public void collation(String value) {
        type = type.withCollation(value);
    }

    public SqlColumnSpec build() {
        return new SqlColumnSpec(name, type, notNull, defaultValue, autoIncrement, primaryKey, unique,
            onUpdateCurrentTimestamp, comment);
    }
}
