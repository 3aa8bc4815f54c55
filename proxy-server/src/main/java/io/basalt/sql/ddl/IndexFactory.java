package io.basalt.sql.ddl;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.basalt.session.Warnings;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.parser.ast.SqlIndexColumn;
import io.basalt.sql.parser.ast.SqlIndexSpec;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Builds an {@link IndexDef} from a parsed index with MariaDB 10.11's rules: derived names (first column, then
 * {@code _2}, {@code _3}...), 1061 duplicate name, 1280 a non-primary index named PRIMARY, 1068 a second primary
 * key, 1072 unknown column, 1060 a column twice, 1070 more than 32 parts, 1069 more than 64 indexes, 1089 a bad
 * prefix, 1170 a BLOB/TEXT primary key part without prefix, 1071 a key over 3072 bytes (a plain index on a long
 * column is cut to a prefix with Note 1071 instead; a UNIQUE key is kept whole, as MariaDB's long unique keys),
 * Note 1831 for an index that repeats another.
 */
final class IndexFactory {
    static final int MAX_KEY_BYTES = 3072;
    static final int MAX_KEY_PARTS = 32;
    static final int MAX_KEYS = 64;
    static final String PRIMARY = "PRIMARY";

    private IndexFactory() {
    }

    /**
     * @param columns  the table's columns (after this statement's column changes)
     * @param existing the indexes already defined
     * @return the index, or null for a FULLTEXT index, which is not supported and skipped with a warning
     */
    static IndexDef build(long id, SqlIndexSpec spec, List<ColumnDef> columns, List<IndexDef> existing,
                          Warnings warnings) {
        if (spec.kind() == SqlIndexSpec.Kind.FULLTEXT) {
            warnings.warn(ErrorCode.NOT_SUPPORTED_YET.code(),
                    ErrorCode.NOT_SUPPORTED_YET.format("FULLTEXT indexes; the index is not created"));
            return null;
        }
        if (existing.size() >= MAX_KEYS) {
            throw new MySqlException(ErrorCode.TOO_MANY_KEYS, MAX_KEYS);
        }
        IndexDef.Kind kind = switch (spec.kind()) {
            case PRIMARY -> IndexDef.Kind.PRIMARY;
            case UNIQUE -> IndexDef.Kind.UNIQUE;
            default -> IndexDef.Kind.SECONDARY;
        };
        if (kind == IndexDef.Kind.PRIMARY && existing.stream().anyMatch(i -> i.kind() == IndexDef.Kind.PRIMARY)) {
            throw new MySqlException(ErrorCode.MULTIPLE_PRI_KEY);
        }
        if (spec.columns().size() > MAX_KEY_PARTS) {
            throw DdlErrors.tooManyKeyParts(MAX_KEY_PARTS);
        }
        List<IndexDef.KeyPart> parts = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        long totalBytes = 0;
        for (SqlIndexColumn ic : spec.columns()) {
            ColumnDef c = columns.stream().filter(x -> x.name().equalsIgnoreCase(ic.name())).findFirst()
                    .orElseThrow(() -> new MySqlException(ErrorCode.KEY_COLUMN_DOES_NOT_EXIST, ic.name()));
            if (!seen.add(c.name().toLowerCase(Locale.ROOT))) {
                throw new MySqlException(ErrorCode.DUP_FIELDNAME, c.name());
            }
            int prefix = prefixLength(kind, c, ic.prefixLength(), warnings);
            parts.add(new IndexDef.KeyPart(c.id(), prefix));
            totalBytes += partBytes(c, prefix);
        }
        if (kind != IndexDef.Kind.UNIQUE && totalBytes > MAX_KEY_BYTES) {
            throw new MySqlException(ErrorCode.TOO_LONG_KEY, MAX_KEY_BYTES);
        }
        String name = name(kind, spec.name(), columns, parts, existing);
        IndexDef index = new IndexDef(id, name, kind, parts);
        for (IndexDef other : existing) {
            if (other.kind() == kind && other.columns().equals(parts)) {
                warnings.add("Note", DdlErrors.DUPLICATED_INDEX, DdlErrors.duplicatedIndexNote(name));
                break;
            }
        }
        return index;
    }

    private static String name(IndexDef.Kind kind, String given, List<ColumnDef> columns,
                               List<IndexDef.KeyPart> parts, List<IndexDef> existing) {
        if (kind == IndexDef.Kind.PRIMARY) {
            return PRIMARY;
        }
        if (given != null) {
            if (given.equalsIgnoreCase(PRIMARY)) {
                throw DdlErrors.wrongIndexName(given);
            }
            if (taken(given, existing)) {
                throw new MySqlException(ErrorCode.DUP_KEYNAME, given);
            }
            if (given.length() > ColumnFactory.MAX_IDENTIFIER) {
                throw new MySqlException(ErrorCode.TOO_LONG_IDENT, given);
            }
            return given;
        }
        int first = parts.get(0).columnId();
        String base = columns.stream().filter(c -> c.id() == first).findFirst().orElseThrow().name();
        if (!taken(base, existing) && !base.equalsIgnoreCase(PRIMARY)) {
            return base;
        }
        for (int n = 2; ; n++) {
            String candidate = base + "_" + n;
            if (!taken(candidate, existing)) {
                return candidate;
            }
        }
    }

    private static boolean taken(String name, List<IndexDef> existing) {
        return existing.stream().anyMatch(i -> i.name().equalsIgnoreCase(name));
    }

    private static int prefixLength(IndexDef.Kind kind, ColumnDef c, Integer given, Warnings warnings) {
        SqlType t = c.type();
        boolean stringLike = t.kind().isString() || t.kind().category() == TypeKind.Category.BINARY;
        boolean lob = TypeMapper.isLob(t.kind());
        int mb = c.collation() == null ? 1 : TypeMapper.maxBytesPerChar(c.collation());
        if (given != null) {
            boolean fixedTooShort = !lob && given > TypeMapper.maxLength(t, c.collation());
            if (!stringLike || t.kind() == TypeKind.ENUM || given <= 0 || fixedTooShort) {
                throw DdlErrors.wrongSubKey();
            }
            if ((long) given * mb > MAX_KEY_BYTES && kind != IndexDef.Kind.UNIQUE) {
                if (kind == IndexDef.Kind.PRIMARY) {
                    throw new MySqlException(ErrorCode.TOO_LONG_KEY, MAX_KEY_BYTES);
                }
                warnings.add("Note", ErrorCode.TOO_LONG_KEY.code(), ErrorCode.TOO_LONG_KEY.format(MAX_KEY_BYTES));
                return MAX_KEY_BYTES / mb;
            }
            // a prefix as long as the column is the whole column
            return !lob && given == TypeMapper.maxLength(t, c.collation()) ? 0 : given;
        }
        if (lob && kind == IndexDef.Kind.PRIMARY) {
            throw new MySqlException(ErrorCode.BLOB_KEY_WITHOUT_LENGTH, c.name());
        }
        if (!stringLike || kind == IndexDef.Kind.UNIQUE) {
            return 0;
        }
        if (TypeMapper.maxLength(t, c.collation()) * mb > MAX_KEY_BYTES) {
            if (kind == IndexDef.Kind.PRIMARY) {
                throw new MySqlException(ErrorCode.TOO_LONG_KEY, MAX_KEY_BYTES);
            }
            warnings.add("Note", ErrorCode.TOO_LONG_KEY.code(), ErrorCode.TOO_LONG_KEY.format(MAX_KEY_BYTES));
            return MAX_KEY_BYTES / mb;
        }
        return 0;
    }

    /** Bytes a key part takes in MariaDB's key length accounting (strings at their charset's maximum). */
    static long partBytes(ColumnDef c, int prefix) {
        SqlType t = c.type();
        int mb = c.collation() == null ? 1 : TypeMapper.maxBytesPerChar(c.collation());
        return switch (t.kind()) {
            case TINYINT, YEAR -> 1;
            case SMALLINT, ENUM -> 2;
            case MEDIUMINT, DATE -> 3;
            case INT, FLOAT -> 4;
            case TIME -> 6;
            case BIGINT, DOUBLE, DATETIME, TIMESTAMP -> 8;
            case DECIMAL -> t.precision() / 2 + 1;
            default -> (prefix > 0 ? prefix : TypeMapper.maxLength(t, c.collation())) * mb;
        };
    }
}
