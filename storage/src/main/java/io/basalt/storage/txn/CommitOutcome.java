package io.basalt.storage.txn;

import io.basalt.storage.pipeline.CommitPath;

/** A finished commit: its commit ts and the path it actually took (after any fallback to 2PC). */
record CommitOutcome(long commitTs, CommitPath path) {
}
