package io.basalt.protocol.binlog;

import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

/**
 * Xid_log_event (type 16): terminates a transaction on an XA-capable engine; the body is the 8-byte XID that crash
 * recovery matches against prepared transactions (Basalt uses a unique, increasing number).
 */
public record XidEvent(long xid) implements BinlogEventBody {

    @Override
    public BinlogEventType type() {
        return BinlogEventType.XID;
    }

    @Override
    public void encode(ByteBuf out) {
        out.writeLongLE(xid);
    }

    public static XidEvent decode(ByteBuf body) {
        return new XidEvent(new PayloadReader(body).readInt8());
    }
}
