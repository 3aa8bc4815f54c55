package io.basalt.server.command;

import io.basalt.protocol.codec.PayloadWriter;
import io.basalt.server.metrics.ServerMetrics;
import io.netty.buffer.ByteBuf;

import java.util.Locale;

/** COM_STATISTICS (mysqladmin status, the CLI's \s): MySQL's one-line status text as a bare packet. */
final class ComStatisticsHandler implements CommandHandler {
    @Override
    public String processListName() {
        return "Statistics";
    }

    @Override
    public void handle(ClientConnection connection, ByteBuf payload) {
        ServerMetrics metrics = connection.server().metrics();
        long uptime = metrics.uptimeSeconds();
        long questions = metrics.questions();
        String text = String.format(Locale.ROOT,
                "Uptime: %d  Threads: %d  Questions: %d  Slow queries: 0  Opens: 0  Flush tables: 1  "
                        + "Open tables: 0  Queries per second avg: %.3f",
                uptime, connection.server().sessions().count(), questions,
                uptime == 0 ? 0.0 : (double) questions / uptime);
        PacketOutput out = connection.responses().output();
        PayloadWriter.writeString(out.beginPacket(), text);
        out.endPacket();
        connection.responses().markFinished();
    }
}
