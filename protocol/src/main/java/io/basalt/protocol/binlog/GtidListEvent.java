package io.basalt.protocol.binlog;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;
import io.netty.buffer.ByteBuf;

import java.util.ArrayList;
import java.util.List;

/**
 * Gtid_list_log_event (type 163), written after the FDE of every binlog: the binlog GTID state at file creation as
 * a 4-byte count (low 28 bits; the high 4 bits are flags only artificial events use) followed by domain_id (4),
 * server_id (4), seq_no (8) per entry. An empty list carries 2 zero bytes of padding (MariaDB needs the 6-byte body
 * to rewrite the event into a dummy for old replicas).
 */
public record GtidListEvent(List<Gtid> gtids) implements BinlogEventBody {

    private static final int COUNT_MASK = 0x0fff_ffff;
    private static final int EMPTY_PADDING = 2;

    public GtidListEvent {
        gtids = List.copyOf(gtids);
        if (gtids.size() > COUNT_MASK) {
            throw new IllegalArgumentException("too many GTIDs: " + gtids.size());
        }
    }

    @Override
    public BinlogEventType type() {
        return BinlogEventType.GTID_LIST;
    }

    @Override
    public void encode(ByteBuf out) {
        out.writeIntLE(gtids.size());
        for (Gtid g : gtids) {
            out.writeIntLE((int) g.domainId());
            out.writeIntLE((int) g.serverId());
            out.writeLongLE(g.seqNo());
        }
        if (gtids.isEmpty()) {
            out.writeZero(EMPTY_PADDING);
        }
    }

    public static GtidListEvent decode(ByteBuf body) {
        PayloadReader in = new PayloadReader(body);
        long count = in.readInt4() & COUNT_MASK;
        if (count * 16 > in.remaining()) {
            throw new MalformedPacketException("Gtid_list count " + count + " exceeds the body");
        }
        List<Gtid> gtids = new ArrayList<>((int) count);
        for (int i = 0; i < count; i++) {
            gtids.add(new Gtid(in.readInt4(), in.readInt4(), in.readInt8()));
        }
        return new GtidListEvent(gtids);
    }
}
