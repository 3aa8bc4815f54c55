package io.basalt.sql.parser.ast;

import org.apache.calcite.sql.SqlWriter;

/**
 * One key part of an index: {@code col[(prefixLength)] [ASC|DESC]}.
 *
 * @param prefixLength the key prefix length in characters; null for the whole column
 */
public record SqlIndexColumn(String name, Integer prefixLength, boolean descending) {

    void unparse(SqlWriter writer) {
        writer.identifier(name, true);
        if (prefixLength != null) {
            writer.print("(" + prefixLength + ")");
        }
        if (descending) {
            writer.keyword("DESC");
        }
    }
}
