package io.basalt.benchmarks.sysbench;

import java.util.Locale;

/** Number formats shared by the report tables. */
final class Fmt {
    private Fmt() {
    }

    static String ratio(Spread s) {
        return s.format("%.2f×");
    }

    static String percent(Spread s) {
        return s.format("%+.1f %%");
    }

    static String tps(Spread s) {
        return s.format("%.0f");
    }

    static String ms(Spread s) {
        return s.format("%.2f");
    }

    static String cpuMs(Spread s) {
        return s.format("%.3f");
    }

    static String num(double v, String pattern) {
        return String.format(Locale.ROOT, pattern, v);
    }
}
