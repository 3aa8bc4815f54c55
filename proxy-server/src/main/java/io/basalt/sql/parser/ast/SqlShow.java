package io.basalt.sql.parser.ast;

import java.util.List;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.ImmutableNullableList;

/**
 * Every {@code SHOW ...} form, plus {@code DESCRIBE t} / {@code DESC t} / {@code EXPLAIN t} (as {@link Kind#COLUMNS}).
 * Which of the optional parts are set depends on the kind; the rest are null / false.
 */
public final class SqlShow extends MySqlStatement {
    public static final SqlOperator OPERATOR = statementOperator("SHOW", SqlKind.OTHER);

    public enum Kind {
        DATABASES, TABLES, COLUMNS, INDEX, CREATE_TABLE, CREATE_DATABASE, VARIABLES, STATUS, PROCESSLIST, WARNINGS,
        ERRORS, COUNT_WARNINGS, COUNT_ERRORS, ENGINES, COLLATION, CHARACTER_SET, TABLE_STATUS, FUNCTION_STATUS,
        PROCEDURE_STATUS, TRIGGERS, GRANTS, PRIVILEGES, PLUGINS, MASTER_STATUS, BINLOG_STATUS, BINARY_LOGS,
        BINLOG_EVENTS, SLAVE_STATUS, SLAVE_HOSTS, OPEN_TABLES
    }

    private final Kind kind;
    private final boolean full;
    private final boolean global;
    private final SqlIdentifier table;
    private final String database;
    private final String like;
    private final SqlNode where;
    private final SqlNode offset;
    private final SqlNode limit;
    private final String logName;
    private final Long position;

    public SqlShow(SqlParserPos pos, Kind kind, boolean full, boolean global, SqlIdentifier table, String database,
                   String like, SqlNode where, SqlNode offset, SqlNode limit, String logName, Long position) {
        super(pos);
        this.kind = kind;
        this.full = full;
        this.global = global;
        this.table = table;
        this.database = database;
        this.like = like;
        this.where = where;
        this.offset = offset;
        this.limit = limit;
        this.logName = logName;
        this.position = position;
    }

    public Kind kind() {
        return kind;
    }

    /** SHOW FULL TABLES / FULL COLUMNS / FULL PROCESSLIST. */
    public boolean full() {
        return full;
    }

    /** GLOBAL (as opposed to SESSION / LOCAL / nothing) for VARIABLES and STATUS. */
    public boolean global() {
        return global;
    }

    /** The table of COLUMNS, INDEX, CREATE_TABLE; nullable. */
    public SqlIdentifier table() {
        return table;
    }

    /** FROM|IN db of TABLES, TABLE_STATUS, OPEN_TABLES, COLUMNS, INDEX, TRIGGERS; the database of CREATE_DATABASE. */
    public String database() {
        return database;
    }

    /** The LIKE pattern, unquoted; nullable. */
    public String like() {
        return like;
    }

    /** The WHERE condition; nullable. */
    public SqlNode where() {
        return where;
    }

    /** LIMIT offset of WARNINGS, ERRORS, BINLOG_EVENTS; nullable. */
    public SqlNode offset() {
        return offset;
    }

    /** LIMIT row count of WARNINGS, ERRORS, BINLOG_EVENTS; nullable. */
    public SqlNode limit() {
        return limit;
    }

    /** SHOW BINLOG EVENTS IN 'file'; nullable. */
    public String logName() {
        return logName;
    }

    /** SHOW BINLOG EVENTS FROM pos; nullable. */
    public Long position() {
        return position;
    }

    @Override
    public SqlOperator getOperator() {
        return OPERATOR;
    }

    @Override
    public List<SqlNode> getOperandList() {
        return ImmutableNullableList.of(table, where, offset, limit);
    }

    @Override
    public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
        writer.keyword("SHOW");
        if (global) {
            writer.keyword("GLOBAL");
        }
        if (full) {
            writer.keyword("FULL");
        }
        switch (kind) {
            case COUNT_WARNINGS -> writer.keyword("COUNT(*) WARNINGS");
            case COUNT_ERRORS -> writer.keyword("COUNT(*) ERRORS");
            case TABLE_STATUS -> writer.keyword("TABLE STATUS");
            default -> writer.keyword(kind.name().replace('_', ' '));
        }
        if (kind == Kind.CREATE_DATABASE && database != null) {
            writeName(writer, database);
        } else {
            if (table != null) {
                if (kind != Kind.CREATE_TABLE) {
                    writer.keyword("FROM");
                }
                writeName(writer, table);
            }
            if (database != null) {
                writer.keyword("FROM");
                writeName(writer, database);
            }
        }
        if (logName != null) {
            writer.keyword("IN");
            writeString(writer, logName);
        }
        if (position != null) {
            writer.keyword("FROM");
            writer.literal(position.toString());
        }
        if (like != null) {
            writer.keyword("LIKE");
            writeString(writer, like);
        }
        if (where != null) {
            writer.keyword("WHERE");
            where.unparse(writer, 0, 0);
        }
        if (limit != null) {
            writer.keyword("LIMIT");
            if (offset != null) {
                offset.unparse(writer, 0, 0);
                writer.literal(",");
            }
            limit.unparse(writer, 0, 0);
        }
    }
}
