package io.basalt.server.command;

import io.basalt.protocol.constants.CapabilityFlags;
import io.basalt.protocol.constants.ServerStatus;
import io.basalt.protocol.error.MySqlException;
import io.basalt.protocol.result.EofPacket;
import io.basalt.protocol.result.ErrPacket;
import io.basalt.protocol.result.OkPacket;
import io.basalt.session.Session;
import io.netty.buffer.ByteBuf;

/**
 * Writes a connection's OK, ERR and EOF packets. The status flags of every OK and EOF come from
 * {@link #statusFlags()} and nowhere else: the session's (AUTOCOMMIT, IN_TRANS, ...) plus MORE_RESULTS_EXISTS while
 * a multi-statement COM_QUERY has statements left. Whether result sets end with EOF or with an OK carrying the 0xFE
 * header follows the client's CLIENT_DEPRECATE_EOF.
 *
 * <p>Also remembers whether the current command's final reply has gone out, so that a failure after it is not
 * answered a second time (which would desynchronise the client). Used only by the connection's command thread.
 */
public final class ResponseWriter {
    private final PacketOutput out;
    private Session session;
    private boolean moreResults;
    private boolean finished;

    public ResponseWriter(PacketOutput out) {
        this.out = out;
    }

    public PacketOutput output() {
        return out;
    }

    /** The logged-in session; before login the flags are AUTOCOMMIT and the capabilities none. */
    void attach(Session session) {
        this.session = session;
    }

    /** A new command (or login step) replies from {@code sequenceId} on. */
    void begin(int sequenceId) {
        out.sequenceId(sequenceId);
        moreResults = false;
        finished = false;
    }

    /** Whether the OK/EOF ending the current statement announces another result (multi-statements). */
    void moreResults(boolean more) {
        moreResults = more;
    }

    /** Whether the final reply of the current command has been written. */
    boolean finished() {
        return finished;
    }

    /** Marks the command answered by a packet this class does not write (a statistics string, a greeting). */
    void markFinished() {
        finished = true;
    }

    public int statusFlags() {
        int flags = session == null ? ServerStatus.AUTOCOMMIT : session.statusFlags();
        return moreResults ? flags | ServerStatus.MORE_RESULTS_EXISTS : flags;
    }

    private int warnings() {
        return session == null ? 0 : session.warnings().count();
    }

    public boolean deprecateEof() {
        return session != null && (session.clientCapabilities() & CapabilityFlags.DEPRECATE_EOF) != 0;
    }

    public void ok(long affectedRows, long lastInsertId, String info) {
        ByteBuf buf = out.beginPacket();
        OkPacket.encode(buf, affectedRows, lastInsertId, statusFlags(), warnings(), info, false);
        out.endPacket();
        finished = !moreResults;
    }

    public void error(MySqlException e) {
        ErrPacket.encode(out.beginPacket(), e);
        out.endPacket();
        finished = true;
    }

    /** Ends a result set or a column list: EOF, or OK with the 0xFE header under DEPRECATE_EOF. */
    public void eof() {
        ByteBuf buf = out.beginPacket();
        if (deprecateEof()) {
            OkPacket.encode(buf, 0, 0, statusFlags(), warnings(), null, true);
        } else {
            EofPacket.encode(buf, warnings(), statusFlags());
        }
        out.endPacket();
        finished = !moreResults;
    }

    /** Ends column definitions before the rows (or prepared-statement metadata): an EOF, unless DEPRECATE_EOF. */
    public void metadataEnd() {
        if (!deprecateEof()) {
            EofPacket.encode(out.beginPacket(), warnings(), statusFlags());
            out.endPacket();
        }
    }
}
