package io.basalt.protocol.row;

/** Fractional-second handling shared by the text and binary encoders. */
final class Temporals {
    /** Largest fractional-second precision MySQL supports. */
    static final int MAX_FSP = 6;
    private static final int[] POW10 = {1, 10, 100, 1000, 10_000, 100_000, 1_000_000};

    private Temporals() {
    }

    /**
     * Microseconds of {@code nanos} truncated to the column's precision. A column without a fixed precision (decimals
     * above 6, e.g. 0x1F on computed columns) keeps all six digits.
     */
    static int micros(int nanos, int decimals) {
        int micros = nanos / 1000;
        if (decimals >= MAX_FSP) {
            return micros;
        }
        int unit = POW10[MAX_FSP - Math.max(decimals, 0)];
        return micros / unit * unit;
    }

    /**
     * The fraction digits to print: the column's precision, or for a column without one (decimals above 6) six digits
     * when the value has a fraction and none otherwise.
     */
    static int fractionDigits(int micros, int decimals) {
        if (decimals <= MAX_FSP) {
            return Math.max(decimals, 0);
        }
        return micros == 0 ? 0 : MAX_FSP;
    }

    /** Appends '.' and the first {@code digits} of the 6-digit microsecond field, or nothing for 0 digits. */
    static void appendFraction(StringBuilder sb, int micros, int digits) {
        if (digits == 0) {
            return;
        }
        sb.append('.');
        String six = Integer.toString(micros + 1_000_000).substring(1);
        sb.append(six, 0, digits);
    }

    static void appendPadded(StringBuilder sb, long value, int width) {
        String s = Long.toString(value);
        for (int i = s.length(); i < width; i++) {
            sb.append('0');
        }
        sb.append(s);
    }
}
