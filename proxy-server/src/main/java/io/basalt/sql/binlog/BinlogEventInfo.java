package io.basalt.sql.binlog;

import io.basalt.protocol.binlog.AnnotateRowsEvent;
import io.basalt.protocol.binlog.BinlogCheckpointEvent;
import io.basalt.protocol.binlog.BinlogEvent;
import io.basalt.protocol.binlog.EventFlags;
import io.basalt.protocol.binlog.FormatDescriptionEvent;
import io.basalt.protocol.binlog.Gtid;
import io.basalt.protocol.binlog.GtidEvent;
import io.basalt.protocol.binlog.GtidListEvent;
import io.basalt.protocol.binlog.QueryEvent;
import io.basalt.protocol.binlog.RotateEvent;
import io.basalt.protocol.binlog.RowsEvent;
import io.basalt.protocol.binlog.TableMapEvent;
import io.basalt.protocol.binlog.XidEvent;
import io.netty.buffer.ByteBuf;

import java.util.StringJoiner;

/** The Event_type and Info columns of SHOW BINLOG EVENTS, as MariaDB 10.11 prints them. Stateless. */
final class BinlogEventInfo {
    private BinlogEventInfo() {
    }

    static String typeName(BinlogEvent e) {
        return switch (e.header().type()) {
            case QUERY -> "Query";
            case STOP -> "Stop";
            case ROTATE -> "Rotate";
            case FORMAT_DESCRIPTION -> "Format_desc";
            case XID -> "Xid";
            case TABLE_MAP -> "Table_map";
            case WRITE_ROWS_V1 -> "Write_rows_v1";
            case UPDATE_ROWS_V1 -> "Update_rows_v1";
            case DELETE_ROWS_V1 -> "Delete_rows_v1";
            case ANNOTATE_ROWS -> "Annotate_rows";
            case BINLOG_CHECKPOINT -> "Binlog_checkpoint";
            case GTID -> "Gtid";
            case GTID_LIST -> "Gtid_list";
            case IGNORABLE -> "Ignorable";
            default -> "Unknown";
        };
    }

    static String info(BinlogEvent e) {
        switch (e.header().type()) {
            case WRITE_ROWS_V1:
            case UPDATE_ROWS_V1:
            case DELETE_ROWS_V1:
                return rowsInfo(e.body());
            case IGNORABLE:
                return "# Ignorable event type 28";
            case FORMAT_DESCRIPTION:
                FormatDescriptionEvent fd = (FormatDescriptionEvent) e.decode();
                return "Server ver: " + fd.serverVersion() + ", Binlog ver: " + fd.binlogVersion();
            case GTID_LIST:
                StringJoiner list = new StringJoiner(",", "[", "]");
                for (Gtid g : ((GtidListEvent) e.decode()).gtids()) {
                    list.add(g.toString());
                }
                return list.toString();
            case BINLOG_CHECKPOINT:
                return ((BinlogCheckpointEvent) e.decode()).fileName();
            case GTID:
                GtidEvent g = (GtidEvent) e.decode();
                String gtid = g.domainId() + "-" + e.header().serverId() + "-" + g.seqNo();
                return g.isStandalone() ? "GTID " + gtid : "BEGIN GTID " + gtid;
            case ANNOTATE_ROWS:
                return ((AnnotateRowsEvent) e.decode()).sql();
            case TABLE_MAP:
                TableMapEvent tm = (TableMapEvent) e.decode();
                return "table_id: " + tm.tableId() + " (" + tm.database() + "." + tm.table() + ")";
            case XID:
                return "COMMIT /* xid=" + ((XidEvent) e.decode()).xid() + " */";
            case QUERY:
                QueryEvent q = (QueryEvent) e.decode();
                boolean use = !q.database().isEmpty() && (e.header().flags() & EventFlags.SUPPRESS_USE) == 0;
                return use ? "use `" + q.database() + "`; " + q.sql() : q.sql();
            case ROTATE:
                RotateEvent r = (RotateEvent) e.decode();
                return r.nextFile() + ";pos=" + r.position();
            default:
                return "";
        }
    }

    /** Rows events: the table id (6 bytes) and flags (2 bytes) that start the post-header. */
    private static String rowsInfo(ByteBuf body) {
        int at = body.readerIndex();
        long tableId = body.getUnsignedIntLE(at) | ((long) body.getUnsignedShortLE(at + 4) << 32);
        int flags = body.getUnsignedShortLE(at + 6);
        return "table_id: " + tableId + ((flags & RowsEvent.STMT_END_F) != 0 ? " flags: STMT_END_F" : "");
    }
}
