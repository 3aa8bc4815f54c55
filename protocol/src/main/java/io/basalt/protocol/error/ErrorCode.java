package io.basalt.protocol.error;

/**
 * MySQL server error codes with the SQLSTATE and message template MySQL sends (errmsg-utf8.txt). Messages are
 * {@link String#format} templates so that every reachable error reads as MySQL's does.
 */
public enum ErrorCode {
    DB_CREATE_EXISTS(1007, "HY000", "Can't create database '%s'; database exists"),
    DB_DROP_EXISTS(1008, "HY000", "Can't drop database '%s'; database doesn't exist"),
    CON_COUNT_ERROR(1040, "08004", "Too many connections"),
    HANDSHAKE_ERROR(1043, "08S01", "Bad handshake"),
    DBACCESS_DENIED(1044, "42000", "Access denied for user '%s'@'%s' to database '%s'"),
    ACCESS_DENIED(1045, "28000", "Access denied for user '%s'@'%s' (using password: %s)"),
    NO_DB_ERROR(1046, "3D000", "No database selected"),
    UNKNOWN_COM_ERROR(1047, "08S01", "Unknown command"),
    BAD_NULL_ERROR(1048, "23000", "Column '%s' cannot be null"),
    BAD_DB_ERROR(1049, "42000", "Unknown database '%s'"),
    TABLE_EXISTS_ERROR(1050, "42S01", "Table '%s' already exists"),
    BAD_TABLE_ERROR(1051, "42S02", "Unknown table '%s'"),
    NON_UNIQ_ERROR(1052, "23000", "Column '%s' in %s is ambiguous"),
    BAD_FIELD_ERROR(1054, "42S22", "Unknown column '%s' in '%s'"),
    WRONG_FIELD_WITH_GROUP(1055, "42000", "'%s' isn't in GROUP BY"),
    WRONG_VALUE_COUNT(1058, "21S01", "Column count doesn't match value count"),
    TOO_LONG_IDENT(1059, "42000", "Identifier name '%s' is too long"),
    DUP_FIELDNAME(1060, "42S21", "Duplicate column name '%s'"),
    DUP_KEYNAME(1061, "42000", "Duplicate key name '%s'"),
    DUP_ENTRY(1062, "23000", "Duplicate entry '%s' for key '%s'"),
    WRONG_FIELD_SPEC(1063, "42000", "Incorrect column specifier for column '%s'"),
    PARSE_ERROR(1064, "42000", "%s"),
    EMPTY_QUERY(1065, "42000", "Query was empty"),
    NONUNIQ_TABLE(1066, "42000", "Not unique table/alias: '%s'"),
    INVALID_DEFAULT(1067, "42000", "Invalid default value for '%s'"),
    MULTIPLE_PRI_KEY(1068, "42000", "Multiple primary key defined"),
    TOO_MANY_KEYS(1069, "42000", "Too many keys specified; max %d keys allowed"),
    TOO_LONG_KEY(1071, "42000", "Specified key was too long; max key length is %d bytes"),
    KEY_COLUMN_DOES_NOT_EXIST(1072, "42000", "Key column '%s' doesn't exist in table"),
    WRONG_AUTO_KEY(1075, "42000",
            "Incorrect table definition; there can be only one auto column and it must be defined as a key"),
    CANT_DROP_FIELD_OR_KEY(1091, "42000", "Can't DROP '%s'; check that column/key exists"),
    NO_SUCH_THREAD(1094, "HY000", "Unknown thread id: %d"),
    KILL_DENIED(1095, "HY000", "You are not owner of thread %d"),
    NO_TABLES_USED(1096, "HY000", "No tables used"),
    TOO_BIG_SELECT(1104, "42000", "The SELECT would examine more than MAX_JOIN_SIZE rows"),
    UNKNOWN_ERROR(1105, "HY000", "%s"),
    UNKNOWN_TABLE(1109, "42S02", "Unknown table '%s' in %s"),
    FIELD_SPECIFIED_TWICE(1110, "42000", "Column '%s' specified twice"),
    INVALID_GROUP_FUNC_USE(1111, "HY000", "Invalid use of group function"),
    TOO_BIG_ROWSIZE(1118, "42000", "Row size too large"),
    WRONG_COLUMN_NAME(1166, "42000", "Incorrect column name '%s'"),
    BLOB_KEY_WITHOUT_LENGTH(1170, "42000", "BLOB/TEXT column '%s' used in key specification without a key length"),
    PRIMARY_CANT_HAVE_NULL(1171, "42000", "All parts of a PRIMARY KEY must be NOT NULL; if you need NULL in a key, use UNIQUE instead"),
    TOO_MANY_ROWS(1172, "42000", "Result consisted of more than one row"),
    NO_SUCH_TABLE(1146, "42S02", "Table '%s.%s' doesn't exist"),
    NET_PACKET_TOO_LARGE(1153, "08S01", "Got a packet bigger than 'max_allowed_packet' bytes"),
    NET_READ_ERROR(1158, "08S01", "Got an error reading communication packets"),
    NET_PACKETS_OUT_OF_ORDER(1156, "08S01", "Got packets out of order"),
    WRONG_VALUE_FOR_VAR(1231, "42000", "Variable '%s' can't be set to the value of '%s'"),
    WRONG_TYPE_FOR_VAR(1232, "42000", "Incorrect argument type to variable '%s'"),
    VAR_CANT_BE_READ(1233, "HY000", "Variable '%s' can only be set, not read"),
    INCORRECT_GLOBAL_LOCAL_VAR(1238, "HY000", "Variable '%s' is a %s variable"),
    UNKNOWN_SYSTEM_VARIABLE(1193, "HY000", "Unknown system variable '%s'"),
    LOCK_WAIT_TIMEOUT(1205, "HY000", "Lock wait timeout exceeded; try restarting transaction"),
    READ_ONLY_TRANSACTION(1207, "25000", "Update locks cannot be acquired during a READ UNCOMMITTED transaction"),
    WRONG_ARGUMENTS(1210, "HY000", "Incorrect arguments to %s"),
    LOCK_DEADLOCK(1213, "40001", "Deadlock found when trying to get lock; try restarting transaction"),
    SPECIFIC_ACCESS_DENIED(1227, "42000", "Access denied; you need (at least one of) the %s privilege(s) for this operation"),
    LOCAL_VARIABLE(1228, "HY000", "Variable '%s' is a SESSION variable and can't be used with SET GLOBAL"),
    GLOBAL_VARIABLE(1229, "HY000", "Variable '%s' is a GLOBAL variable and should be set with SET GLOBAL"),
    VARIABLE_IS_READONLY(1621, "HY000", "%s variable '%s' is read-only. Use SET %s to assign the value"),
    NO_DEFAULT(1230, "42000", "Variable '%s' doesn't have a default value"),
    SUBQUERY_NO_1_ROW(1242, "21000", "Subquery returns more than 1 row"),
    UNKNOWN_STMT_HANDLER(1243, "HY000", "Unknown prepared statement handler (%s) given to %s"),
    OPERAND_COLUMNS(1241, "21000", "Operand should contain %d column(s)"),
    /** The text is the dump thread's reason; a replica shows it as "Got fatal error 1236 from master …". */
    MASTER_FATAL_ERROR_READING_BINLOG(1236, "HY000", "%s"),
    NOT_SUPPORTED_YET(1235, "42000", "This version of Basalt doesn't yet support '%s'"),
    CANT_CHANGE_TX_CHARACTERISTICS(1568, "25001", "Transaction characteristics can't be changed while a transaction is in progress"),
    WARN_DATA_OUT_OF_RANGE(1264, "22003", "Out of range value for column '%s' at row %d"),
    WARN_DATA_TRUNCATED(1265, "01000", "Data truncated for column '%s' at row %d"),
    UNKNOWN_CHARACTER_SET(1115, "42000", "Unknown character set: '%s'"),
    UNKNOWN_COLLATION(1273, "HY000", "Unknown collation: '%s'"),
    UNSUPPORTED_PS(1295, "HY000", "This command is not supported in the prepared statement protocol yet"),
    QUERY_INTERRUPTED(1317, "70100", "Query execution was interrupted"),
    SP_DOES_NOT_EXIST(1305, "42000", "%s %s does not exist"),
    SP_WRONG_NO_OF_ARGS(1318, "42000", "Incorrect number of arguments for %s %s; expected %d, got %d"),
    TRUNCATED_WRONG_VALUE(1292, "22007", "Truncated incorrect %s value: '%s'"),
    UNKNOWN_TIME_ZONE(1298, "HY000", "Unknown or incorrect time zone: '%s'"),
    SP_DOES_NOT_EXIST_SAVEPOINT(1305, "42000", "SAVEPOINT %s does not exist"),
    TRUNCATED_WRONG_VALUE_FOR_FIELD(1366, "HY000", "Incorrect %s value: '%s' for column '%s' at row %d"),
    TOO_MANY_USER_CONNECTIONS(1203, "42000", "User %s already has more than 'max_user_connections' active connections"),
    DATA_TOO_LONG(1406, "22001", "Data too long for column '%s' at row %d"),
    WRONG_PARAMCOUNT_TO_NATIVE_FCT(1582, "42000", "Incorrect parameter count in the call to native function '%s'"),
    DATA_OUT_OF_RANGE(1690, "22003", "%s value is out of range in '%s'"),
    CANT_EXECUTE_IN_READ_ONLY_TRANSACTION(1792, "25006", "Cannot execute statement in a READ ONLY transaction"),
    DIVISION_BY_ZERO(1365, "22012", "Division by 0"),
    INVALID_JSON_TEXT(3140, "22032", "Invalid JSON text: \"%s\" at position %d in value for column '%s'."),
    ILLEGAL_PARAMETER_DATA_TYPE_FOR_OPERATION(4078, "HY000", "Illegal parameter data types %s and %s for operation '%s'"),
    UNDETERMINED_RESULT(1105, "HY000", "Transaction commit result is undetermined: %s"),
    MALFORMED_PACKET(1835, "HY000", "Malformed communication packet.");

    private final int code;
    private final String sqlState;
    private final String template;

    ErrorCode(int code, String sqlState, String template) {
        this.code = code;
        this.sqlState = sqlState;
        this.template = template;
    }

    public int code() {
        return code;
    }

    public String sqlState() {
        return sqlState;
    }

    public String format(Object... args) {
        return args.length == 0 ? template : String.format(template, args);
    }
}
