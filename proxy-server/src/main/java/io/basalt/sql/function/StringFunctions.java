package io.basalt.sql.function;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.sql.value.Arithmetic;
import io.basalt.sql.value.Collation;
import io.basalt.sql.value.Comparison;
import io.basalt.sql.value.EvalContext;
import io.basalt.sql.value.Regexp;
import io.basalt.sql.value.SqlErrors;
import io.basalt.sql.value.Values;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;

import static io.basalt.sql.function.Args.count;
import static io.basalt.sql.function.Args.lng;
import static io.basalt.sql.function.Args.str;
import static io.basalt.sql.function.FunctionDef.of;

/**
 * String functions. Positions and lengths count characters; searches (LOCATE, INSTR, FIELD, FIND_IN_SET, STRCMP)
 * compare under the case-insensitive collation, while REPLACE, SUBSTRING_INDEX and TRIM's remstr match exactly, as
 * in MySQL. TRIM with a mode is the three-argument function {@code TRIM(mode, remstr, str)}, mode one of 'BOTH',
 * 'LEADING', 'TRAILING' (the binder rewrites {@code TRIM(LEADING 'x' FROM s)} to {@code TRIM('LEADING', 'x', s)}).
 */
final class StringFunctions {
    private static final HexFormat HEX = HexFormat.of().withUpperCase();

    private StringFunctions() {
    }

