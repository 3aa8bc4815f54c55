package io.basalt.storage.action;

import java.util.List;

/**
 * Pessimistic locks on one shard's keys for a statement of a pessimistic transaction.
 *
 * @param shouldNotExist per key: fail with a duplicate-key error if it has a live value (null: no checks)
 * @param returnValues   return each key's latest committed value (TiDB 4.0's "lock returns data")
 */
public record PessimisticLockRequest(List<byte[]> keys, boolean[] shouldNotExist, byte[] primary, long startTs,
                                     long forUpdateTs, long ttlMs, boolean returnValues) {
}
