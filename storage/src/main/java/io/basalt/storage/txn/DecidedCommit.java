package io.basalt.storage.txn;

import io.basalt.storage.error.UndeterminedResultException;

/**
 * What a coordinator does when something fails after its transaction was decided (1PC written, or every async
 * prewrite succeeded): the transaction is committed whatever happens next, so it must still reach the binlog in
 * its place, and the client must hear "undetermined", never "rolled back" (spec §3.1 step 5, §3.8).
 */
final class DecidedCommit {
    private DecidedCommit() {
    }

    static UndeterminedResultException undetermined(long startTs, RuntimeException e) {
        if (e instanceof UndeterminedResultException u) {
            return u;
        }
        return new UndeterminedResultException("transaction " + startTs
                + " is decided (committed in storage) but could not be confirmed", e);
    }
}