    static List<FunctionDef> all() {
        List<FunctionDef> f = new ArrayList<>();
        f.add(of("CONCAT", 1, -1, StringFunctions::concatType, StringFunctions::concat));
        f.add(of("CONCAT_WS", 2, -1, (a, c) -> Types.varchar(sumChars(a)), StringFunctions::concatWs).nullAware());
        FunctionDef length = of("LENGTH", 1, 1, Types.fixed(SqlType.INT.withLength(10)),
                (a, t, ctx) -> (long) Args.bytes(a, t, 0).length);
        f.add(length);
        f.add(length.named("OCTET_LENGTH"));
        f.add(of("BIT_LENGTH", 1, 1, Types.fixed(SqlType.INT.withLength(10)),
                (a, t, ctx) -> Args.bytes(a, t, 0).length * 8L));
        FunctionDef charLength = of("CHAR_LENGTH", 1, 1, Types.fixed(SqlType.INT.withLength(10)),
                (a, t, ctx) -> Types.isBinary(t[0]) ? (long) Args.bytes(a, t, 0).length : (long) Text.length(str(a, t, 0)));
        f.add(charLength);
        f.add(charLength.named("CHARACTER_LENGTH"));
        FunctionDef upper = of("UPPER", 1, 1, StringFunctions::sameLength,
                (a, t, ctx) -> Types.isBinary(t[0]) ? a[0] : mapCase(str(a, t, 0), true));
        f.add(upper);
        f.add(upper.named("UCASE"));
        FunctionDef lower = of("LOWER", 1, 1, StringFunctions::sameLength,
                (a, t, ctx) -> Types.isBinary(t[0]) ? a[0] : mapCase(str(a, t, 0), false));
        f.add(lower);
        f.add(lower.named("LCASE"));
        FunctionDef substring = of("SUBSTRING", 2, 3, StringFunctions::sameLength, StringFunctions::substring);
        f.add(substring);
        f.add(substring.named("SUBSTR"));
        f.add(substring.named("MID"));
        f.add(of("LEFT", 2, 2, StringFunctions::sameLength, (a, t, ctx) -> {
            String s = str(a, t, 0);
            return Text.substring(s, 0, count(a, t, 1, ctx));
        }));
        f.add(of("RIGHT", 2, 2, StringFunctions::sameLength, (a, t, ctx) -> {
            String s = str(a, t, 0);
            long n = count(a, t, 1, ctx);
            int len = Text.length(s);
            return n >= len ? s : Text.substring(s, len - n, n);
        }));
        f.add(of("TRIM", 1, 3, (a, c) -> sameLength(a.subList(a.size() - 1, a.size()), c), StringFunctions::trim));
        f.add(of("LTRIM", 1, 1, StringFunctions::sameLength, (a, t, ctx) -> trimSpaces(str(a, t, 0), true, false)));
        f.add(of("RTRIM", 1, 1, StringFunctions::sameLength, (a, t, ctx) -> trimSpaces(str(a, t, 0), false, true)));
        f.add(of("REPLACE", 3, 3, (a, c) -> Types.varchar(Types.chars(a.get(0)) * 4L), (a, t, ctx) -> {
            String from = str(a, t, 1);
            return from.isEmpty() ? str(a, t, 0) : str(a, t, 0).replace(from, str(a, t, 2));
        }));
        f.add(of("REVERSE", 1, 1, StringFunctions::sameLength,
                (a, t, ctx) -> new StringBuilder(str(a, t, 0)).reverse().toString()));
        f.add(of("LPAD", 2, 3, (a, c) -> Types.varchar(Types.constantLong(c, 1, 255)),
                (a, t, ctx) -> pad(a, t, ctx, true)));
        f.add(of("RPAD", 2, 3, (a, c) -> Types.varchar(Types.constantLong(c, 1, 255)),
                (a, t, ctx) -> pad(a, t, ctx, false)));
        f.add(of("REPEAT", 2, 2, (a, c) -> Types.varchar(Types.chars(a.get(0)) * Types.constantLong(c, 1, 64)),
                (a, t, ctx) -> repeat(str(a, t, 0), count(a, t, 1, ctx), "repeat", ctx)));
        f.add(of("SPACE", 1, 1, (a, c) -> Types.varchar(Types.constantLong(c, 0, 255)),
                (a, t, ctx) -> repeat(" ", count(a, t, 0, ctx), "space", ctx)));
        f.add(of("INSTR", 2, 2, Types.fixed(SqlType.INT.withLength(10)),
                (a, t, ctx) -> locate(str(a, t, 1), str(a, t, 0), 1)));
        f.add(of("LOCATE", 2, 3, Types.fixed(SqlType.INT.withLength(10)),
                (a, t, ctx) -> locate(str(a, t, 0), str(a, t, 1), a.length == 3 ? lng(a, t, 2, ctx) : 1)));
        f.add(of("POSITION", 2, 2, Types.fixed(SqlType.INT.withLength(10)),
                (a, t, ctx) -> locate(str(a, t, 0), str(a, t, 1), 1)));
        f.add(of("ASCII", 1, 1, Types.fixed(SqlType.INT.withLength(3)), (a, t, ctx) -> {
            byte[] b = Args.bytes(a, t, 0);
            return b.length == 0 ? 0L : (long) (b[0] & 0xFF);
        }));
        f.add(of("ORD", 1, 1, Types.fixed(SqlType.BIGINT), StringFunctions::ord));
        f.add(of("CHAR", 1, -1, (a, c) -> Types.varbinary(a.size() * 4L), StringFunctions::charFn).nullAware());
        f.add(of("HEX", 1, 1, (a, c) -> Types.varchar(Types.chars(a.get(0)) * 2L), StringFunctions::hex));
        f.add(of("UNHEX", 1, 1, (a, c) -> Types.varbinary(Types.chars(a.get(0)) / 2 + 1), StringFunctions::unhex));
        f.add(of("FORMAT", 2, 3, (a, c) -> Types.varchar(Types.chars(a.get(0)) + 40), StringFunctions::format));
        f.add(of("STRCMP", 2, 2, Types.fixed(SqlType.INT.withLength(2)),
                (a, t, ctx) -> (long) Integer.signum(Comparison.compare(a[0], stringish(t[0]), a[1], stringish(t[1]),
                        ctx))));
        f.add(of("FIELD", 2, -1, Types.fixed(SqlType.INT.withLength(3)), StringFunctions::field).nullAware());
        f.add(of("ELT", 2, -1, (a, c) -> Types.varchar(maxChars(a.subList(1, a.size()))), StringFunctions::elt)
                .nullAware());
        f.add(of("FIND_IN_SET", 2, 2, Types.fixed(SqlType.INT.withLength(3)), StringFunctions::findInSet));
        f.add(of("QUOTE", 1, 1, (a, c) -> Types.varchar(Types.chars(a.get(0)) * 2L + 2), StringFunctions::quote)
                .nullAware());
        f.add(of("INSERT", 4, 4, (a, c) -> Types.varchar(Types.chars(a.get(0)) + (long) Types.chars(a.get(3))),
                StringFunctions::insert));
        f.add(of("SUBSTRING_INDEX", 3, 3, StringFunctions::sameLength, StringFunctions::substringIndex));
        f.add(of("BIN", 1, 1, Types.varcharRule(64), (a, t, ctx) -> Long.toBinaryString(lng(a, t, 0, ctx))));
        f.add(of("OCT", 1, 1, Types.varcharRule(22), (a, t, ctx) -> Long.toOctalString(lng(a, t, 0, ctx))));
        f.add(of("CONV", 3, 3, Types.varcharRule(64), StringFunctions::conv));
        f.add(of("CHARSET", 1, 1, Types.varcharRule(64),
                (a, t, ctx) -> Types.isBinary(t[0]) || t[0].kind().isNumeric() ? "binary" : "utf8mb4").nullAware());
        f.add(of("COLLATION", 1, 1, Types.varcharRule(64),
                (a, t, ctx) -> Types.isBinary(t[0]) || t[0].kind().isNumeric() ? "binary" : "utf8mb4_general_ci")
                .nullAware());
        f.add(of("REGEXP_REPLACE", 3, 3, Types.fixed(SqlType.LONGTEXT),
                StringFunctions::regexpReplace));
        f.add(of("REGEXP_SUBSTR", 2, 2, StringFunctions::sameLength, (a, t, ctx) -> {
            Matcher m = regexp(a, t, 1).matcher(str(a, t, 0));
            return m.find() ? m.group() : "";
        }));
        f.add(of("REGEXP_INSTR", 2, 2, Types.fixed(SqlType.INT.withLength(10)), (a, t, ctx) -> {
            String s = str(a, t, 0);
            Matcher m = regexp(a, t, 1).matcher(s);
            return m.find() ? (long) Text.cpIndex(s, m.start()) + 1 : 0L;
        }));
        return f;
    }

