package io.basalt.sql.value;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;

import java.util.Locale;

/**
 * The target of CAST(x AS target) / CONVERT(x, target).
 *
 * @param kind      what to convert to
 * @param length    CHAR(n) / BINARY(n) length, -1 when not given
 * @param precision DECIMAL precision
 * @param scale     DECIMAL scale, or the fractional-second precision of DATETIME(n) and TIME(n)
 */
public record CastTarget(Kind kind, int length, int precision, int scale) {

    public enum Kind { SIGNED, UNSIGNED, CHAR, BINARY, DECIMAL, DOUBLE, FLOAT, DATE, DATETIME, TIME, JSON }

    public static CastTarget of(Kind kind) {
        return new CastTarget(kind, -1, kind == Kind.DECIMAL ? 10 : 0, 0);
    }

    /**
     * Parses a target as written in SQL: "SIGNED", "SIGNED INTEGER", "UNSIGNED", "INTEGER", "CHAR", "CHAR(10)",
     * "CHAR(10) CHARACTER SET utf8mb4", "NCHAR(5)", "BINARY(4)", "DECIMAL", "DECIMAL(10)", "DECIMAL(10,2)", "DEC",
     * "NUMERIC", "DOUBLE", "DOUBLE PRECISION", "REAL", "FLOAT", "DATE", "DATETIME(3)", "TIME(2)", "JSON".
     * Anything else is error 1064.
     */
    public static CastTarget parse(String typeText) {
        String text = typeText.trim().toUpperCase(Locale.ROOT);
        int charset = text.indexOf(" CHARACTER SET");
        if (charset < 0) {
            charset = text.indexOf(" CHARSET");
        }
        if (charset >= 0) {
            text = text.substring(0, charset).trim();
        }
        String name = text;
        int[] args = new int[0];
        int paren = text.indexOf('(');
        if (paren >= 0) {
            int close = text.indexOf(')', paren);
            if (close < 0 || !text.substring(close + 1).isBlank()) {
                throw syntax(typeText);
            }
            name = text.substring(0, paren).trim();
            String[] parts = text.substring(paren + 1, close).split(",");
            args = new int[parts.length];
            try {
                for (int i = 0; i < parts.length; i++) {
                    args[i] = Integer.parseInt(parts[i].trim());
                }
            } catch (NumberFormatException e) {
                throw syntax(typeText);
            }
        }
        name = name.replaceAll("\\s+", " ");
        return switch (name) {
            case "SIGNED", "SIGNED INTEGER", "SIGNED INT", "INTEGER", "INT" -> noArgs(Kind.SIGNED, args, typeText);
            case "UNSIGNED", "UNSIGNED INTEGER", "UNSIGNED INT" -> noArgs(Kind.UNSIGNED, args, typeText);
            case "CHAR", "NCHAR", "CHARACTER", "VARCHAR" -> sized(Kind.CHAR, args, typeText);
            case "BINARY", "VARBINARY" -> sized(Kind.BINARY, args, typeText);
            case "DECIMAL", "DEC", "NUMERIC", "FIXED" -> decimal(args, typeText);
            case "DOUBLE", "DOUBLE PRECISION", "REAL" -> noArgs(Kind.DOUBLE, args, typeText);
            case "FLOAT" -> noArgs(Kind.FLOAT, args, typeText);
            case "DATE" -> noArgs(Kind.DATE, args, typeText);
            case "DATETIME" -> temporal(Kind.DATETIME, args, typeText);
            case "TIME" -> temporal(Kind.TIME, args, typeText);
            case "JSON" -> noArgs(Kind.JSON, args, typeText);
            default -> throw syntax(typeText);
        };
    }

    private static CastTarget noArgs(Kind kind, int[] args, String text) {
        if (args.length != 0) {
            throw syntax(text);
        }
        return of(kind);
    }

    private static CastTarget sized(Kind kind, int[] args, String text) {
        if (args.length > 1) {
            throw syntax(text);
        }
        return new CastTarget(kind, args.length == 1 ? args[0] : -1, 0, 0);
    }

    private static CastTarget decimal(int[] args, String text) {
        if (args.length > 2) {
            throw syntax(text);
        }
        int precision = args.length >= 1 ? args[0] : 10;
        int scale = args.length == 2 ? args[1] : 0;
        if (precision > Arithmetic.MAX_PRECISION) {
            throw new MySqlException(1426, "42000", "Too big precision " + precision
                    + " specified for '" + text.trim() + "'. Maximum is 65", null);
        }
        if (scale > Arithmetic.MAX_SCALE) {
            throw new MySqlException(1425, "42000", "Too big scale " + scale
                    + " specified for '" + text.trim() + "'. Maximum is 38", null);
        }
        if (scale > precision) {
            throw new MySqlException(1427, "42000", "For float(M,D), double(M,D) or decimal(M,D), M must be >= D "
                    + "(column '" + text.trim() + "').", null);
        }
        return new CastTarget(Kind.DECIMAL, -1, precision == 0 ? 10 : precision, scale);
    }

    private static CastTarget temporal(Kind kind, int[] args, String text) {
        if (args.length > 1 || args.length == 1 && (args[0] < 0 || args[0] > 6)) {
            if (args.length == 1) {
                throw new MySqlException(1426, "42000", "Too big precision " + args[0]
                        + " specified for '" + text.trim() + "'. Maximum is 6", null);
            }
            throw syntax(text);
        }
        return new CastTarget(kind, -1, 0, args.length == 1 ? args[0] : 0);
    }

    private static MySqlException syntax(String text) {
        return new MySqlException(ErrorCode.PARSE_ERROR, "You have an error in your SQL syntax; check the manual "
                + "that corresponds to your MariaDB server version for the right syntax to use near '"
                + text.trim() + "'");
    }
}
