package io.basalt.sql.parser;

import io.basalt.sql.parser.ast.SqlShow;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

/** Collects the optional parts of a SHOW statement while it is parsed. Not thread-safe, one per statement. */
public final class ShowBuilder {
    public SqlShow.Kind kind;
    public boolean full;
    public boolean global;
    public SqlIdentifier table;
    public String database;
    public String like;
    public SqlNode where;
    public SqlNode offset;
    public SqlNode limit;
    public String logName;
    public Long position;

    public SqlShow build(SqlParserPos pos) {
        return new SqlShow(pos, kind, full, global, table, database, like, where, offset, limit, logName, position);
    }
}
