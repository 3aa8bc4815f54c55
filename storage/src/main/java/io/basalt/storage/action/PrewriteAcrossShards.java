package io.basalt.storage.action;

import java.util.ArrayList;
import java.util.List;

/**
 * Prewrite (async commit or plain 2PC) of a small transaction whose mutations span several shards, in one atomic
 * write. The shards share one WAL ({@link io.basalt.storage.shard.ShardEngine}); written shard by shard, the other
 * shards' unsynced batches and then the primary's synced one each joined a WAL write group of their own, and an
 * unsynced write waits behind the group being synced, so a prewrite over two shards waited for about two fsyncs. Under
 * the latches of every shard, each shard's keys are checked and locked as {@link Prewrite} does; the batch is synced
 * if any request is durable. A lock met on any shard leaves nothing written.
 */
public final class PrewriteAcrossShards {
    private PrewriteAcrossShards() {
    }

    /**
     * @param contexts one per shard, in the order of {@code requests}
     * @return each shard's result, in the order of {@code requests}
     */
    public static List<PrewriteResult> execute(List<ActionContext> contexts, List<PrewriteRequest> requests) {
        List<PrewriteResult> results = new ArrayList<>(requests.size());
        for (int i = 0; i < requests.size(); i++) {
            PrewriteResult r = Prewrite.execute(contexts.get(i), requests.get(i));
            if (r.alreadyCommitted()) {
                // only a retry of a written prewrite can find its own commit record, and this one writes once
                throw new IllegalStateException("prewrite of transaction " + requests.get(i).startTs()
                        + " found its own commit record");
            }
            results.add(r);
        }
        return results;
    }
}
