package io.basalt.benchmarks.sysbench;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** PNG charts for the report, drawn with XChart (no display needed: AWT runs headless). */
final class ChartWriter {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 500;

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private ChartWriter() {
    }

    /** Grouped bars: one group per category, one bar per series (e.g. per server). */
    static void bars(Path file, String title, String yTitle, List<String> categories, Map<String, List<Double>> series)
            throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).yAxisTitle(yTitle)
                .build();
        chart.getStyler().setXAxisLabelRotation(30);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNE);
        series.forEach((name, values) -> chart.addSeries(name, categories, values));
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** Lines over explicit x values. */
    static void xy(Path file, String title, String xTitle, String yTitle, List<Double> x,
                   Map<String, List<Double>> series) throws IOException {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        series.forEach((name, values) -> chart.addSeries(name, x, values));
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
