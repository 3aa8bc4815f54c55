package io.basalt.benchmarks.sysbench;

import io.basalt.benchmarks.sysbench.LargeUpdateClient.Window;

import java.util.ArrayList;
import java.util.List;

/**
 * Sorts sysbench's per-second throughput (entry i covers seconds [i, i + 1) of the run) into the seconds in which a
 * large transaction committed (the second its statement returned in) and the quiet seconds, which overlap no large
 * statement at all. The first second is neither: it includes the clients' connecting.
 */
record CommitSeconds(List<Double> commit, List<Double> quiet) {

    static CommitSeconds of(List<Double> perSecondTps, List<Window> windows) {
        List<Double> commit = new ArrayList<>();
        List<Double> quiet = new ArrayList<>();
        for (int i = 1; i < perSecondTps.size(); i++) {
            int second = i;
            if (windows.stream().anyMatch(w -> (int) Math.floor(w.end()) == second)) {
                commit.add(perSecondTps.get(i));
            } else if (windows.stream().noneMatch(w -> w.start() < second + 1 && w.end() >= second)) {
                quiet.add(perSecondTps.get(i));
            }
        }
        return new CommitSeconds(commit, quiet);
    }

    /** Mean throughput of the commit seconds over that of the quiet seconds; NaN when either set is empty. */
    double ratio() {
        return commit.isEmpty() || quiet.isEmpty() ? Double.NaN : mean(commit) / mean(quiet);
    }

    static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}
