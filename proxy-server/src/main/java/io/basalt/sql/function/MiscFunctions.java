package io.basalt.sql.function;

import io.basalt.sql.type.SqlType;
import io.basalt.sql.value.EvalContext;
import io.basalt.sql.value.SqlErrors;
import io.basalt.storage.concurrency.BlockingHint;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

import static io.basalt.sql.function.Args.dbl;
import static io.basalt.sql.function.Args.lng;
import static io.basalt.sql.function.Args.str;
import static io.basalt.sql.function.FunctionDef.of;

/** Hashes, encodings, network addresses, UUID and SLEEP. */
final class MiscFunctions {
    private static final HexFormat HEX = HexFormat.of();
    /** TO_BASE64 breaks lines after 76 characters, as MySQL does. */
    private static final Base64.Encoder BASE64 = Base64.getMimeEncoder(76, new byte[]{'\n'});
    private static final long SLEEP_SLICE_MS = 100;

    private MiscFunctions() {
    }

    static List<FunctionDef> all() {
        List<FunctionDef> f = new ArrayList<>();
        f.add(of("UUID", 0, 0, Types.varcharRule(36), (a, t, ctx) -> UUID.randomUUID().toString())
                .nonDeterministic());
        f.add(of("MD5", 1, 1, Types.varcharRule(32), (a, t, ctx) -> digest("MD5", Args.bytes(a, t, 0))));
        FunctionDef sha1 = of("SHA1", 1, 1, Types.varcharRule(40), (a, t, ctx) -> digest("SHA-1", Args.bytes(a, t, 0)));
        f.add(sha1);
        f.add(sha1.named("SHA"));
        f.add(of("SHA2", 2, 2, Types.varcharRule(128), (a, t, ctx) -> {
            String algorithm = switch ((int) lng(a, t, 1, ctx)) {
                case 0, 256 -> "SHA-256";
                case 224 -> "SHA-224";
                case 384 -> "SHA-384";
                case 512 -> "SHA-512";
                default -> null;
            };
            return algorithm == null ? null : digest(algorithm, Args.bytes(a, t, 0));
        }));
        f.add(of("TO_BASE64", 1, 1, (a, c) -> Types.varchar(Types.chars(a.get(0)) * 4L / 3 + 4),
                (a, t, ctx) -> BASE64.encodeToString(Args.bytes(a, t, 0))));
        f.add(of("FROM_BASE64", 1, 1, (a, c) -> Types.varbinary(Types.chars(a.get(0))),
                (a, t, ctx) -> fromBase64(str(a, t, 0))));
        f.add(of("INET_ATON", 1, 1, Types.fixed(SqlType.BIGINT_UNSIGNED), (a, t, ctx) -> inetAton(str(a, t, 0))));
        f.add(of("INET_NTOA", 1, 1, Types.varcharRule(15), (a, t, ctx) -> {
            long n = lng(a, t, 0, ctx);
            if (n < 0 || n > 0xFFFFFFFFL) {
                return null;
            }
            return (n >>> 24) + "." + (n >>> 16 & 255) + "." + (n >>> 8 & 255) + "." + (n & 255);
        }));
        f.add(of("SLEEP", 1, 1, Types.fixed(SqlType.INT.withLength(1)), MiscFunctions::sleep).nonDeterministic());
        return f;
    }

    private static String digest(String algorithm, byte[] input) {
        try {
            return HEX.formatHex(MessageDigest.getInstance(algorithm).digest(input));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("JDK lacks " + algorithm, e);
        }
    }

    /** Base64 with white space ignored and padding required; NULL when malformed. */
    static byte[] fromBase64(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Character.isWhitespace(c)) {
                sb.append(c);
            }
        }
        if (sb.length() % 4 != 0) {
            return null;
        }
        try {
            return Base64.getDecoder().decode(sb.toString());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * a.b.c.d; short forms put the last part in the low bytes ('1.2.3' is 1.2.0.3), empty parts count as 0;
     * NULL when malformed or ending in a dot.
     */
    static Long inetAton(String s) {
        long result = 0;
        long part = 0;
        int parts = 0;
        boolean digit = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                part = part * 10 + (c - '0');
                digit = true;
                if (part > 255) {
                    return null;
                }
            } else if (c == '.' && parts < 3) {
                result = result << 8 | part;
                part = 0;
                parts++;
                digit = false;
            } else {
                return null;
            }
        }
        if (!digit) {
            return null;
        }
        if (parts < 3) {
            result <<= 8 * (3 - parts);
        }
        return result << 8 | part;
    }

    /** SLEEP(n): waits n seconds, polling for KILL; returns 0. */
    private static Object sleep(Object[] a, SqlType[] t, EvalContext ctx) {
        double seconds = dbl(a, t, 0, ctx);
        if (seconds < 0) {
            ctx.warn(SqlErrors.WRONG_ARGUMENTS_CODE, "Incorrect arguments to sleep.");
            return null;
        }
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        try (BlockingHint.Section waiting = BlockingHint.begin()) {
            while (true) {
                ctx.checkKilled();
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return 0L;
                }
                Thread.sleep(Math.min(SLEEP_SLICE_MS, Math.max(1, left / 1_000_000)));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1L;
        }
    }
}
