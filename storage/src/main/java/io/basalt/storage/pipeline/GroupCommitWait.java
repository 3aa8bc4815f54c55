package io.basalt.storage.pipeline;

/**
 * binlog_commit_wait_count / binlog_commit_wait_usec (MariaDB, spec §4.2): a group leader that has fewer than
 * {@code count} deliverable transactions waits up to {@code usec} for more, so groups (and the replicas'
 * parallelism) grow at the price of latency. {@code count} 0 disables the wait.
 */
public record GroupCommitWait(int count, long usec) {
    public static final GroupCommitWait NONE = new GroupCommitWait(0, 0);

    boolean active() {
        return count > 1 && usec > 0;
    }
}
