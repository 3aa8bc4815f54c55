package io.basalt.benchmarks.sysbench;

import java.util.List;
import java.util.Locale;

/**
 * Median and range of repeated measurements: machines are shared and noisy, so a figure is only shown with how far
 * its repeats lay apart. The median, not the mean, so one disturbed repeat does not move it.
 */
public record Spread(double median, double min, double max, int count) {

    public static Spread of(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no values");
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        return new Spread(median, sorted[0], sorted[n - 1], n);
    }

    /** e.g. {@code 1.23 [1.10, 1.31]}, or only the median for a single value; n/a when nothing was measured (NaN). */
    public String format(String pattern) {
        if (Double.isNaN(median)) {
            return "n/a";
        }
        String m = String.format(Locale.ROOT, pattern, median);
        if (count < 2) {
            return m;
        }
        return m + " [" + String.format(Locale.ROOT, pattern, min) + ", " + String.format(Locale.ROOT, pattern, max)
                + "]";
    }
}
