package io.basalt.sql.parser.ast;

import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/** {@code CREATE DATABASE|SCHEMA [IF NOT EXISTS] db [[DEFAULT] CHARACTER SET x] [[DEFAULT] COLLATE y]}. */
public final class SqlCreateDatabase extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("CREATE DATABASE", SqlKind.CREATE_SCHEMA);

    private final String name;
    private final boolean ifNotExists;
    private final String charset;
    private final String collation;

    public SqlCreateDatabase(SqlParserPos pos, String name, boolean ifNotExists, String charset, String collation) {
        super(pos);
        this.name = name;
        this.ifNotExists = ifNotExists;
        this.charset = charset;
        this.collation = collation;
    }

    public String name() {
        return name;
    }

    public boolean ifNotExists() {
        return ifNotExists;
    }

    /** Nullable. */
    public String charset() {
        return charset;
    }

    /** Nullable. */
    public String collation() {
        return collation;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("CREATE DATABASE");
        if (ifNotExists) {
            writer.keyword("IF NOT EXISTS");
        }
        writeName(writer, name);
        if (charset != null) {
            writer.keyword("CHARACTER SET");
            writer.literal(charset);
        }
        if (collation != null) {
            writer.keyword("COLLATE");
            writer.literal(collation);
        }
    }
}
