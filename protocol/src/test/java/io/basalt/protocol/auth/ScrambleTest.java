package io.basalt.protocol.auth;

import org.junit.jupiter.api.Test;

import java.security.SecureRandom;
import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class ScrambleTest {

    @Test
    void twentyPrintableBytesWithoutNulOrDollar() throws Exception {
        SecureRandom random = SecureRandom.getInstance("SHA1PRNG");
        random.setSeed(42);
        Set<Integer> seen = new HashSet<>();
        for (int n = 0; n < 2000; n++) {
            byte[] scramble = Scramble.generate(random);
            assertThat(scramble).hasSize(20);
            for (byte b : scramble) {
                assertThat((int) b).isBetween(0x21, 0x7e).isNotEqualTo((int) '$');
                seen.add((int) b);
            }
        }
        assertThat(seen).as("the whole printable range except '$' is used").hasSize(0x7e - 0x21);
    }
}
