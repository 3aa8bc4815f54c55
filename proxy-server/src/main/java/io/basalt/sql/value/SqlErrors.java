package io.basalt.sql.value;

import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;

/**
 * The errors and warning texts that value conversion and functions raise, worded as MariaDB 10.11 words them.
 * Where MariaDB's text differs from {@link ErrorCode}'s template (1292 and 1366 name the column as
 * `db`.`table`.`column`, 4025), the exception is built from code, SQLSTATE and text directly.
 */
public final class SqlErrors {
    public static final int WARN_DATA_OUT_OF_RANGE = 1264;
    public static final int WARN_DATA_TRUNCATED = 1265;
    public static final int TRUNCATED_WRONG_VALUE = 1292;
    public static final int DIVISION_BY_ZERO = 1365;
    public static final int TRUNCATED_WRONG_VALUE_FOR_FIELD = 1366;
    public static final int DATA_TOO_LONG = 1406;
    public static final int UNKNOWN_ERROR = 1105;
    public static final int WRONG_ARGUMENTS_CODE = 1210;
    public static final int CAST_OVERFLOW = 1916;
    public static final int GROUP_CONCAT_CUT = 1260;
    public static final int CONSTRAINT_FAILED = 4025;
    public static final int JSON_SYNTAX = 4038;

    private SqlErrors() {
    }

    /** 1690, e.g. "BIGINT value is out of range in '(`a` + `b`)'". */
    public static MySqlException outOfRange(String typeName, String exprText) {
        return new MySqlException(ErrorCode.DATA_OUT_OF_RANGE, typeName, exprText);
    }

    public static MySqlException divisionByZero() {
        return new MySqlException(ErrorCode.DIVISION_BY_ZERO);
    }

    public static MySqlException wrongParamCount(String function) {
        return new MySqlException(ErrorCode.WRONG_PARAMCOUNT_TO_NATIVE_FCT, function);
    }

    public static MySqlException wrongArguments(String function) {
        return new MySqlException(ErrorCode.WRONG_ARGUMENTS, function);
    }

    /** 1264 "Out of range value for column 'c' at row n". */
    public static String columnOutOfRangeText(String column, long row) {
        return ErrorCode.WARN_DATA_OUT_OF_RANGE.format(column, row);
    }

    /** 1265 "Data truncated for column 'c' at row n". */
    public static String dataTruncatedText(String column, long row) {
        return ErrorCode.WARN_DATA_TRUNCATED.format(column, row);
    }

    /** 1406 "Data too long for column 'c' at row n". */
    public static String dataTooLongText(String column, long row) {
        return ErrorCode.DATA_TOO_LONG.format(column, row);
    }

    /** 1366 "Incorrect integer value: 'abc' for column `db`.`t`.`c` at row 1" (what = integer, decimal, double). */
    public static String incorrectValueText(String what, String value, String qualifiedColumn, long row) {
        return "Incorrect " + what + " value: '" + value + "' for column " + qualifiedColumn + " at row " + row;
    }

    /** 1292 "Truncated incorrect DOUBLE value: 'abc'". */
    public static String truncatedWrongValueText(String what, String value) {
        return ErrorCode.TRUNCATED_WRONG_VALUE.format(what, value);
    }

    /** 1292 "Incorrect datetime value: 'x'" as warned by functions and casts. */
    public static String incorrectTemporalText(String what, String value) {
        return "Incorrect " + what + " value: '" + value + "'";
    }

    public static MySqlException error(int code, String message) {
        return new MySqlException(code, sqlStateOf(code), message, null);
    }

    private static String sqlStateOf(int code) {
        return switch (code) {
            case 1264, 1690 -> "22003";
            case 1139 -> "42000";
            case 1265 -> "01000";
            case 1292, 1366 -> "22007";
            case 1365 -> "22012";
            case 1406 -> "22001";
            case 4025 -> "23000";
            case 3140, 3141 -> "22032";
            default -> "HY000";
        };
    }
}
