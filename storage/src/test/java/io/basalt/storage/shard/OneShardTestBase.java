package io.basalt.storage.shard;

import io.basalt.storage.mvcc.MvccTxn;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;

/** One raw shard in a temporary directory, written through {@link MvccTxn} batches; closed after each test. */
abstract class OneShardTestBase extends EngineTestBase {
    private ShardEngine engine;
    Shard shard;

    /** Opens the shard, or opens it again after the test closed it (the block cache is kept). */
    Shard open(long pessimisticLockBudgetBytes) {
        engine = openEngine(1, pessimisticLockBudgetBytes);
        shard = engine.shard(0);
        return shard;
    }

    /** Closes the shard's engine; {@link #open} opens it again. */
    @AfterEach
    void closeShard() {
        if (engine != null) {
            engine.close();
            engine = null;
        }
    }

    static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Applies one batch; returns the keys it unlocked. */
    List<byte[]> apply(Consumer<MvccTxn> changes) {
        try (MvccTxn txn = new MvccTxn(shard)) {
            changes.accept(txn);
            txn.apply();
            return txn.releasedLocks();
        }
    }
}
