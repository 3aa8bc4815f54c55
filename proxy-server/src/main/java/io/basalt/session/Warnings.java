package io.basalt.session;

import java.util.ArrayList;
import java.util.List;

/**
 * The diagnostics area: warnings and notes of the last statement that produced any, for the warning count of
 * OK/EOF packets and SHOW WARNINGS / SHOW ERRORS. Cleared at the start of each statement that is not itself a
 * diagnostics statement (as MySQL does).
 */
public final class Warnings {
    public record Entry(String level, int code, String message) {
    }

    private static final int MAX_ENTRIES = 64;
    private final List<Entry> entries = new ArrayList<>();
    private int total;

    public void clear() {
        entries.clear();
        total = 0;
    }

    public void add(String level, int code, String message) {
        total++;
        if (entries.size() < MAX_ENTRIES) {
            entries.add(new Entry(level, code, message));
        }
    }

    public void warn(int code, String message) {
        add("Warning", code, message);
    }

    public void error(int code, String message) {
        add("Error", code, message);
    }

    /** How many conditions were raised so far; {@link #truncate} goes back to that point. */
    public int mark() {
        return total;
    }

    /** Forgets the conditions raised after {@code mark} (a statement run again must not report its first run's). */
    public void truncate(int mark) {
        total = Math.min(total, mark);
        while (entries.size() > total) {
            entries.remove(entries.size() - 1);
        }
    }

    /** Warning count as sent in OK/EOF (capped as the protocol field is 2 bytes). */
    public int count() {
        return Math.min(total, 0xFFFF);
    }

    public List<Entry> entries() {
        return List.copyOf(entries);
    }
}
