package io.basalt.server.replication;

import io.basalt.protocol.binlog.Gtid;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * MariaDB's text form of a GTID position, {@code domain-server-seq[,domain-server-seq…]} with at most one GTID per
 * domain: what replicas put in {@code @slave_connect_state} and what {@code @@gtid_binlog_pos} shows. Stateless.
 */
final class GtidPositionText {
    private GtidPositionText() {
    }

    /**
     * Parses a position; blanks around entries are allowed, an empty string is the empty position.
     *
     * @throws IllegalArgumentException if an entry is not three unsigned numbers or a domain appears twice
     */
    static List<Gtid> parse(String text) {
        List<Gtid> gtids = new ArrayList<>();
        Set<Long> domains = new HashSet<>();
        for (String entry : text.split(",", -1)) {
            String e = entry.strip();
            if (e.isEmpty()) {
                if (text.isBlank()) {
                    break;
                }
                throw new IllegalArgumentException("empty GTID in '" + text + "'");
            }
            String[] parts = e.split("-", -1);
            if (parts.length != 3) {
                throw new IllegalArgumentException("'" + e + "' is not domain-server-sequence");
            }
            Gtid g = new Gtid(unsigned(parts[0], 0xFFFF_FFFFL), unsigned(parts[1], 0xFFFF_FFFFL),
                    unsigned(parts[2], Long.MAX_VALUE));
            if (!domains.add(g.domainId())) {
                throw new IllegalArgumentException("domain " + g.domainId() + " appears twice in '" + text + "'");
            }
            gtids.add(g);
        }
        return gtids;
    }

    private static long unsigned(String digits, long max) {
        if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("'" + digits + "' is not a number");
        }
        try {
            long v = Long.parseLong(digits);
            if (v > max) {
                throw new IllegalArgumentException(digits + " is out of range");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(digits + " is out of range", e);
        }
    }
}
