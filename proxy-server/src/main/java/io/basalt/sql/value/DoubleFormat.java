package io.basalt.sql.value;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Text of FLOAT and DOUBLE values as MariaDB prints them: the shortest digits that read back as the same double
 * (FLOAT: six significant digits), in plain notation unless the decimal exponent is below -14 or above 15, then
 * as {@code 1.5e-16} / {@code 1e20}.
 */
final class DoubleFormat {
    private static final int FLOAT_DIGITS = 6;

    private DoubleFormat() {
    }

    static String formatDouble(double d) {
        if (d == 0) {
            return "0";
        }
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return Double.isNaN(d) ? "nan" : d > 0 ? "inf" : "-inf";
        }
        BigDecimal shortest = shortestDigits(d);
        return layout(shortest);
    }

    static String formatFloat(double d) {
        if (d == 0) {
            return "0";
        }
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return formatDouble(d);
        }
        BigDecimal rounded = new BigDecimal(d).round(new MathContext(FLOAT_DIGITS, RoundingMode.HALF_EVEN));
        return layout(rounded);
    }

    /**
     * The shortest decimal that parses back to {@code d}, the closest one among equally short. Java 17's
     * Double.toString round-trips but sometimes emits a digit or more too many (4.9E-324 for 5e-324), so its length
     * is only an upper bound: if one digit fewer still round-trips, the shortest length is searched for.
     */
    private static BigDecimal shortestDigits(double d) {
        BigDecimal fromJava = new BigDecimal(Double.toString(d));
        int digits = fromJava.stripTrailingZeros().precision();
        if (digits == 1) {
            return fromJava;
        }
        BigDecimal exact = new BigDecimal(d);
        if (!roundTrips(exact, digits - 1, d)) {
            return exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
        }
        int lo = 1;
        int hi = digits - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (roundTrips(exact, mid, d)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return exact.round(new MathContext(lo, RoundingMode.HALF_EVEN));
    }

    private static boolean roundTrips(BigDecimal exact, int digits, double d) {
        return exact.round(new MathContext(digits, RoundingMode.HALF_EVEN)).doubleValue() == d;
    }

    /** Lays out a nonzero value given by its significant digits. */
    private static String layout(BigDecimal value) {
        BigDecimal v = value.stripTrailingZeros();
        String digits = v.unscaledValue().abs().toString();
        int len = digits.length();
        // value = 0.<digits> x 10^decpt
        int decpt = len - v.scale();
        StringBuilder sb = new StringBuilder(len + 24);
        if (v.signum() < 0) {
            sb.append('-');
        }
        if (decpt < -14 || decpt > 15) {
            sb.append(digits.charAt(0));
            if (len > 1) {
                sb.append('.').append(digits, 1, len);
            }
            sb.append('e').append(decpt - 1);
        } else if (decpt <= 0) {
            sb.append("0.");
            for (int i = decpt; i < 0; i++) {
                sb.append('0');
            }
            sb.append(digits);
        } else if (decpt < len) {
            sb.append(digits, 0, decpt).append('.').append(digits, decpt, len);
        } else {
            sb.append(digits);
            for (int i = len; i < decpt; i++) {
                sb.append('0');
            }
        }
        return sb.toString();
    }
}
