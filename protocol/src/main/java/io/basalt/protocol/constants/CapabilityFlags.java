package io.basalt.protocol.constants;

/** CLIENT_* capability bits exchanged in the handshake. */
public final class CapabilityFlags {
    public static final int LONG_PASSWORD = 1;
    public static final int FOUND_ROWS = 1 << 1;
    public static final int LONG_FLAG = 1 << 2;
    public static final int CONNECT_WITH_DB = 1 << 3;
    public static final int NO_SCHEMA = 1 << 4;
    public static final int COMPRESS = 1 << 5;
    public static final int ODBC = 1 << 6;
    public static final int LOCAL_FILES = 1 << 7;
    public static final int IGNORE_SPACE = 1 << 8;
    public static final int PROTOCOL_41 = 1 << 9;
    public static final int INTERACTIVE = 1 << 10;
    public static final int SSL = 1 << 11;
    public static final int IGNORE_SIGPIPE = 1 << 12;
    public static final int TRANSACTIONS = 1 << 13;
    public static final int RESERVED = 1 << 14;
    public static final int SECURE_CONNECTION = 1 << 15;
    public static final int MULTI_STATEMENTS = 1 << 16;
    public static final int MULTI_RESULTS = 1 << 17;
    public static final int PS_MULTI_RESULTS = 1 << 18;
    public static final int PLUGIN_AUTH = 1 << 19;
    public static final int CONNECT_ATTRS = 1 << 20;
    public static final int PLUGIN_AUTH_LENENC_CLIENT_DATA = 1 << 21;
    public static final int CAN_HANDLE_EXPIRED_PASSWORDS = 1 << 22;
    public static final int SESSION_TRACK = 1 << 23;
    public static final int DEPRECATE_EOF = 1 << 24;
    public static final int OPTIONAL_RESULTSET_METADATA = 1 << 25;
    public static final int QUERY_ATTRIBUTES = 1 << 27;

    /**
     * What Basalt advertises: only implemented capabilities (no SSL, compression, session tracking, query attributes
     * or optional metadata). Bit 0 (CLIENT_MYSQL) stays set so that MariaDB clients do not switch on their extended
     * capabilities.
     */
    public static final int SERVER_DEFAULT = LONG_PASSWORD | FOUND_ROWS | LONG_FLAG | CONNECT_WITH_DB | NO_SCHEMA
            | ODBC | IGNORE_SPACE | PROTOCOL_41 | INTERACTIVE | IGNORE_SIGPIPE | TRANSACTIONS | RESERVED
            | SECURE_CONNECTION | MULTI_STATEMENTS | MULTI_RESULTS | PS_MULTI_RESULTS | PLUGIN_AUTH | CONNECT_ATTRS
            | PLUGIN_AUTH_LENENC_CLIENT_DATA | DEPRECATE_EOF;

    private CapabilityFlags() {
    }
}
