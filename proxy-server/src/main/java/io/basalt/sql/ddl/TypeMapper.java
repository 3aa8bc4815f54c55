package io.basalt.sql.ddl;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.sql.catalog.CharsetCollation;
import io.basalt.sql.parser.ast.SqlTypeSpec;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import io.basalt.storage.codec.CaseInsensitiveCollation;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Maps a parsed column type to a {@link SqlType} with MariaDB 10.11's defaults and limits: integer display widths
 * (INT(11), INT UNSIGNED(10)...), BOOLEAN as TINYINT(1), DECIMAL(10,0) by default and at most (65,38), FLOAT(p)
 * as DOUBLE above 24, CHAR default length 1, VARCHAR/VARBINARY lengths limited by the 65,532-byte row limit in
 * characters of the column's character set, TEXT(n)/BLOB(n) as the smallest type holding n, fractional seconds
 * 0-6, a string type with CHARACTER SET binary as its binary counterpart. SET and BIT are not supported (1235).
 */
final class TypeMapper {
    static final int MAX_DISPLAY_WIDTH = 255;
    static final int MAX_DECIMAL_PRECISION = 65;
    static final int MAX_DECIMAL_SCALE = 38;
    static final int MAX_FLOAT_SCALE = 30;
    static final int MAX_CHAR_LENGTH = 255;
    static final int MAX_ROW_BYTES = 65532;
    static final int MAX_FSP = 6;

    /** A mapped type and the column's collation (null for non-string types). */
    record Mapped(SqlType type, String collation) {
    }

    private TypeMapper() {
    }

    static Mapped map(String column, SqlTypeSpec spec, String tableCollation) {
        String name = spec.name().toUpperCase(Locale.ROOT);
        return switch (name) {
            case "TINYINT", "SMALLINT", "MEDIUMINT", "INT", "BIGINT" -> new Mapped(integer(column, spec,
                    TypeKind.valueOf(name)), null);
            case "BOOLEAN" -> new Mapped(new SqlType(TypeKind.TINYINT, 1, 0, 0, false, List.of()), null);
            case "DECIMAL" -> new Mapped(decimal(column, spec), null);
            case "FLOAT", "DOUBLE" -> new Mapped(floating(column, spec, name), null);
            case "CHAR", "VARCHAR", "TINYTEXT", "TEXT", "MEDIUMTEXT", "LONGTEXT", "ENUM", "JSON" ->
                    string(column, spec, name, tableCollation);
            case "BINARY", "VARBINARY", "TINYBLOB", "BLOB", "MEDIUMBLOB", "LONGBLOB" ->
                    new Mapped(binary(column, spec, TypeKind.valueOf(name)), null);
            case "DATE" -> new Mapped(SqlType.DATE, null);
            case "YEAR" -> new Mapped(SqlType.of(TypeKind.YEAR), null);
            case "TIME", "DATETIME", "TIMESTAMP" -> new Mapped(temporal(column, spec, TypeKind.valueOf(name)), null);
            case "SET" -> throw new MySqlException(ErrorCode.NOT_SUPPORTED_YET, "SET columns");
            case "BIT" -> throw new MySqlException(ErrorCode.NOT_SUPPORTED_YET, "BIT columns");
            default -> throw new MySqlException(ErrorCode.NOT_SUPPORTED_YET, "column type " + spec.name());
        };
    }

    /** Bytes per character of a collation's character set. */
    static int maxBytesPerChar(String collation) {
        return switch (CharsetCollation.charsetOf(collation)) {
            case "utf8mb4" -> 4;
            case "utf8mb3" -> 3;
            default -> 1;
        };
    }

    private static SqlType integer(String column, SqlTypeSpec spec, TypeKind kind) {
        boolean unsigned = spec.unsigned() || spec.zerofill();
        int width;
        if (spec.length() != null) {
            width = spec.length();
            if (width > MAX_DISPLAY_WIDTH) {
                throw DdlErrors.tooBigDisplayWidth(column, MAX_DISPLAY_WIDTH);
            }
        } else {
            width = switch (kind) {
                case TINYINT -> unsigned ? 3 : 4;
                case SMALLINT -> unsigned ? 5 : 6;
                case MEDIUMINT -> unsigned ? 8 : 9;
                case INT -> unsigned ? 10 : 11;
                default -> 20;
            };
        }
        return new SqlType(kind, width, 0, 0, unsigned, List.of());
    }

