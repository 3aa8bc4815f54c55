package io.basalt.sql.parser.ast;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlWriter;

/**
 * A column definition of CREATE TABLE / ALTER TABLE ADD|MODIFY|CHANGE. Column-level CHARACTER SET and COLLATE are
 * folded into {@link #type()}.
 *
 * @param notNull       TRUE for NOT NULL, FALSE for an explicit NULL, null when neither was written
 * @param defaultValue  DEFAULT: a literal (NULL literal included, signed numbers folded into one literal) or a
 *                      CURRENT_TIMESTAMP call (NOW(), LOCALTIMESTAMP... are normalised to it) with an optional
 *                      precision operand; null when absent
 * @param primaryKey    column-level PRIMARY KEY (or a bare KEY)
 * @param unique        column-level UNIQUE [KEY]
 * @param onUpdateCurrentTimestamp ON UPDATE CURRENT_TIMESTAMP[(n)]
 */
public record SqlColumnSpec(String name, SqlTypeSpec type, Boolean notNull, SqlNode defaultValue,
                            boolean autoIncrement, boolean primaryKey, boolean unique,
                            boolean onUpdateCurrentTimestamp, String comment) {

    void unparse(SqlWriter writer) {
        writer.identifier(name, true);
        type.unparse(writer);
        if (notNull != null) {
            writer.keyword(notNull ? "NOT NULL" : "NULL");
        }
        if (defaultValue != null) {
            writer.keyword("DEFAULT");
            defaultValue.unparse(writer, 0, 0);
        }
        if (onUpdateCurrentTimestamp) {
            writer.keyword("ON UPDATE CURRENT_TIMESTAMP");
        }
        if (autoIncrement) {
            writer.keyword("AUTO_INCREMENT");
        }
        if (unique) {
            writer.keyword("UNIQUE KEY");
        }
        if (primaryKey) {
            writer.keyword("PRIMARY KEY");
        }
        if (comment != null) {
            writer.keyword("COMMENT");
            MySqlStatement.writeString(writer, comment);
        }
    }
}