    // ---------------------------------------------------------------- types

    private static SqlType sameLength(List<SqlType> args, List<Object> constants) {
        SqlType t = args.get(0);
        return Types.isBinary(t) ? Types.varbinary(Types.chars(t)) : Types.varchar(Types.chars(t));
    }

    private static SqlType concatType(List<SqlType> args, List<Object> constants) {
        long n = sumChars(args);
        return Types.anyBinary(args) ? Types.varbinary(n) : Types.varchar(n);
    }

    private static long sumChars(List<SqlType> args) {
        long n = 0;
        for (SqlType t : args) {
            n += Types.chars(t);
        }
        return n;
    }

    private static long maxChars(List<SqlType> args) {
        long n = 0;
        for (SqlType t : args) {
            n = Math.max(n, Types.chars(t));
        }
        return n;
    }

    /** Numbers compared by STRCMP are compared as their text. */
    private static SqlType stringish(SqlType t) {
        return Types.isBinary(t) || t.kind().isString() ? t : SqlType.LONGTEXT;
    }

    // ---------------------------------------------------------------- bodies

    private static Object concat(Object[] a, SqlType[] t, EvalContext ctx) {
        if (Types.anyBinary(t)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int i = 0; i < a.length; i++) {
                out.writeBytes(Args.bytes(a, t, i));
            }
            return out.toByteArray();
        }
        if (a.length == 2) {
            return str(a, t, 0).concat(str(a, t, 1));
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < a.length; i++) {
            sb.append(str(a, t, i));
        }
        return sb.toString();
    }

    private static Object concatWs(Object[] a, SqlType[] t, EvalContext ctx) {
        if (a[0] == null) {
            return null;
        }
        String sep = str(a, t, 0);
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (int i = 1; i < a.length; i++) {
            if (a[i] == null) {
                continue;
            }
            if (!first) {
                sb.append(sep);
            }
            first = false;
            sb.append(str(a, t, i));
        }
        return sb.toString();
    }

    /** Case mapping character by character (no 'ß' → 'SS' expansion, as MySQL maps one character to one). */
    static String mapCase(String s, boolean upper) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            int m = upper ? Character.toUpperCase(c) : Character.toLowerCase(c);
            if (m != c && sb == null) {
                sb = new StringBuilder(s.length());
                sb.append(s, 0, i);
            }
            if (sb != null) {
                sb.appendCodePoint(m);
            }
            i += Character.charCount(c);
        }
        return sb == null ? s : sb.toString();
    }

    private static Object substring(Object[] a, SqlType[] t, EvalContext ctx) {
        String s = str(a, t, 0);
        long pos = lng(a, t, 1, ctx);
        long len = a.length == 3 ? count(a, t, 2, ctx) : Long.MAX_VALUE;
        int n = Text.length(s);
        long start;
        if (pos > 0) {
            start = pos - 1;
        } else if (pos < 0 && -pos <= n) {
            start = n + pos;
        } else {
            return "";
        }
        if (start >= n || len <= 0) {
            return "";
        }
        return Text.substring(s, start, Math.min(len, n - start));
    }

    private static Object trim(Object[] a, SqlType[] t, EvalContext ctx) {
        if (a.length == 1) {
            return trimSpaces(str(a, t, 0), true, true);
        }
        if (a.length != 3) {
            throw SqlErrors.wrongParamCount("TRIM");
        }
        String mode = str(a, t, 0).toUpperCase(Locale.ROOT);
        String rem = str(a, t, 1);
        String s = str(a, t, 2);
        boolean leading = !mode.equals("TRAILING");
        boolean trailing = !mode.equals("LEADING");
        if (rem.isEmpty()) {
            return s;
        }
        int start = 0;
        int end = s.length();
        if (leading) {
            while (s.startsWith(rem, start)) {
                start += rem.length();
            }
        }
        if (trailing) {
            while (end - rem.length() >= start && s.startsWith(rem, end - rem.length())) {
                end -= rem.length();
            }
        }
        return s.substring(start, end);
    }

    static String trimSpaces(String s, boolean leading, boolean trailing) {
        int start = 0;
        int end = s.length();
        if (leading) {
            while (start < end && s.charAt(start) == ' ') {
                start++;
            }
        }
        if (trailing) {
            while (end > start && s.charAt(end - 1) == ' ') {
                end--;
            }
        }
        return s.substring(start, end);
    }

    private static Object pad(Object[] a, SqlType[] t, EvalContext ctx, boolean left) {
        String s = str(a, t, 0);
        long len = lng(a, t, 1, ctx);
        String padding = a.length == 3 ? str(a, t, 2) : " ";
        if (len < 0) {
            return null;
        }
        int n = Text.length(s);
        if (len <= n) {
            return Text.substring(s, 0, len);
        }
        if (padding.isEmpty()) {
            return null;
        }
        if (len * 4 > ctx.maxAllowedPacket()) {
            tooLarge(left ? "lpad" : "rpad", ctx);
            return null;
        }
        int padChars = Text.length(padding);
        long need = len - n;
        StringBuilder sb = new StringBuilder((int) len);
        if (!left) {
            sb.append(s);
        }
        while (need >= padChars) {
            sb.append(padding);
            need -= padChars;
        }
        sb.append(Text.substring(padding, 0, need));
        if (left) {
            sb.append(s);
        }
        return sb.toString();
    }

    private static Object repeat(String s, long times, String fn, EvalContext ctx) {
        if (times <= 0 || s.isEmpty()) {
            return "";
        }
        if ((double) times * s.length() > ctx.maxAllowedPacket()) {
            tooLarge(fn, ctx);
            return null;
        }
        return s.repeat((int) times);
    }

    private static void tooLarge(String fn, EvalContext ctx) {
        ctx.warn(1301, "Result of " + fn + "() was larger than max_allowed_packet (" + ctx.maxAllowedPacket()
                + ") - truncated");
    }

    /** LOCATE(sub, s, pos): 1-based character position of sub in s at or after pos, 0 when absent. */
    private static long locate(String sub, String s, long pos) {
        if (pos < 1) {
            return 0;
        }
        int n = Text.length(s);
        if (pos > n + 1 || sub.isEmpty() && pos > n) {
            return sub.isEmpty() && pos == n + 1 ? pos : 0;
        }
        int from = Text.offset(s, (int) pos - 1);
        int found = Text.indexOfCi(s, sub, from);
        return found < 0 ? 0 : Text.cpIndex(s, found) + 1;
    }

    private static Object ord(Object[] a, SqlType[] t, EvalContext ctx) {
        String s = str(a, t, 0);
        if (s.isEmpty()) {
            return 0L;
        }
        if (Types.isBinary(t[0])) {
            return (long) (Args.bytes(a, t, 0)[0] & 0xFF);
        }
        byte[] b = new String(Character.toChars(s.codePointAt(0))).getBytes(StandardCharsets.UTF_8);
        long v = 0;
        for (byte x : b) {
            v = v << 8 | (x & 0xFF);
        }
        return v;
    }

    private static Object charFn(Object[] a, SqlType[] t, EvalContext ctx) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < a.length; i++) {
            if (a[i] == null) {
                continue;
            }
            long v = Args.lng(a, t, i, ctx) & 0xFFFFFFFFL;
            boolean started = false;
            for (int shift = 24; shift >= 0; shift -= 8) {
                int b = (int) (v >>> shift) & 0xFF;
                if (b != 0 || started || shift == 0) {
                    out.write(b);
                    started = true;
                }
            }
        }
        return out.toByteArray();
    }

    private static Object hex(Object[] a, SqlType[] t, EvalContext ctx) {
        SqlType type = t[0];
        if (type.kind().isNumeric() || type.kind().category() == TypeKind.Category.TEMPORAL) {
            Object v = a[0] instanceof Double d ? BigDecimal.valueOf(d) : a[0];
            return Long.toHexString(Arithmetic.bits(v, type, ctx)).toUpperCase(Locale.ROOT);
        }
        return HEX.formatHex(Args.bytes(a, t, 0));
    }

    private static Object unhex(Object[] a, SqlType[] t, EvalContext ctx) {
        String s = str(a, t, 0);
        if (s.length() % 2 == 1) {
            s = "0" + s;
        }
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            int hi = Character.digit(s.charAt(2 * i), 16);
            int lo = Character.digit(s.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0) {
                return null;
            }
            out[i] = (byte) (hi << 4 | lo);
        }
        return out;
    }

    /** FORMAT(x, d): rounded to d decimals (at most 38), thousands separated by commas (locale en_US). */
    private static Object format(Object[] a, SqlType[] t, EvalContext ctx) {
        int d = (int) Math.max(0, Math.min(38, lng(a, t, 1, ctx)));
        BigDecimal v;
        if (a[0] instanceof Double dbl || !t[0].kind().isNumeric() && !(a[0] instanceof BigDecimal)
                && !(a[0] instanceof Long)) {
            double x = a[0] instanceof Double dbl2 ? dbl2 : Values.toDouble(a[0], t[0], ctx);
            v = new BigDecimal(NumericFunctions.roundDouble(x, d, false)).setScale(d, RoundingMode.HALF_EVEN);
        } else {
            v = Values.toDecimal(a[0], t[0], ctx).setScale(d, RoundingMode.HALF_UP);
        }
        String plain = v.abs().toPlainString();
        int dot = plain.indexOf('.');
        String intPart = dot < 0 ? plain : plain.substring(0, dot);
        StringBuilder sb = new StringBuilder(plain.length() + intPart.length() / 3 + 1);
        if (v.signum() < 0) {
            sb.append('-');
        }
        int first = intPart.length() % 3 == 0 ? 3 : intPart.length() % 3;
        sb.append(intPart, 0, first);
        for (int i = first; i < intPart.length(); i += 3) {
            sb.append(',').append(intPart, i, i + 3);
        }
        if (dot >= 0) {
            sb.append(plain, dot, plain.length());
        }
        return sb.toString();
    }

    private static Object field(Object[] a, SqlType[] t, EvalContext ctx) {
        if (a[0] == null) {
            return 0L;
        }
        for (int i = 1; i < a.length; i++) {
            if (a[i] != null && Comparison.compare(a[0], t[0], a[i], t[i], ctx) == 0) {
                return (long) i;
            }
        }
        return 0L;
    }

    private static Object elt(Object[] a, SqlType[] t, EvalContext ctx) {
        if (a[0] == null) {
            return null;
        }
        long n = lng(a, t, 0, ctx);
        if (n < 1 || n >= a.length) {
            return null;
        }
        return Values.toText(a[(int) n], t[(int) n]);
    }

    private static Object findInSet(Object[] a, SqlType[] t, EvalContext ctx) {
        String needle = str(a, t, 0);
        String list = str(a, t, 1);
        if (needle.indexOf(',') >= 0) {
            return 0L;
        }
        int index = 1;
        int start = 0;
        while (start <= list.length()) {
            int comma = list.indexOf(',', start);
            int end = comma < 0 ? list.length() : comma;
            if (Collation.equalsCi(list.substring(start, end), needle) && !(list.isEmpty())) {
                return (long) index;
            }
            if (comma < 0) {
                break;
            }
            start = comma + 1;
            index++;
        }
        return 0L;
    }

    private static Object quote(Object[] a, SqlType[] t, EvalContext ctx) {
        if (a[0] == null) {
            return "NULL";
        }
        String s = str(a, t, 0);
        StringBuilder sb = new StringBuilder(s.length() + 2).append('\'');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\', '\'' -> sb.append('\\').append(c);
                case '\0' -> sb.append("\\0");
                case '\u001A' -> sb.append("\\Z");
                default -> sb.append(c);
            }
        }
        return sb.append('\'').toString();
    }

    private static Object insert(Object[] a, SqlType[] t, EvalContext ctx) {
        String s = str(a, t, 0);
        long pos = lng(a, t, 1, ctx);
        long len = lng(a, t, 2, ctx);
        String replacement = str(a, t, 3);
        int n = Text.length(s);
        if (pos < 1 || pos > n) {
            return s;
        }
        long start = pos - 1;
        long end = len < 0 || start + len > n ? n : start + len;
        return Text.substring(s, 0, start) + replacement + Text.substring(s, end, n - end);
    }

    private static Object substringIndex(Object[] a, SqlType[] t, EvalContext ctx) {
        String s = str(a, t, 0);
        String delim = str(a, t, 1);
        long count = lng(a, t, 2, ctx);
        if (count == 0 || delim.isEmpty()) {
            return "";
        }
        if (count > 0) {
            int idx = -1;
            for (long k = 0; k < count; k++) {
                idx = s.indexOf(delim, idx < 0 ? 0 : idx + delim.length());
                if (idx < 0) {
                    return s;
                }
            }
            return s.substring(0, idx);
        }
        int idx = s.length();
        for (long k = 0; k < -count; k++) {
            idx = idx - delim.length() < 0 ? -1 : s.lastIndexOf(delim, idx - delim.length());
            if (idx < 0) {
                return s;
            }
        }
        return s.substring(idx + delim.length());
    }

    /** CONV(n, from, to): negative bases mean signed numbers, as in MySQL; NULL for bases outside 2..36. */
    private static Object conv(Object[] a, SqlType[] t, EvalContext ctx) {
        long from = lng(a, t, 1, ctx);
        long to = lng(a, t, 2, ctx);
        int fromBase = (int) Math.abs(from);
        int toBase = (int) Math.abs(to);
        if (fromBase < 2 || fromBase > 36 || toBase < 2 || toBase > 36) {
            return null;
        }
        String s = str(a, t, 0).trim();
        if (str(a, t, 0).isEmpty()) {
            return null;
        }
        boolean negative = s.startsWith("-");
        int i = negative || s.startsWith("+") ? 1 : 0;
        long value = 0;
        boolean overflow = false;
        for (; i < s.length(); i++) {
            int digit = Character.digit(s.charAt(i), fromBase);
            if (digit < 0) {
                break;
            }
            long next = value * fromBase + digit;
            if (Long.compareUnsigned(value, Long.divideUnsigned(-1L, fromBase)) > 0
                    || Long.compareUnsigned(next, value) < 0 && value != 0) {
                overflow = true;
            }
            value = next;
        }
        if (overflow) {
            value = -1L;
        }
        if (negative) {
            value = -value;
        }
        String out = to < 0 && value < 0 ? "-" + Long.toUnsignedString(-value, toBase)
                : Long.toUnsignedString(value, toBase);
        return out.toUpperCase(Locale.ROOT);
    }

    private static Regexp regexp(Object[] a, SqlType[] t, int i) {
        return Regexp.cached(str(a, t, i), Types.isBinary(t[0]) || Types.isBinary(t[i]));
    }

    /** REGEXP_REPLACE: MariaDB's \N back-references become Java's $N; replacing stops at an empty match. */
    private static Object regexpReplace(Object[] a, SqlType[] t, EvalContext ctx) {
        String replacement = str(a, t, 2);
        StringBuilder r = new StringBuilder(replacement.length() + 4);
        for (int i = 0; i < replacement.length(); i++) {
            char c = replacement.charAt(i);
            if (c == '\\' && i + 1 < replacement.length() && Character.isDigit(replacement.charAt(i + 1))) {
                r.append('$').append(replacement.charAt(++i));
            } else if (c == '\\' && i + 1 < replacement.length()) {
                r.append('\\').append(replacement.charAt(++i));
            } else if (c == '$') {
                r.append("\\$");
            } else {
                r.append(c);
            }
        }
        String s = str(a, t, 0);
        Matcher m = regexp(a, t, 1).matcher(s);
        StringBuilder out = new StringBuilder(s.length());
        while (m.find() && m.end() > m.start()) {
            m.appendReplacement(out, r.toString());
        }
        m.appendTail(out);
        return out.toString();
    }
}