    private static SqlType decimal(String column, SqlTypeSpec spec) {
        int precision = spec.length() == null ? 10 : spec.length();
        int scale = spec.scale() == null ? 0 : spec.scale();
        if (scale > MAX_DECIMAL_SCALE) {
            throw DdlErrors.tooBigScale(column, MAX_DECIMAL_SCALE);
        }
        if (precision > MAX_DECIMAL_PRECISION) {
            throw DdlErrors.tooBigPrecision(column, MAX_DECIMAL_PRECISION);
        }
        if (scale > precision) {
            throw DdlErrors.mBiggerThanD(column);
        }
        if (precision == 0) {
            precision = 1;
        }
        return new SqlType(TypeKind.DECIMAL, 0, precision, scale, spec.unsigned() || spec.zerofill(), List.of());
    }

    private static SqlType floating(String column, SqlTypeSpec spec, String name) {
        boolean unsigned = spec.unsigned() || spec.zerofill();
        TypeKind kind = name.equals("FLOAT") ? TypeKind.FLOAT : TypeKind.DOUBLE;
        if (spec.length() == null) {
            return new SqlType(kind, 0, 0, 0, unsigned, List.of());
        }
        if (spec.scale() == null) {
            // FLOAT(p): p is binary precision and only picks single or double precision
            int p = spec.length();
            if (p > 53) {
                throw new MySqlException(ErrorCode.WRONG_FIELD_SPEC, column);
            }
            return new SqlType(p > 24 ? TypeKind.DOUBLE : kind, 0, 0, 0, unsigned, List.of());
        }
        int m = spec.length();
        int d = spec.scale();
        if (m > MAX_DISPLAY_WIDTH) {
            throw DdlErrors.tooBigDisplayWidth(column, MAX_DISPLAY_WIDTH);
        }
        if (d > m) {
            throw DdlErrors.mBiggerThanD(column);
        }
        if (d > MAX_FLOAT_SCALE) {
            throw DdlErrors.tooBigScale(column, MAX_FLOAT_SCALE);
        }
        return new SqlType(kind, 0, m, d, unsigned, List.of());
    }

    private static Mapped string(String column, SqlTypeSpec spec, String name, String tableCollation) {
        String collation = name.equals("JSON") ? "utf8mb4_bin"
                : CharsetCollation.resolve(spec.charset(), spec.collation(), tableCollation);
        if (collation.equals("binary") && !name.equals("ENUM")) {
            TypeKind binaryKind = switch (name) {
                case "CHAR" -> TypeKind.BINARY;
                case "VARCHAR" -> TypeKind.VARBINARY;
                case "TINYTEXT" -> TypeKind.TINYBLOB;
                case "TEXT" -> TypeKind.BLOB;
                case "MEDIUMTEXT" -> TypeKind.MEDIUMBLOB;
                default -> TypeKind.LONGBLOB;
            };
            return new Mapped(binary(column, spec, binaryKind), null);
        }
        int mb = maxBytesPerChar(collation);
        SqlType type = switch (name) {
            case "CHAR" -> {
                int len = spec.length() == null ? 1 : spec.length();
                if (len > MAX_CHAR_LENGTH) {
                    throw DdlErrors.tooBigFieldLength(column, MAX_CHAR_LENGTH);
                }
                yield new SqlType(TypeKind.CHAR, len, 0, 0, false, List.of());
            }
            case "VARCHAR" -> {
                if (spec.length() == null) {
                    throw new MySqlException(ErrorCode.PARSE_ERROR, "You have an error in your SQL syntax; VARCHAR"
                            + " column '" + column + "' needs a length");
                }
                int max = MAX_ROW_BYTES / mb;
                if (spec.length() > max) {
                    throw DdlErrors.tooBigFieldLength(column, max);
                }
                yield SqlType.varchar(spec.length());
            }
            case "ENUM" -> new SqlType(TypeKind.ENUM, 0, 0, 0, false, enumLabels(column, spec.values(),
                    collation));
            case "JSON" -> SqlType.JSON;
            default -> new SqlType(textKind(name, spec.length(), mb), 0, 0, 0, false, List.of());
        };
        return new Mapped(type, collation);
    }

