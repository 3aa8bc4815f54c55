package io.basalt.benchmarks.sysbench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** Results by cell (server, workload, threads, variant), one per repeat in run order, so repeats stay paired. */
public final class Measurements {
    /** A point of the experiment; {@code variant} names a server setting such as "async on", or "" for none. */
    public record Cell(String server, String workload, int threads, String variant) {
    }

    private final Map<Cell, List<SysbenchResult>> results = new LinkedHashMap<>();

    public void add(Cell cell, SysbenchResult result) {
        results.computeIfAbsent(cell, c -> new ArrayList<>()).add(result);
    }

    public List<SysbenchResult> get(Cell cell) {
        return results.getOrDefault(cell, List.of());
    }

    public List<Double> values(Cell cell, ToDoubleFunction<SysbenchResult> metric) {
        return get(cell).stream().map(r -> metric.applyAsDouble(r)).toList();
    }

    public Spread spread(Cell cell, ToDoubleFunction<SysbenchResult> metric) {
        return Spread.of(values(cell, metric));
    }

    /** numerator / denominator of a metric, paired by repeat. */
    public Spread ratio(Cell numerator, Cell denominator, ToDoubleFunction<SysbenchResult> metric) {
        return Ratios.paired(values(numerator, metric), values(denominator, metric));
    }
}
