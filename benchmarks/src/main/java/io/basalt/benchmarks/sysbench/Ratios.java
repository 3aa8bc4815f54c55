package io.basalt.benchmarks.sysbench;

import java.util.ArrayList;
import java.util.List;

/**
 * Ratios of paired measurements. Repeat i of one side is paired with repeat i of the other because they ran back to
 * back, under the same background load; the spread of the per-pair ratios is then the spread worth reporting.
 */
public final class Ratios {
    private Ratios() {
    }

    /** numerator[i] / denominator[i] for each pair. */
    public static Spread paired(List<Double> numerator, List<Double> denominator) {
        if (numerator.size() != denominator.size()) {
            throw new IllegalArgumentException("unpaired: " + numerator.size() + " vs " + denominator.size());
        }
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < numerator.size(); i++) {
            double d = denominator.get(i);
            ratios.add(d == 0 ? Double.NaN : numerator.get(i) / d);
        }
        return Spread.of(ratios);
    }

    /** (with − without) / without for each pair, in percent; negative is a reduction. */
    public static Spread pairedChangePercent(List<Double> with, List<Double> without) {
        Spread r = paired(with, without);
        return new Spread((r.median() - 1) * 100, (r.min() - 1) * 100, (r.max() - 1) * 100, r.count());
    }
}
