package io.basalt.protocol.constants;

/** Column definition flags (the 2-byte flags field of ColumnDefinition41). */
public final class ColumnFlags {
    public static final int NOT_NULL = 1;
    public static final int PRI_KEY = 1 << 1;
    public static final int UNIQUE_KEY = 1 << 2;
    public static final int MULTIPLE_KEY = 1 << 3;
    public static final int BLOB = 1 << 4;
    public static final int UNSIGNED = 1 << 5;
    public static final int ZEROFILL = 1 << 6;
    public static final int BINARY = 1 << 7;
    public static final int ENUM = 1 << 8;
    public static final int AUTO_INCREMENT = 1 << 9;
    public static final int TIMESTAMP = 1 << 10;
    public static final int SET = 1 << 11;
    public static final int NO_DEFAULT_VALUE = 1 << 12;
    public static final int ON_UPDATE_NOW = 1 << 13;
    public static final int NUM = 1 << 15;

    private ColumnFlags() {
    }
}
