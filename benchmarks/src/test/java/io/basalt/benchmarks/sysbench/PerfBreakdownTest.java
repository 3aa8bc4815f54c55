package io.basalt.benchmarks.sysbench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PerfBreakdownTest {
    /** Five samples as {@code perf script -F comm,pid,tid,ip,sym,dso} prints them (trimmed stacks). */
    private static final String SCRIPT = """
            basalt-io-4-1 100/112\s
            \tffffffff81 _raw_spin_unlock_irqrestore ([kernel.kallsyms])
            \tffffffff82 sock_def_readable ([kernel.kallsyms])
            \tffffffff83 tcp_sendmsg ([kernel.kallsyms])
            \t    f838f __GI___libc_write (/usr/lib/x86_64-linux-gnu/libc.so.6)
            \t7f83f8f4 int sun.nio.ch.FileDispatcherImpl.write0(java.io.FileDescriptor, long, int) (/tmp/perf-100.map)

            basalt-worker-2 100/130\s
            \tffffffff84 finish_task_switch.isra.0 ([kernel.kallsyms])
            \tffffffff85 do_futex ([kernel.kallsyms])
            \t   9a1b2 __futex_abstimed_wait_common (/usr/lib/x86_64-linux-gnu/libc.so.6)

            basalt-worker-7 100/131\s
            \t  543bdd rocksdb::DBIter::Seek (/tmp/librocksdbjni1510.so)
            \t7f8f34f8 void org.rocksdb.RocksIterator.seek0Jni(long, byte[], int) (/tmp/perf-100.map)

            basalt-worker-2 100/130\s
            \t7f8f3527 io.basalt.storage.mvcc.VersionedWrite io.basalt.storage.mvcc.MvccReader.latestDataWrite(byte[], long) (/tmp/perf-100.map)

            sysbench 200/201\s
            \tffffffff83 tcp_sendmsg ([kernel.kallsyms])
            \t   2e388 mysql_stmt_execute (/usr/lib/x86_64-linux-gnu/libmariadb.so.3)
            """;

    @Test
    void samplesAreSortedByThreadGroupAndByWhatTheyWereDoing() {
        PerfBreakdown b = new PerfBreakdown(100);
        SCRIPT.lines().forEach(b::line);
        b.finish();

        assertThat(b.samples()).isEqualTo(5);
        assertThat(b.basaltSamples()).isEqualTo(4);
        assertThat(b.threads(2)).containsExactly(new StackProfile.Entry("basalt-worker", 3, 0.6),
                new StackProfile.Entry("basalt-io", 1, 0.2));
        // a kernel path named on the stack wins over the leaf's library; the server's share excludes sysbench
        assertThat(b.basaltActivities(5)).containsExactly(
                new StackProfile.Entry("Java (compiled or interpreted) or unsymbolised code", 1, 0.25),
                new StackProfile.Entry("RocksDB (C++)", 1, 0.25),
                new StackProfile.Entry("socket write (loopback TCP, wakes the reader)", 1, 0.25),
                new StackProfile.Entry("thread park / wake-up (futex)", 1, 0.25));
        assertThat(b.activities(1)).containsExactly(
                new StackProfile.Entry("socket write (loopback TCP, wakes the reader)", 2, 0.4));
    }

    @Test
    void threadNamesLoseTheirNumbers() {
        assertThat(PerfBreakdown.threadGroup("basalt-io-4-2")).isEqualTo("basalt-io");
        assertThat(PerfBreakdown.threadGroup("GC Thread#1")).isEqualTo("GC Thread");
        assertThat(PerfBreakdown.threadGroup("sysbench")).isEqualTo("sysbench");
    }
}
