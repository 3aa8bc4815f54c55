package io.basalt.protocol.handshake;

import io.basalt.protocol.auth.AuthPlugins;
import io.basalt.protocol.constants.CapabilityFlags;
import io.basalt.protocol.constants.Collations;
import io.basalt.protocol.constants.ServerStatus;
import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HandshakeV10Test {
    private static final byte[] SCRAMBLE = "abcdefghijklmnopqrst".getBytes(StandardCharsets.US_ASCII);

    @Test
    void encodesTheMySqlGreetingLayout() {
        HandshakeV10 greeting = new HandshakeV10("8.0.36-basalt", 7, SCRAMBLE, 0x013ff75f,
                Collations.UTF8MB4_0900_AI_CI, ServerStatus.AUTOCOMMIT, AuthPlugins.MYSQL_NATIVE_PASSWORD);
        ByteBuf out = Unpooled.buffer();
        greeting.encode(out);
        byte[] expected = Bytes.of()
                .int1(10)                                   // protocol version
                .hexBytes("38 2e 30 2e 33 36 2d 62 61 73 61 6c 74 00") // "8.0.36-basalt\0"
                .hexBytes("07 00 00 00")                    // connection id
                .hexBytes("61 62 63 64 65 66 67 68")        // auth-plugin-data part 1
                .hexBytes("00")                             // filler
                .hexBytes("5f f7")                          // capabilities, low half
                .hexBytes("ff")                             // collation 255
                .hexBytes("02 00")                          // status: AUTOCOMMIT
                .hexBytes("3f 01")                          // capabilities, high half
                .hexBytes("15")                             // auth-plugin-data length 21
                .zeros(10)                                  // reserved
                .hexBytes("69 6a 6b 6c 6d 6e 6f 70 71 72 73 74 00") // part 2: 12 bytes + NUL
                .cstr("mysql_native_password")
                .array();
        assertThat(Bytes.hexOf(out)).isEqualTo(Bytes.hexOf(expected));
        assertThat(greeting.protocolVersion()).isEqualTo(HandshakeV10.PROTOCOL_VERSION);
    }

    @Test
    void serverDefaultCapabilitiesAreWhatTheGoldenGreetingUses() {
        assertThat(CapabilityFlags.SERVER_DEFAULT).isEqualTo(0x013ff75f);
    }

    @Test
    void withoutPluginAuthTheLengthIsZeroAndNoNameIsSent() {
        int caps = CapabilityFlags.PROTOCOL_41 | CapabilityFlags.SECURE_CONNECTION;
        ByteBuf out = Unpooled.buffer();
        new HandshakeV10("5.7.0", 1, SCRAMBLE, caps, 33, 0, "ignored").encode(out);
        byte[] bytes = Bytes.toArray(out);
        int lengthIndex = 1 + 6 + 4 + 8 + 1 + 2 + 1 + 2 + 2;
        assertThat(bytes[lengthIndex]).isZero();
        assertThat(bytes).hasSize(lengthIndex + 1 + 10 + 13);
    }

    @Test
    void decodeReadsBackWhatEncodeWrote() {
        HandshakeV10 greeting = new HandshakeV10("8.0.36-basalt", 0xfffffffeL, SCRAMBLE,
                CapabilityFlags.SERVER_DEFAULT, 45, ServerStatus.AUTOCOMMIT, AuthPlugins.CACHING_SHA2_PASSWORD);
        ByteBuf out = Unpooled.buffer();
        greeting.encode(out);
        HandshakeV10 decoded = HandshakeV10.decode(out);
        assertThat(decoded.serverVersion()).isEqualTo("8.0.36-basalt");
        assertThat(decoded.connectionId()).isEqualTo(0xfffffffeL);
        assertThat(decoded.scramble()).isEqualTo(SCRAMBLE);
        assertThat(decoded.capabilities()).isEqualTo(CapabilityFlags.SERVER_DEFAULT);
        assertThat(decoded.charset()).isEqualTo(45);
        assertThat(decoded.statusFlags()).isEqualTo(ServerStatus.AUTOCOMMIT);
        assertThat(decoded.authPluginName()).isEqualTo(AuthPlugins.CACHING_SHA2_PASSWORD);
    }

    @Test
    void scrambleMustBeTwentyBytes() {
        assertThatThrownBy(() -> new HandshakeV10("8.0", 1, new byte[8], 0, 0, 0, ""))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
