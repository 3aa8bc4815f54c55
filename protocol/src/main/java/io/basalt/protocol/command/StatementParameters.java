package io.basalt.protocol.command;

import java.util.Map;

/**
 * What the server knows about a prepared statement when a COM_STMT_EXECUTE for it arrives.
 *
 * @param parameterCount number of '?' placeholders
 * @param boundTypes     the parameter types of the last execute that sent them (2-byte codes, see
 *                       {@link ParameterTypes}), or null if none was sent yet
 * @param longData       bytes accumulated by COM_STMT_SEND_LONG_DATA per parameter index since the last execute or
 *                       reset; such parameters are not in the execute packet
 */
public record StatementParameters(int parameterCount, int[] boundTypes, Map<Integer, byte[]> longData) {

    public StatementParameters {
        if (boundTypes != null && boundTypes.length != parameterCount) {
            throw new IllegalArgumentException(boundTypes.length + " bound types for " + parameterCount
                    + " parameters");
        }
        longData = Map.copyOf(longData);
    }
}
