package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code CREATE [UNIQUE|FULLTEXT] INDEX name [USING BTREE] ON t (col [(n)] [ASC|DESC], ...) [options]}. */
public final class SqlCreateIndex extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("CREATE INDEX", SqlKind.CREATE_INDEX);

    private final String name;
    private final SqlIdentifier table;
    private final SqlIndexSpec.Kind kind;
    private final List<SqlIndexColumn> columns;

    public SqlCreateIndex(SqlParserPos pos, String name, SqlIdentifier table, SqlIndexSpec.Kind kind,
                          List<SqlIndexColumn> columns) {
        super(pos);
        this.name = name;
        this.table = table;
        this.kind = kind;
        this.columns = List.copyOf(columns);
    }

    public String name() {
        return name;
    }

    public SqlIdentifier table() {
        return table;
    }

    /** UNIQUE, INDEX or FULLTEXT. */
    public SqlIndexSpec.Kind kind() {
        return kind;
    }

    public List<SqlIndexColumn> columns() {
        return columns;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return List.of(table);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("CREATE");
        if (kind == SqlIndexSpec.Kind.UNIQUE || kind == SqlIndexSpec.Kind.FULLTEXT) {
            writer.keyword(kind.name());
        }
        writer.keyword("INDEX");
        writeName(writer, name);
        writer.keyword("ON");
        writeName(writer, table);
        SqlIndexSpec.writeColumns(writer, columns);
    }
}
