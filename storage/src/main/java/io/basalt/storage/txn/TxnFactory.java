package io.basalt.storage.txn;

/** Creates transactions (the constructor stays package-private so only the store begins them). */
public final class TxnFactory {
    private TxnFactory() {
    }

    public static Transaction begin(TxnContext ctx, long startTs, TxnOptions options) {
        return new Transaction(ctx, startTs, options);
    }
}
