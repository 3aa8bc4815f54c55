package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlWriter;

/**
 * An index of CREATE TABLE / ALTER TABLE ADD, from a table element or from a column attribute. Index options
 * (USING BTREE/HASH, COMMENT, KEY_BLOCK_SIZE...) are not kept.
 *
 * @param name index name; null when not written (the engine derives one as MySQL does)
 */
public record SqlIndexSpec(String name, Kind kind, List<SqlIndexColumn> columns) {

    public enum Kind { PRIMARY, UNIQUE, INDEX, FULLTEXT }

    public SqlIndexSpec {
        columns = List.copyOf(columns);
    }

    void unparse(SqlWriter writer) {
        writer.keyword(switch (kind) {
            case PRIMARY -> "PRIMARY KEY";
            case UNIQUE -> "UNIQUE KEY";
            case INDEX -> "KEY";
            case FULLTEXT -> "FULLTEXT KEY";
        });
        if (name != null && kind != Kind.PRIMARY) {
            writer.identifier(name, true);
        }
        writeColumns(writer, columns);
    }

    static void writeColumns(SqlWriter writer, List<SqlIndexColumn> columns) {
        SqlWriter.Frame frame = writer.startList("(", ")");
        for (SqlIndexColumn column : columns) {
            writer.sep(",");
            column.unparse(writer);
        }
        writer.endList(frame);
    }
}
