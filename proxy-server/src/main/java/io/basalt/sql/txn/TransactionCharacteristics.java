package io.basalt.sql.txn;

/**
 * What START TRANSACTION / BEGIN asked for, merged with the session's defaults when the transaction begins.
 *
 * @param causalConsistencyOnly TiDB's WITH CAUSAL CONSISTENCY ONLY: async/1PC commits skip the TSO call for the
 *                              commit timestamp
 * @param pessimistic           null = the session's tidb_txn_mode
 */
public record TransactionCharacteristics(boolean readOnly, boolean causalConsistencyOnly, Boolean pessimistic) {
    public static final TransactionCharacteristics DEFAULT = new TransactionCharacteristics(false, false, null);
}
