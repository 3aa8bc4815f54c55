package io.basalt.protocol.handshake;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.testing.Bytes;
import io.netty.buffer.ByteBuf;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.basalt.protocol.constants.CapabilityFlags.CONNECT_ATTRS;
import static io.basalt.protocol.constants.CapabilityFlags.PLUGIN_AUTH;
import static io.basalt.protocol.constants.CapabilityFlags.PLUGIN_AUTH_LENENC_CLIENT_DATA;
import static io.basalt.protocol.constants.CapabilityFlags.PROTOCOL_41;
import static io.basalt.protocol.constants.CapabilityFlags.SECURE_CONNECTION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChangeUserRequestTest {
    private static final byte[] AUTH = Bytes.hex("0102030405060708090a0b0c0d0e0f1011121314");

    @Test
    void parsesFullRequestWithOneByteAuthLengthEvenWithLenencCapability() {
        int caps = PROTOCOL_41 | SECURE_CONNECTION | PLUGIN_AUTH | CONNECT_ATTRS | PLUGIN_AUTH_LENENC_CLIENT_DATA;
        ByteBuf payload = Bytes.of()
                .int1(0x11).cstr("bob").int1(AUTH.length).raw(AUTH).cstr("db1").int2(45)
                .cstr("mysql_native_password")
                .int1(8).shortLenStr("k").shortLenStr("value")
                .buf();
        payload.readByte();
        ChangeUserRequest r = ChangeUserRequest.decode(payload, caps);
        assertThat(r.username()).isEqualTo("bob");
        assertThat(r.authResponse()).isEqualTo(AUTH);
        assertThat(r.database()).isEqualTo("db1");
        assertThat(r.charset()).isEqualTo(45);
        assertThat(r.authPluginName()).isEqualTo("mysql_native_password");
        assertThat(r.connectAttrs()).containsExactly(Map.entry("k", "value"));
    }

    @Test
    void parsesMinimalOldStyleRequest() {
        ByteBuf payload = Bytes.of().int1(0x11).cstr("bob").cstr("xyz").cstr("").buf();
        ChangeUserRequest r = ChangeUserRequest.decode(payload, PROTOCOL_41);
        assertThat(r.authResponse()).containsExactly('x', 'y', 'z');
        assertThat(r.database()).isEmpty();
        assertThat(r.charset()).isEqualTo(-1);
        assertThat(r.authPluginName()).isNull();
        assertThat(r.connectAttrs()).isEmpty();
    }

    @Test
    void truncatedAuthResponseIsMalformed() {
        ByteBuf payload = Bytes.of().int1(0x11).cstr("bob").int1(20).raw(new byte[5]).buf();
        assertThatThrownBy(() -> ChangeUserRequest.decode(payload, PROTOCOL_41 | SECURE_CONNECTION))
                .isInstanceOf(MalformedPacketException.class);
    }
}
