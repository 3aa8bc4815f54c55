package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlWriter;

/**
 * A MySQL column type as written in DDL, with synonyms already mapped to the canonical name.
 *
 * @param name      canonical upper-case type name: TINYINT SMALLINT MEDIUMINT INT BIGINT BOOLEAN DECIMAL FLOAT
 *                  DOUBLE CHAR VARCHAR BINARY VARBINARY TINYTEXT TEXT MEDIUMTEXT LONGTEXT TINYBLOB BLOB MEDIUMBLOB
 *                  LONGBLOB DATE TIME DATETIME TIMESTAMP YEAR ENUM SET JSON BIT
 * @param length    display width, character/byte length, precision, fractional seconds precision or FLOAT(M,D)'s M;
 *                  null when not written
 * @param scale     the D of DECIMAL(M,D) / FLOAT(M,D) / DOUBLE(M,D); null when not written
 * @param values    ENUM / SET labels, unescaped; empty for other types
 * @param charset   CHARACTER SET / CHARSET (BINARY for the {@code BINARY} attribute is not recorded); nullable
 * @param collation COLLATE; nullable
 */
public record SqlTypeSpec(String name, Integer length, Integer scale, boolean unsigned, boolean zerofill,
                          List<String> values, String charset, String collation) {

    public SqlTypeSpec {
        values = List.copyOf(values);
    }

    public SqlTypeSpec withCharset(String newCharset) {
        return new SqlTypeSpec(name, length, scale, unsigned, zerofill, values, newCharset, collation);
    }

    public SqlTypeSpec withCollation(String newCollation) {
        return new SqlTypeSpec(name, length, scale, unsigned, zerofill, values, charset, newCollation);
    }

    /** The type in MySQL syntax, e.g. {@code DECIMAL(10,2) UNSIGNED} or {@code ENUM('a','b')}. */
    public String toSql() {
        StringBuilder sb = new StringBuilder(name);
        if (!values.isEmpty()) {
            sb.append('(');
            for (int i = 0; i < values.size(); i++) {
                sb.append(i == 0 ? "" : ",").append('\'')
                    .append(values.get(i).replace("\\", "\\\\").replace("'", "''")).append('\'');
            }
            sb.append(')');
        } else if (length != null) {
            sb.append('(').append(length);
            if (scale != null) {
                sb.append(',').append(scale);
            }
            sb.append(')');
        }
        if (unsigned) {
            sb.append(" UNSIGNED");
        }
        if (zerofill) {
            sb.append(" ZEROFILL");
        }
        if (charset != null) {
            sb.append(" CHARACTER SET ").append(charset);
        }
        if (collation != null) {
            sb.append(" COLLATE ").append(collation);
        }
        return sb.toString();
    }

    void unparse(SqlWriter writer) {
        writer.literal(toSql());
    }
}
