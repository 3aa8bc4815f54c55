package io.basalt.sql.ddl;

import io.basalt.protocol.error.MySqlException;

/**
 * DDL errors whose codes {@link io.basalt.protocol.error.ErrorCode} does not list yet, with MariaDB 10.11's
 * SQLSTATE and text (1091 differs from MySQL's wording: MariaDB names the object kind and quotes with backticks).
 */
final class DdlErrors {
    /** Code of the Note "Duplicate index ... deprecated". */
    static final int DUPLICATED_INDEX = 1831;

    private DdlErrors() {
    }

    static MySqlException tooBigFieldLength(String column, int max) {
        return error(1074, "42000", "Column length too big for column '" + column + "' (max = " + max
                + "); use BLOB or TEXT instead");
    }

    static MySqlException cantRemoveAllFields() {
        return error(1090, "42000", "You can't delete all columns with ALTER TABLE; use DROP TABLE instead");
    }

    static MySqlException cantDropColumn(String column) {
        return error(1091, "42000", "Can't DROP COLUMN `" + column + "`; check that it exists");
    }

    static MySqlException cantDropIndex(String index) {
        return error(1091, "42000", "Can't DROP INDEX `" + index + "`; check that it exists");
    }

    static MySqlException tooBigPrecision(String column, int max) {
        return error(1426, "42000", "Too big precision specified for '" + column + "'. Maximum is " + max);
    }

    static MySqlException tooBigScale(String column, int max) {
        return error(1425, "42000", "Too big scale specified for '" + column + "'. Maximum is " + max);
    }

    static MySqlException mBiggerThanD(String column) {
        return error(1427, "42000", "For float(M,D), double(M,D) or decimal(M,D), M must be >= D (column '"
                + column + "')");
    }

    static MySqlException tooBigDisplayWidth(String column, int max) {
        return error(1439, "42000", "Display width out of range for '" + column + "' (max = " + max + ")");
    }

    static MySqlException wrongSubKey() {
        return error(1089, "HY000", "Incorrect prefix key; the used key part isn't a string, the used length is"
                + " longer than the key part, or the storage engine doesn't support unique prefix keys");
    }

    static MySqlException wrongIndexName(String name) {
        return error(1280, "42000", "Incorrect index name '" + name + "'");
    }

    static MySqlException duplicatedValueInType(String column, String value, String type) {
        return error(1291, "HY000", "Column '" + column + "' has duplicated value '" + value + "' in " + type);
    }

    static MySqlException invalidOnUpdate(String column) {
        return error(1294, "HY000", "Invalid ON UPDATE clause for '" + column + "' column");
    }

    static MySqlException wrongDbName(String name) {
        return error(1102, "42000", "Incorrect database name '" + name + "'");
    }

    static MySqlException wrongTableName(String name) {
        return error(1103, "42000", "Incorrect table name '" + name + "'");
    }

    static MySqlException tooManyKeyParts(int max) {
        return error(1070, "42000", "Too many key parts specified; max " + max + " parts allowed");
    }

    static MySqlException incorrectZeroDate(String kind, String zero, String column) {
        return error(1292, "22007", "Incorrect " + kind + " value: '" + zero + "' for column '" + column
                + "' at row 1");
    }

    static String duplicatedIndexNote(String index) {
        return "Duplicate index `" + index + "`. This is deprecated and will be disallowed in a future release";
    }

    private static MySqlException error(int code, String sqlState, String message) {
        return new MySqlException(code, sqlState, message, null);
    }
}
