package io.basalt.storage.action;

import java.util.List;

/**
 * @param values        per key, its latest committed value (null = none); empty unless values were requested
 * @param maxConflictTs the newest commit ts above for_update_ts met while locking (0 if none): the transaction's
 *                      for_update_ts must be raised to it, since the lock was taken on that newer version
 */
public record PessimisticLockResult(List<byte[]> values, long maxConflictTs) {
}
