package io.basalt.storage.action;

import java.util.List;

/** Keys of one shard that a decided transaction still has to commit at {@code commitTs}. */
public record DecidedKeys(long startTs, long commitTs, List<byte[]> keys) {
}
