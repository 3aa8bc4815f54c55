package io.basalt.protocol.command;

import io.basalt.protocol.codec.MalformedPacketException;
import io.basalt.protocol.codec.PayloadReader;
import io.basalt.protocol.constants.FieldType;
import io.basalt.protocol.error.ErrorCode;
import io.basalt.protocol.error.MySqlException;
import io.netty.buffer.ByteBuf;

import java.util.Arrays;

/**
 * COM_STMT_EXECUTE: statement id, cursor flags, iteration count, and for a statement with parameters a NULL bitmap,
 * the new-params-bound flag, the types (only when that flag is 1; otherwise the last types sent for the statement
 * apply, so the server must remember {@link #parameterTypes()}) and the non-NULL values in binary encoding.
 * Parameters that received COM_STMT_SEND_LONG_DATA are not in the packet: their value is the accumulated data.
 *
 * <p>Values follow the value model: integer types {@link Long} (an unsigned BIGINT keeps its 64 bits), FLOAT and
 * DOUBLE {@link Double}, DECIMAL {@link java.math.BigDecimal}, string types {@link String}, blob types, GEOMETRY and
 * BIT {@code byte[]}, DATE {@link java.time.LocalDate}, DATETIME and TIMESTAMP {@link java.time.LocalDateTime}, TIME
 * {@link java.time.Duration}, NULL (type or bitmap) null.
 *
 * @param statementId       unsigned statement id as sent (0xFFFFFFFF passed through)
 * @param flags             cursor flags (CURSOR_TYPE_*)
 * @param iterationCount    always 1 from current clients
 * @param newParameterTypes the types sent in this packet, or null when new_params_bound was 0 (or no parameters)
 * @param parameterTypes    the types in effect for this execution (empty without parameters)
 * @param parameterValues   the decoded values
 */
public record StmtExecuteRequest(long statementId, int flags, long iterationCount, int[] newParameterTypes,
                                 int[] parameterTypes, Object[] parameterValues) {
    public static final int CURSOR_TYPE_NO_CURSOR = 0x00;
    public static final int CURSOR_TYPE_READ_ONLY = 0x01;
    public static final int CURSOR_TYPE_FOR_UPDATE = 0x02;
    public static final int CURSOR_TYPE_SCROLLABLE = 0x04;
    public static final int PARAMETER_COUNT_AVAILABLE = 0x08;

    private static final String COMMAND_NAME = "mysqld_stmt_execute";

    /**
     * @param payload the whole command payload; index 0 is the command byte, the reader index is ignored
     * @param lookup  the server's statements
     * @throws MySqlException           ER_UNKNOWN_STMT_HANDLER (1243) for an unknown statement, ER_WRONG_ARGUMENTS
     *                                  (1210) when values arrive before any types were bound
     * @throws MalformedPacketException on a truncated or inconsistent payload
     */
    public static StmtExecuteRequest decode(ByteBuf payload, ParameterTypesLookup lookup) {
        PayloadReader r = PayloadReader.commandBody(payload);
        long statementId = r.readInt4();
        int flags = r.readInt1();
        long iterationCount = r.readInt4();
        StatementParameters statement = lookup.lookup(statementId);
        if (statement == null) {
            throw new MySqlException(ErrorCode.UNKNOWN_STMT_HANDLER, Long.toUnsignedString(statementId),
                    COMMAND_NAME);
        }
        int count = statement.parameterCount();
        if (count == 0) {
            return new StmtExecuteRequest(statementId, flags, iterationCount, null, new int[0], new Object[0]);
        }
        byte[] nullBitmap = r.readFixedBytes((count + 7) / 8);
        int[] newTypes = null;
        int[] types = statement.boundTypes();
        if (r.readInt1() == 1) {
            newTypes = new int[count];
            for (int i = 0; i < count; i++) {
                newTypes[i] = r.readInt2();
            }
            types = newTypes;
        }
        Object[] values = new Object[count];
        for (int i = 0; i < count; i++) {
            byte[] longData = statement.longData().get(i);
            if (longData != null) {
                values[i] = types == null ? longData : BinaryValueDecoder.fromLongData(longData, types[i]);
            } else if ((nullBitmap[i / 8] & 1 << (i % 8)) == 0) {
                if (types == null) {
                    throw new MySqlException(ErrorCode.WRONG_ARGUMENTS, COMMAND_NAME);
                }
                values[i] = BinaryValueDecoder.decode(r, types[i]);
            }
        }
        return new StmtExecuteRequest(statementId, flags, iterationCount, newTypes,
                types == null ? unboundTypes(count) : types, values);
    }

    /** Types of a statement whose every parameter was NULL or long data before any types were sent. */
    private static int[] unboundTypes(int count) {
        int[] types = new int[count];
        Arrays.fill(types, FieldType.NULL.code());
        return types;
    }
}
