package io.basalt.benchmarks.sysbench;

/**
 * Basalt's commit counters by path ({@code SHOW GLOBAL STATUS Basalt_commits_*}): a benchmark of one path must show
 * that the commits actually took it.
 */
record CommitPathCounters(long onePc, long async, long twoPc) {
    static CommitPathCounters read(DbServer basalt) {
        return new CommitPathCounters(SqlCli.globalStatus(basalt, "Basalt_commits_1pc"),
                SqlCli.globalStatus(basalt, "Basalt_commits_async"), SqlCli.globalStatus(basalt, "Basalt_commits_2pc"));
    }

    CommitPathCounters minus(CommitPathCounters before) {
        return new CommitPathCounters(onePc - before.onePc, async - before.async, twoPc - before.twoPc);
    }

    String describe() {
        return "1pc " + onePc + ", async " + async + ", 2pc " + twoPc;
    }
}
