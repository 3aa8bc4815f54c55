package io.basalt.server.netty;

import io.basalt.protocol.codec.PacketAssembler;
import io.basalt.protocol.codec.PacketTooLargeException;
import io.basalt.protocol.error.MySqlException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;

import java.util.List;

/**
 * Splits the inbound byte stream into logical packets ({@link io.basalt.protocol.codec.Packet}) with a
 * {@link PacketAssembler}. A packet above the limit or a continuation out of order yields one {@link FramingFailure}
 * and from then on every inbound byte is discarded (the connection is about to close). The limit starts at the
 * login size and is raised to max_allowed_packet when the client has logged in. Runs on the channel's event loop.
 */
final class PacketDecoder extends ByteToMessageDecoder {
    private final PacketAssembler assembler;
    private boolean failed;

    PacketDecoder(int maxPayload) {
        this.assembler = new PacketAssembler(maxPayload);
    }

    /** Must run on the channel's event loop. */
    void setMaxPayload(int maxPayload) {
        assembler.setMaxPayload(maxPayload);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        try {
            Object packet = assembler.decode(in);
            if (packet != null) {
                out.add(packet);
            }
        } catch (PacketTooLargeException e) {
            fail(in, out, new FramingFailure(e, (e.sequenceId() + 1) & 0xff));
        } catch (MySqlException e) {
            fail(in, out, new FramingFailure(e, 0));
        }
    }

    private void fail(ByteBuf in, List<Object> out, FramingFailure failure) {
        failed = true;
        in.skipBytes(in.readableBytes());
        out.add(failure);
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        assembler.close();
    }
}
