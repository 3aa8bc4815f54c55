package io.basalt.protocol.constants;

/** Collation ids Basalt sends in column definitions and the greeting. */
public final class Collations {
    /** utf8mb4_general_ci: the server default (MariaDB's default, case-insensitive). */
    public static final int UTF8MB4_GENERAL_CI = 45;
    public static final int UTF8MB4_BIN = 46;
    public static final int UTF8MB4_0900_AI_CI = 255;
    public static final int UTF8_GENERAL_CI = 33;
    /** "binary": numbers, temporals and byte strings. */
    public static final int BINARY = 63;

    private Collations() {
    }
}
