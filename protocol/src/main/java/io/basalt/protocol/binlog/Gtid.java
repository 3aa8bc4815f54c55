package io.basalt.protocol.binlog;

/** A MariaDB GTID {@code domain-server-seq}, as listed in a Gtid_list event. */
public record Gtid(long domainId, long serverId, long seqNo) {

    /** The usual text form, e.g. {@code 0-1-42}. */
    @Override
    public String toString() {
        return Long.toUnsignedString(domainId) + "-" + Long.toUnsignedString(serverId) + "-"
                + Long.toUnsignedString(seqNo);
    }
}
