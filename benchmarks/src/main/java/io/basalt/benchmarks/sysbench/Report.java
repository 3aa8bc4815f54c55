package io.basalt.benchmarks.sysbench;

import java.util.ArrayList;
import java.util.List;

/** What report.md says: header facts, targets met or missed, tables, charts and notes, in that order. */
public final class Report {
    /** A markdown table; cells are already formatted. */
    public record Table(String title, List<String> headers, List<List<String>> rows) {
    }

    /** One target of issue 5 with the figure this run measured. */
    public record Target(String target, String measured, boolean met) {
    }

    /** A PNG next to report.md. */
    public record Chart(String title, String file) {
    }

    private final String title;
    private final List<String> header = new ArrayList<>();
    private final List<Target> targets = new ArrayList<>();
    private final List<Table> tables = new ArrayList<>();
    private final List<Chart> charts = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    public Report(String title) {
        this.title = title;
    }

    public void header(String line) {
        header.add(line);
    }

    public void target(Target target) {
        targets.add(target);
    }

    public void table(Table table) {
        tables.add(table);
    }

    public void chart(Chart chart) {
        charts.add(chart);
    }

    public void note(String note) {
        notes.add(note);
    }

    public String title() {
        return title;
    }

    public List<String> header() {
        return header;
    }

    public List<Target> targets() {
        return targets;
    }

    public List<Table> tables() {
        return tables;
    }

    public List<Chart> charts() {
        return charts;
    }

    public List<String> notes() {
        return notes;
    }
}
