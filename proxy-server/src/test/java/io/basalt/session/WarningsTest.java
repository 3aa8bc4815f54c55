package io.basalt.session;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The diagnostics area goes back to a mark: count and listed entries, also past the 64 entries it keeps. */
class WarningsTest {
    @Test
    void truncateForgetsWhatCameAfterTheMark() {
        Warnings w = new Warnings();
        w.warn(1265, "first");
        int mark = w.mark();
        w.warn(1062, "second");
        w.error(1213, "third");
        w.truncate(mark);
        assertThat(w.count()).isEqualTo(1);
        assertThat(w.entries()).extracting(Warnings.Entry::code).containsExactly(1265);
    }

    @Test
    void truncateBeyondTheKeptEntriesRestoresTheCountOnly() {
        Warnings w = new Warnings();
        for (int i = 0; i < 70; i++) {
            w.warn(1265, "w" + i);
        }
        int mark = w.mark();
        w.warn(1062, "after");
        w.truncate(mark);
        assertThat(w.count()).isEqualTo(70);
        assertThat(w.entries()).hasSize(64).extracting(Warnings.Entry::code).containsOnly(1265);
    }
}
