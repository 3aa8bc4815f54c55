package io.basalt.protocol.handshake;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.testing.Bytes;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Map;

import static io.basalt.protocol.constants.CapabilityFlags.CONNECT_ATTRS;
import static io.basalt.protocol.constants.CapabilityFlags.CONNECT_WITH_DB;
import static io.basalt.protocol.constants.CapabilityFlags.DEPRECATE_EOF;
import static io.basalt.protocol.constants.CapabilityFlags.FOUND_ROWS;
import static io.basalt.protocol.constants.CapabilityFlags.IGNORE_SPACE;
import static io.basalt.protocol.constants.CapabilityFlags.LOCAL_FILES;
import static io.basalt.protocol.constants.CapabilityFlags.LONG_FLAG;
import static io.basalt.protocol.constants.CapabilityFlags.LONG_PASSWORD;
import static io.basalt.protocol.constants.CapabilityFlags.MULTI_RESULTS;
import static io.basalt.protocol.constants.CapabilityFlags.MULTI_STATEMENTS;
import static io.basalt.protocol.constants.CapabilityFlags.ODBC;
import static io.basalt.protocol.constants.CapabilityFlags.PLUGIN_AUTH;
import static io.basalt.protocol.constants.CapabilityFlags.PLUGIN_AUTH_LENENC_CLIENT_DATA;
import static io.basalt.protocol.constants.CapabilityFlags.PROTOCOL_41;
import static io.basalt.protocol.constants.CapabilityFlags.PS_MULTI_RESULTS;
import static io.basalt.protocol.constants.CapabilityFlags.QUERY_ATTRIBUTES;
import static io.basalt.protocol.constants.CapabilityFlags.SECURE_CONNECTION;
import static io.basalt.protocol.constants.CapabilityFlags.SESSION_TRACK;
import static io.basalt.protocol.constants.CapabilityFlags.SSL;
import static io.basalt.protocol.constants.CapabilityFlags.TRANSACTIONS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HandshakeResponse41Test {
    private static final byte[] AUTH = Bytes.hex("0102030405060708090a0b0c0d0e0f1011121314");

    private static final int CONNECTOR_J = LONG_PASSWORD | FOUND_ROWS | LONG_FLAG | CONNECT_WITH_DB | PROTOCOL_41
            | TRANSACTIONS | SECURE_CONNECTION | MULTI_RESULTS | PS_MULTI_RESULTS | PLUGIN_AUTH | CONNECT_ATTRS
            | PLUGIN_AUTH_LENENC_CLIENT_DATA | DEPRECATE_EOF;

    private static Bytes attrs(String... keyValues) {
        Bytes inner = Bytes.of();
        for (String s : keyValues) {
            inner.shortLenStr(s);
        }
        return Bytes.of().int1(inner.size()).raw(inner.array());
    }

    private static byte[] connectorJ() {
        return Bytes.of()
                .int4(CONNECTOR_J).int4(0xffffff).int1(255).zeros(23)
                .cstr("root")
                .int1(AUTH.length).raw(AUTH)
                .cstr("test")
                .cstr("caching_sha2_password")
                .raw(attrs("_client_name", "MySQL Connector/J", "_client_version", "9.0.0").array())
                .array();
    }

    @Test
    void parsesConnectorJStyleResponse() {
        HandshakeResponse41 r = HandshakeResponse41.decode(Bytes.of().raw(connectorJ()).buf());
        assertThat(r.sslRequest()).isFalse();
        assertThat(r.capabilities()).isEqualTo(CONNECTOR_J);
        assertThat(r.hasCapability(DEPRECATE_EOF)).isTrue();
        assertThat(r.maxPacketSize()).isEqualTo(0xffffff);
        assertThat(r.charset()).isEqualTo(255);
        assertThat(r.username()).isEqualTo("root");
        assertThat(r.authResponse()).isEqualTo(AUTH);
        assertThat(r.database()).isEqualTo("test");
        assertThat(r.authPluginName()).isEqualTo("caching_sha2_password");
        assertThat(r.connectAttrs()).containsExactlyInAnyOrderEntriesOf(
                Map.of("_client_name", "MySQL Connector/J", "_client_version", "9.0.0"));
    }

    @Test
    void parsesLibmysqlStyleResponseWithOneByteAuthLength() {
        int caps = LONG_PASSWORD | LONG_FLAG | PROTOCOL_41 | TRANSACTIONS | SECURE_CONNECTION | MULTI_STATEMENTS
                | MULTI_RESULTS | PLUGIN_AUTH;
        byte[] payload = Bytes.of()
                .int4(caps).int4(16 << 20).int1(33).zeros(23)
                .cstr("sbtest")
                .int1(AUTH.length).raw(AUTH)
                .cstr("mysql_native_password")
                .array();
        HandshakeResponse41 r = HandshakeResponse41.decode(Bytes.of().raw(payload).buf());
        assertThat(r.username()).isEqualTo("sbtest");
        assertThat(r.authResponse()).isEqualTo(AUTH);
        assertThat(r.database()).as("no CONNECT_WITH_DB: no database field").isNull();
        assertThat(r.authPluginName()).isEqualTo("mysql_native_password");
        assertThat(r.connectAttrs()).isEmpty();
        assertThat(r.maxPacketSize()).isEqualTo(16 << 20);
    }

    @Test
    void parsesMysql2StyleResponseByTheClientsOwnFlags() {
        int caps = LONG_PASSWORD | FOUND_ROWS | CONNECT_WITH_DB | ODBC | LOCAL_FILES | IGNORE_SPACE | PROTOCOL_41
                | TRANSACTIONS | SECURE_CONNECTION | MULTI_RESULTS | SESSION_TRACK | CONNECT_ATTRS | QUERY_ATTRIBUTES
                | PLUGIN_AUTH | PLUGIN_AUTH_LENENC_CLIENT_DATA;
        byte[] payload = Bytes.of()
                .int4(caps).int4(0).int1(224)
                .zeros(19).hexBytes("1c 00 00 00")      // MariaDB extended capabilities in the filler
                .cstr("app")
                .int1(AUTH.length).raw(AUTH)
                .cstr("")                               // CONNECT_WITH_DB with no database
                .cstr("mysql_native_password")
                .raw(attrs("_client_name", "Node-MySQL-2").array())
                .array();
        HandshakeResponse41 r = HandshakeResponse41.decode(Bytes.of().raw(payload).buf());
        assertThat(r.maxPacketSize()).isZero();
        assertThat(r.charset()).isEqualTo(224);
        assertThat(r.username()).isEqualTo("app");
        assertThat(r.authResponse()).isEqualTo(AUTH);
        assertThat(r.database()).isEmpty();
        assertThat(r.authPluginName()).isEqualTo("mysql_native_password");
        assertThat(r.connectAttrs()).containsExactly(Map.entry("_client_name", "Node-MySQL-2"));
    }

    @Test
    void withoutSecureConnectionTheAuthResponseIsNulTerminated() {
        byte[] payload = Bytes.of()
                .int4(PROTOCOL_41 | CONNECT_WITH_DB).int4(0).int1(8).zeros(23)
                .cstr("old").cstr("abc").cstr("db")
                .array();
        HandshakeResponse41 r = HandshakeResponse41.decode(Bytes.of().raw(payload).buf());
        assertThat(r.authResponse()).containsExactly('a', 'b', 'c');
        assertThat(r.database()).isEqualTo("db");
        assertThat(r.authPluginName()).isNull();
    }

    @Test
    void emptyPasswordGivesEmptyAuthResponse() {
        byte[] payload = Bytes.of()
                .int4(PROTOCOL_41 | SECURE_CONNECTION | PLUGIN_AUTH_LENENC_CLIENT_DATA | PLUGIN_AUTH)
                .int4(0).int1(45).zeros(23)
                .cstr("root").int1(0).cstr("mysql_native_password")
                .array();
        HandshakeResponse41 r = HandshakeResponse41.decode(Bytes.of().raw(payload).buf());
        assertThat(r.authResponse()).isEmpty();
        assertThat(r.authPluginName()).isEqualTo("mysql_native_password");
    }

    @Test
    void trailingFieldsMayBeAbsentOrUnterminated() {
        byte[] payload = Bytes.of()
                .int4(PROTOCOL_41 | SECURE_CONNECTION | CONNECT_WITH_DB | PLUGIN_AUTH | CONNECT_ATTRS)
                .int4(0).int1(45).zeros(23)
                .cstr("u").int1(0).text("db")
                .array();
        HandshakeResponse41 r = HandshakeResponse41.decode(Bytes.of().raw(payload).buf());
        assertThat(r.database()).isEqualTo("db");
        assertThat(r.authPluginName()).isNull();
        assertThat(r.connectAttrs()).isEmpty();
    }

    @Test
    void detectsSslRequest() {
        byte[] payload = Bytes.of()
                .int4(CONNECTOR_J | SSL).int4(0xffffff).int1(255).zeros(23)
                .array();
        assertThat(payload).hasSize(32);
        HandshakeResponse41 r = HandshakeResponse41.decode(Bytes.of().raw(payload).buf());
        assertThat(r.sslRequest()).isTrue();
        assertThat(r.hasCapability(SSL)).isTrue();
    }

    @Test
    void everyTruncationBeforeTheEndOfTheAuthResponseIsMalformed() {
        byte[] full = connectorJ();
        int endOfAuth = 4 + 4 + 1 + 23 + 5 + 1 + AUTH.length;
        for (int length = 0; length < endOfAuth; length++) {
            byte[] prefix = Arrays.copyOf(full, length);
            assertThatThrownBy(() -> HandshakeResponse41.decode(Bytes.of().raw(prefix).buf()))
                    .as("prefix of %d bytes", length)
                    .isInstanceOf(MalformedPacketException.class);
        }
    }

    @Test
    void truncatedConnectionAttributesAreMalformed() {
        byte[] full = connectorJ();
        byte[] cut = Arrays.copyOf(full, full.length - 3);
        assertThatThrownBy(() -> HandshakeResponse41.decode(Bytes.of().raw(cut).buf()))
                .isInstanceOf(MalformedPacketException.class);
    }

    @Test
    void preProtocol41ClientsAreRejected() {
        byte[] payload = Bytes.of().int4(LONG_PASSWORD).int4(0).int1(8).zeros(23).cstr("u").array();
        assertThatThrownBy(() -> HandshakeResponse41.decode(Bytes.of().raw(payload).buf()))
                .isInstanceOf(MalformedPacketException.class);
    }
}
