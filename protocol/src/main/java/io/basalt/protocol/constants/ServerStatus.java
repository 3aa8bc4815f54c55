package io.basalt.protocol.constants;

/** SERVER_STATUS_* bits of OK and EOF packets. */
public final class ServerStatus {
    public static final int IN_TRANS = 0x0001;
    public static final int AUTOCOMMIT = 0x0002;
    public static final int MORE_RESULTS_EXISTS = 0x0008;
    public static final int NO_GOOD_INDEX_USED = 0x0010;
    public static final int NO_INDEX_USED = 0x0020;
    public static final int CURSOR_EXISTS = 0x0040;
    public static final int LAST_ROW_SENT = 0x0080;
    public static final int DB_DROPPED = 0x0100;
    public static final int NO_BACKSLASH_ESCAPES = 0x0200;
    public static final int METADATA_CHANGED = 0x0400;
    public static final int QUERY_WAS_SLOW = 0x0800;
    public static final int PS_OUT_PARAMS = 0x1000;
    public static final int IN_TRANS_READONLY = 0x2000;
    public static final int SESSION_STATE_CHANGED = 0x4000;

    private ServerStatus() {
    }
}
