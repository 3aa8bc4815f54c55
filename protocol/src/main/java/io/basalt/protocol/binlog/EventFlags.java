package io.basalt.protocol.binlog;

/** Bits of the 2-byte flags field of the common event header. */
public final class EventFlags {
    /** Only on the Format_description event: the file is still being written (cleared at clean close). */
    public static final int BINLOG_IN_USE = 0x0001;
    /** The Query depends on the pseudo thread id (temporary tables). */
    public static final int THREAD_SPECIFIC = 0x0004;
    /** Do not emit {@code USE db}; MariaDB sets it on every GTID event. */
    public static final int SUPPRESS_USE = 0x0008;
    /** Generated on the fly (fake Rotate / Gtid_list), never in a file; must not move a replica's position. */
    public static final int ARTIFICIAL = 0x0020;
    /** Written by a replica's IO thread into its relay log. */
    public static final int RELAY_LOG = 0x0040;
    /** A replica that does not know this event type may skip it. */
    public static final int IGNORABLE = 0x0080;
    /** {@code @@skip_replication} was set. */
    public static final int SKIP_REPLICATION = 0x8000;

    private EventFlags() {
    }
}
