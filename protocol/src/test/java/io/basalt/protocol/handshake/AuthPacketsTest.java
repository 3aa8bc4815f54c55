package io.basalt.protocol.handshake;

import io.basalt.protocol.auth.CachingSha2Password;
import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class AuthPacketsTest {

    @Test
    void authSwitchRequestCarriesPluginNameAndNulTerminatedData() {
        byte[] scramble = "abcdefghijklmnopqrst".getBytes(StandardCharsets.US_ASCII);
        ByteBuf out = Unpooled.buffer();
        AuthSwitchRequest.encode(out, "mysql_native_password", scramble);
        byte[] expected = Bytes.of().int1(0xfe).cstr("mysql_native_password").raw(scramble).int1(0).array();
        assertThat(Bytes.hexOf(out)).isEqualTo(Bytes.hexOf(expected));
    }

    @Test
    void authMoreDataPrefixesOne() {
        ByteBuf out = Unpooled.buffer();
        AuthMoreData.encode(out, new byte[] {CachingSha2Password.FAST_AUTH_SUCCESS_STATUS});
        assertThat(Bytes.hexOf(out)).isEqualTo("0103");
        assertThat(CachingSha2Password.FAST_AUTH_SUCCESS).containsExactly(0x01, 0x03);
    }
}
