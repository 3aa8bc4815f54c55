package io.basalt.protocol.codec;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class StatementTextTest {
    @Test
    void validUtf8DecodesAsUsual() {
        String sql = "SELECT 'héllo 😀'";
        assertThat(StatementText.decode(sql.getBytes(StandardCharsets.UTF_8))).isEqualTo(sql);
        assertThat(StatementText.bytes(sql)).isEqualTo(sql.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void everyByteSurvivesTheRoundTrip() {
        byte[] raw = new byte[4096];
        new Random(7).nextBytes(raw);
        byte[] sql = new byte[raw.length + 2];
        sql[0] = '\'';
        System.arraycopy(raw, 0, sql, 1, raw.length);
        sql[sql.length - 1] = '\'';
        assertThat(StatementText.bytes(StatementText.decode(sql))).isEqualTo(sql);
    }

    @Test
    void invalidBytesBecomeLoneSurrogates() {
        String text = StatementText.decode(new byte[] {'a', (byte) 0xFF, (byte) 0xC3, 'b'});
        assertThat(text).isEqualTo("a\uDCFF\uDCC3b");
    }
}