    private static TypeKind textKind(String name, Integer length, int mb) {
        if (length == null) {
            return TypeKind.valueOf(name);
        }
        long bytes = (long) length * mb;
        return bytes <= 255 ? TypeKind.TINYTEXT : bytes <= 65535 ? TypeKind.TEXT
                : bytes <= 16_777_215 ? TypeKind.MEDIUMTEXT : TypeKind.LONGTEXT;
    }

    private static SqlType binary(String column, SqlTypeSpec spec, TypeKind kind) {
        return switch (kind) {
            case BINARY -> {
                int len = spec.length() == null ? 1 : spec.length();
                if (len > MAX_CHAR_LENGTH) {
                    throw DdlErrors.tooBigFieldLength(column, MAX_CHAR_LENGTH);
                }
                yield new SqlType(TypeKind.BINARY, len, 0, 0, false, List.of());
            }
            case VARBINARY -> {
                if (spec.length() == null) {
                    throw new MySqlException(ErrorCode.PARSE_ERROR, "You have an error in your SQL syntax;"
                            + " VARBINARY column '" + column + "' needs a length");
                }
                if (spec.length() > MAX_ROW_BYTES) {
                    throw DdlErrors.tooBigFieldLength(column, MAX_ROW_BYTES);
                }
                yield new SqlType(TypeKind.VARBINARY, spec.length(), 0, 0, false, List.of());
            }
            default -> {
                TypeKind k = kind;
                if (spec.length() != null) {
                    long bytes = spec.length();
                    k = bytes <= 255 ? TypeKind.TINYBLOB : bytes <= 65535 ? TypeKind.BLOB
                            : bytes <= 16_777_215 ? TypeKind.MEDIUMBLOB : TypeKind.LONGBLOB;
                }
                yield new SqlType(k, 0, 0, 0, false, List.of());
            }
        };
    }

    private static SqlType temporal(String column, SqlTypeSpec spec, TypeKind kind) {
        int fsp = spec.length() == null ? 0 : spec.length();
        if (fsp > MAX_FSP) {
            throw DdlErrors.tooBigPrecision(column, MAX_FSP);
        }
        return SqlType.temporal(kind, fsp);
    }

    private static List<String> enumLabels(String column, List<String> values, String collation) {
        List<String> labels = new ArrayList<>();
        for (String v : values) {
            String label = stripTrailingSpaces(v);
            for (String seen : labels) {
                boolean same = CharsetCollation.isBinary(collation) ? seen.equals(label)
                        : CaseInsensitiveCollation.equal(seen, label);
                if (same) {
                    throw DdlErrors.duplicatedValueInType(column, label, "ENUM");
                }
            }
            labels.add(label);
        }
        return labels;
    }

    static String stripTrailingSpaces(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(0, end);
    }

    /** TEXT, BLOB and JSON (MariaDB's JSON is a LONGTEXT): no length of their own, keys need a prefix. */
    static boolean isLob(TypeKind kind) {
        return kind.isTextOrBlob() || kind == TypeKind.JSON;
    }

    /** The maximum length in bytes of a TEXT, BLOB or JSON value. */
    static long maxBytes(TypeKind kind) {
        return switch (kind) {
            case TINYTEXT, TINYBLOB -> 255;
            case TEXT, BLOB -> 65_535;
            case MEDIUMTEXT, MEDIUMBLOB -> 16_777_215;
            default -> 4_294_967_295L;
        };
    }

    /**
     * The maximum length of a value of a string or binary type: characters for CHAR/VARCHAR, bytes for
     * BINARY/VARBINARY, characters of the column's charset for TEXT types, bytes for BLOB types.
     */
    static long maxLength(SqlType type, String collation) {
        return switch (type.kind()) {
            case CHAR, VARCHAR, BINARY, VARBINARY -> type.length();
            case TINYTEXT, TEXT, MEDIUMTEXT, LONGTEXT, JSON -> maxBytes(type.kind()) / maxBytesPerChar(collation);
            case ENUM -> type.enumValues().stream().mapToInt(String::length).max().orElse(0);
            default -> maxBytes(type.kind());
        };
    }
}
