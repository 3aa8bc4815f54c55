package io.basalt.storage.binlog;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.storage.pipeline.CommitPath;
import io.basalt.storage.pipeline.CommitPipeline;
import io.basalt.storage.pipeline.CommitSink;
import io.basalt.storage.pipeline.DecidedTxn;
import io.basalt.storage.pipeline.GroupCommitWait;
import io.basalt.storage.pipeline.SinkPosition;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** binlog_commit_wait_count: the pipeline's leader waits until the group is large enough. */
class GroupCommitWaitTest {
    /** Records group sizes; asks leaders to wait for {@code count} transactions (practically without time limit). */
    static final class WaitingSink implements CommitSink {
        final List<Integer> groups = Collections.synchronizedList(new ArrayList<>());
        final int count;

        WaitingSink(int count) {
            this.count = count;
        }

        @Override
        public void deliver(List<DecidedTxn> group) {
            groups.add(group.size());
        }

        @Override
        public SinkPosition durablePosition() {
            return SinkPosition.ZERO;
        }

        @Override
        public OptionalLong recordedCommitTs(long startTs) {
            return OptionalLong.empty();
        }

        @Override
        public GroupCommitWait groupCommitWait() {
            return new GroupCommitWait(count, TimeUnit.SECONDS.toMicros(60));
        }
    }

    @Test
    void leaderWaitsForCountTransactions() throws Exception {
        WaitingSink sink = new WaitingSink(4);
        CommitPipeline p = new CommitPipeline(sink, SinkPosition.ZERO, new SimpleMeterRegistry());
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                long start = 10 + i;
                fs.add(pool.submit(() -> {
                    CommitPipeline.Ticket t = p.register(start, 100);
                    p.commit(t, t.bound() + start, CommitPath.ONE_PC, new byte[] {1});
                    return null;
                }));
            }
            for (Future<?> f : fs) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(sink.groups).containsExactly(4);
    }

    @Test
    void noWaitByDefault() {
        CommitSink plain = new WaitingSink(0);
        CommitPipeline p = new CommitPipeline(plain, SinkPosition.ZERO, new SimpleMeterRegistry());
        CommitPipeline.Ticket t = p.register(1, 2);
        p.commit(t, t.bound(), CommitPath.ONE_PC, new byte[] {1});
        assertThat(((WaitingSink) plain).groups).containsExactly(1);
    }
}
