package io.basalt.sql.engine;

import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.sql.parser.ParsedStatement;

import java.util.List;

/**
 * A COM_STMT_PREPARE'd statement: the parsed tree and the plan bound at prepare time (rebound after DDL, keeping
 * the column count the client was told).
 */
final class PreparedStatementImpl implements PreparedQuery {
    private final ParsedStatement statement;
    private final int parameterCount;
    private final List<ColumnDefinition> columns;
    private volatile CompiledStatement compiled;

    PreparedStatementImpl(ParsedStatement statement, int parameterCount, CompiledStatement compiled) {
        this.statement = statement;
        this.parameterCount = parameterCount;
        this.columns = compiled.columns();
        this.compiled = compiled;
    }

    @Override
    public String sql() {
        return statement.sql();
    }

    @Override
    public int parameterCount() {
        return parameterCount;
    }

    @Override
    public List<ColumnDefinition> resultColumns() {
        return columns;
    }

    @Override
    public boolean mayRunWithoutWaiting() {
        return compiled.mayRunWithoutWaiting();
    }

    ParsedStatement statement() {
        return statement;
    }

    CompiledStatement compiled() {
        return compiled;
    }

    void recompiled(CompiledStatement c) {
        this.compiled = c;
    }
}
