package io.basalt.protocol.handshake;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Parses the connection attributes block (lenenc total length, then lenenc key/value pairs). */
final class ConnectAttributes {

    private ConnectAttributes() {
    }

    static Map<String, String> read(PayloadReader r) {
        long length = r.readLenencInt();
        if (length > r.remaining()) {
            throw new MalformedPacketException("connection attributes longer than the packet");
        }
        PayloadReader section = r.readSection((int) length);
        Map<String, String> attrs = new LinkedHashMap<>();
        while (section.hasRemaining()) {
            String key = section.readLenencString();
            attrs.put(key, section.readLenencString());
        }
        return Collections.unmodifiableMap(attrs);
    }
}
