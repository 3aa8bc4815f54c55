package io.basalt.sql.parser.ast;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/**
 * {@code CREATE TABLE [IF NOT EXISTS] [db.]t (elements) [options]} or {@code CREATE TABLE t LIKE other}.
 * Column-level PRIMARY KEY / UNIQUE stay on the {@link SqlColumnSpec}; table elements become {@link #indexes()}.
 * FOREIGN KEY and CHECK constraints are parsed but not modelled: their text is in {@link #ignoredConstraints()}
 * so that the engine can warn.
 */
public final class SqlCreateTable extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("CREATE TABLE", SqlKind.CREATE_TABLE);

    private final SqlIdentifier table;
    private final boolean ifNotExists;
    private final List<SqlColumnSpec> columns;
    private final List<SqlIndexSpec> indexes;
    private final SqlIdentifier likeTable;
    private final Map<String, String> options;
    private final List<String> ignoredConstraints;

    /**
     * @param options table options in written order, by upper-case name (ENGINE, CHARSET, COLLATE, COMMENT, AUTO_INCREMENT,
     *                ROW_FORMAT...; CHARACTER SET is stored as CHARSET), values as written (strings unquoted)
     */
    public SqlCreateTable(SqlParserPos pos, SqlIdentifier table, boolean ifNotExists, List<SqlColumnSpec> columns,
                          List<SqlIndexSpec> indexes, SqlIdentifier likeTable, Map<String, String> options,
                          List<String> ignoredConstraints) {
        super(pos);
        this.table = table;
        this.ifNotExists = ifNotExists;
        this.columns = List.copyOf(columns);
        this.indexes = List.copyOf(indexes);
        this.likeTable = likeTable;
        this.options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
        this.ignoredConstraints = List.copyOf(ignoredConstraints);
    }

    /** One name (table) or two (db, table). */
    public SqlIdentifier table() {
        return table;
    }

    public boolean ifNotExists() {
        return ifNotExists;
    }

    public List<SqlColumnSpec> columns() {
        return columns;
    }

    public List<SqlIndexSpec> indexes() {
        return indexes;
    }

    /** The source of {@code CREATE TABLE t LIKE s}; null otherwise. */
    public SqlIdentifier likeTable() {
        return likeTable;
    }

    /** Every table option, see the constructor. */
    public Map<String, String> options() {
        return options;
    }

    /** COMMENT table option; nullable. */
    public String comment() {
        return options.get("COMMENT");
    }

    /** AUTO_INCREMENT table option; nullable. */
    public Long autoIncrementStart() {
        String value = options.get("AUTO_INCREMENT");
        return value == null ? null : Long.valueOf(value);
    }

    /** FOREIGN KEY / CHECK constraints as MySQL-like text, e.g. {@code FOREIGN KEY (a) REFERENCES p (id)}. */
    public List<String> ignoredConstraints() {
        return ignoredConstraints;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(table, likeTable);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("CREATE TABLE");
        if (ifNotExists) {
            writer.keyword("IF NOT EXISTS");
        }
        writeName(writer, table);
        if (likeTable != null) {
            writer.keyword("LIKE");
            writeName(writer, likeTable);
            return;
        }
        SqlWriter.Frame frame = writer.startList("(", ")");
        for (SqlColumnSpec column : columns) {
            writer.sep(",");
            column.unparse(writer);
        }
        for (SqlIndexSpec index : indexes) {
            writer.sep(",");
            index.unparse(writer);
        }
        for (String constraint : ignoredConstraints) {
            writer.sep(",");
            writer.literal(constraint);
        }
        writer.endList(frame);
        options.forEach((key, value) -> {
            writer.keyword(key);
            writer.literal("=");
            if (key.equals("COMMENT")) {
                writeString(writer, value);
            } else {
                writer.literal(value);
            }
        });
    }
}
