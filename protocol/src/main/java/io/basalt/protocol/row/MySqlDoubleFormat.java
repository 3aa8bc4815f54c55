package io.basalt.protocol.row;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Formats FLOAT and DOUBLE values the way MySQL's text protocol does (my_gcvt with the wide buffer of
 * String::set_real, and my_fcvt when the column has fixed decimals).
 *
 * <p>my_gcvt takes the shortest digit string that reads back as the same double (for FLOAT at most FLT_DIG = 6
 * digits, correctly rounded) and prints it in 'f' format only when the decimal exponent {@code decpt} (the value is
 * 0.d1d2… × 10^decpt) satisfies {@code decpt >= -14} and either {@code decpt <= 15} or the digits reach past the
 * decimal point; otherwise in 'e' format without '+' or leading exponent zeros. So 1e15 prints as "1e15",
 * 123456789012345 as itself, 1e-7 as "0.0000001", 1e-16 as "1e-16" and -0.0 as "-0". Infinite and NaN values,
 * which MySQL never stores, print as "0" like my_gcvt's overflow case.
 */
final class MySqlDoubleFormat {
    /** MAX_DECPT_FOR_F_FORMAT (DBL_DIG). */
    private static final int MAX_DECPT_FOR_F_FORMAT = 15;
    /** FLT_DIG: the digit limit of MY_GCVT_ARG_FLOAT. */
    private static final int FLOAT_DIGITS = 6;
    private static final int MAX_DOUBLE_DIGITS = 17;

    private MySqlDoubleFormat() {
    }

    /** A DOUBLE column value with no fixed decimals. */
    static String formatDouble(double x) {
        return gcvt(x, MAX_DOUBLE_DIGITS);
    }

    /** A FLOAT column value with no fixed decimals ({@code x} is the float widened to double). */
    static String formatFloat(double x) {
        return gcvt(x, FLOAT_DIGITS);
    }

    /** A value of a column with {@code decimals} fixed fraction digits: correctly rounded, zero-padded. */
    static String formatFixed(double x, int decimals) {
        if (!Double.isFinite(x)) {
            return "0";
        }
        String digits = new BigDecimal(Math.abs(x)).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
        return isNegative(x) ? "-" + digits : digits;
    }

    private static String gcvt(double x, int maxDigits) {
        if (!Double.isFinite(x)) {
            return "0";
        }
        StringBuilder sb = new StringBuilder(24);
        if (isNegative(x)) {
            sb.append('-');
        }
        double abs = Math.abs(x);
        if (abs == 0) {
            return sb.append('0').toString();
        }
        BigDecimal digits = significantDigits(abs, maxDigits);
        String d = digits.unscaledValue().toString();
        int len = d.length();
        int decpt = digits.precision() - digits.scale();
        if (decpt >= 1 - MAX_DECPT_FOR_F_FORMAT && (decpt <= MAX_DECPT_FOR_F_FORMAT || len > decpt)) {
            appendFixed(sb, d, decpt);
        } else {
            appendExponential(sb, d, decpt - 1);
        }
        return sb.toString();
    }

    private static void appendFixed(StringBuilder sb, String d, int decpt) {
        int len = d.length();
        if (decpt <= 0) {
            sb.append("0.");
            sb.append("0".repeat(-decpt));
            sb.append(d);
        } else if (decpt < len) {
            sb.append(d, 0, decpt).append('.').append(d, decpt, len);
        } else {
            sb.append(d);
            sb.append("0".repeat(decpt - len));
        }
    }

    private static void appendExponential(StringBuilder sb, String d, int exponent) {
        sb.append(d.charAt(0));
        if (d.length() > 1) {
            sb.append('.').append(d, 1, d.length());
        }
        sb.append('e').append(exponent);
    }

    /**
     * The shortest decimal that reads back as {@code abs}, as an unscaled value without trailing zeros and a scale;
     * rounded to {@code maxDigits} significant digits if the shortest is longer. Among equally short candidates the
     * one nearest the exact binary value is chosen, as dtoa does.
     */
    private static BigDecimal significantDigits(double abs, int maxDigits) {
        BigDecimal exact = new BigDecimal(abs);
        int p = new BigDecimal(Double.toString(abs)).stripTrailingZeros().precision();
        while (p < MAX_DOUBLE_DIGITS && !roundTrips(exact, p, abs)) {
            p++;
        }
        while (p > 1 && roundTrips(exact, p - 1, abs)) {
            p--;
        }
        return exact.round(new MathContext(Math.min(p, maxDigits), RoundingMode.HALF_EVEN)).stripTrailingZeros();
    }

    private static boolean roundTrips(BigDecimal exact, int digits, double abs) {
        return exact.round(new MathContext(digits, RoundingMode.HALF_EVEN)).doubleValue() == abs;
    }

    private static boolean isNegative(double x) {
        return Double.doubleToRawLongBits(x) < 0;
    }
}
