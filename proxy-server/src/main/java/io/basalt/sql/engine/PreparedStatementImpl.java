package io.basalt.sql.engine;

import io.basalt.protocol.result.ColumnDefinition;
import org.apache.calcite.sql.SqlNode;

import java.util.List;

/**
 * A COM_STMT_PREPARE'd statement: the parsed tree and the plan bound at prepare time (rebound after DDL, keeping
 * the column count the client was told).
 */
final class PreparedStatementImpl implements PreparedQuery {
    private final String sql;
    private final SqlNode tree;
    private final int parameterCount;
    private final List<ColumnDefinition> columns;
    private volatile CompiledStatement compiled;

    PreparedStatementImpl(String sql, SqlNode tree, int parameterCount, CompiledStatement compiled) {
        this.sql = sql;
        this.tree = tree;
        this.parameterCount = parameterCount;
        this.columns = compiled.columns();
        this.compiled = compiled;
    }

    @Override
    public String sql() {
        return sql;
    }

    @Override
    public int parameterCount() {
        return parameterCount;
    }

    @Override
    public List<ColumnDefinition> resultColumns() {
        return columns;
    }

    SqlNode tree() {
        return tree;
    }

    CompiledStatement compiled() {
        return compiled;
    }

    void recompiled(CompiledStatement c) {
        this.compiled = c;
    }
}
