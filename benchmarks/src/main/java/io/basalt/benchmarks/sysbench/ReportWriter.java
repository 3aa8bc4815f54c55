package io.basalt.benchmarks.sysbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Renders a {@link Report} as markdown. */
public final class ReportWriter {
    private ReportWriter() {
    }

    public static Path write(Report report, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve("report.md");
        Files.writeString(file, render(report));
        return file;
    }

    public static String render(Report report) {
        StringBuilder md = new StringBuilder("# ").append(report.title()).append("\n\n");
        report.header().forEach(line -> md.append("- ").append(line).append('\n'));
        if (!report.targets().isEmpty()) {
            md.append("\n## Targets (issue 5)\n\n");
            table(md, List.of("target", "measured", "result"), report.targets().stream()
                    .map(t -> List.of(t.target(), t.measured(), t.met() ? "met" : "**missed**")).toList());
        }
        for (Report.Table t : report.tables()) {
            md.append("\n## ").append(t.title()).append("\n\n");
            table(md, t.headers(), t.rows());
        }
        if (!report.charts().isEmpty()) {
            md.append("\n## Charts\n\n");
            report.charts().forEach(c -> md.append("![").append(c.title()).append("](").append(c.file())
                    .append(")\n\n"));
        }
        if (!report.notes().isEmpty()) {
            md.append(report.charts().isEmpty() ? "\n" : "").append("## Notes\n\n");
            report.notes().forEach(n -> md.append("- ").append(n).append('\n'));
        }
        return md.toString();
    }

    private static void table(StringBuilder md, List<String> headers, List<List<String>> rows) {
        md.append("| ").append(String.join(" | ", headers.stream().map(ReportWriter::escape).toList()))
                .append(" |\n|");
        headers.forEach(h -> md.append("---|"));
        md.append('\n');
        for (List<String> row : rows) {
            if (row.size() != headers.size()) {
                throw new IllegalArgumentException("row " + row + " has not " + headers.size() + " cells");
            }
            md.append("| ").append(String.join(" | ", row.stream().map(ReportWriter::escape).toList()))
                    .append(" |\n");
        }
    }

    private static String escape(String cell) {
        return cell.replace("|", "\\|").replace("\n", " ");
    }
}
