package io.basalt.protocol.command;

/** The server's view of its prepared statements, asked by {@link StmtExecuteRequest#decode}. */
@FunctionalInterface
public interface ParameterTypesLookup {

    /**
     * @param statementId the id from the packet, unsigned; 0xFFFFFFFF (MariaDB's "the statement just prepared") is
     *                    passed through for the server to map
     * @return the statement's parameter state, or null if there is no such statement
     */
    StatementParameters lookup(long statementId);
}
