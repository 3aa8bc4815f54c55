package io.basalt.storage.concurrency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A thread inside a {@link NoWaitScope} may not start waiting: {@link BlockingHint#begin} refuses first. */
class BlockingHintNoWaitTest {
    private final List<String> events = new ArrayList<>();

    @AfterEach
    void uninstall() {
        BlockingHint.install(null);
    }

    @Test
    void aWaitInsideANoWaitScopeIsRefusedBeforeTheExecutorHearsOfIt() {
        BlockingHint.install(new BlockingHint.Listener() {
            @Override
            public void blockingBegins() {
                events.add("begins");
            }

            @Override
            public void blockingEnds() {
                events.add("ends");
            }
        });
        try (NoWaitScope ignored = NoWaitScope.enter(10)) {
            assertThatThrownBy(BlockingHint::begin).isInstanceOf(WouldBlockException.class);
        }
        assertThat(events).isEmpty();
        try (BlockingHint.Section waiting = BlockingHint.begin()) {
            assertThat(events).containsExactly("begins");
        }
        assertThat(events).containsExactly("begins", "ends");
    }
}
