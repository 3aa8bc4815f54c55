package io.basalt.protocol.command;

import io.basalt.protocol.constants.FieldType;

/**
 * A parameter type as COM_STMT_EXECUTE sends it: 2 bytes, the field type code and a flags byte whose bit 0x80 means
 * unsigned (not the column flag 0x20). Kept as an int: {@code code | flags << 8}.
 */
public final class ParameterTypes {
    public static final int UNSIGNED_FLAG = 0x80;

    private ParameterTypes() {
    }

    public static int of(FieldType type, boolean unsigned) {
        return type.code() | (unsigned ? UNSIGNED_FLAG << 8 : 0);
    }

    /** @return the field type, or null for a code MySQL does not define */
    public static FieldType fieldType(int parameterType) {
        return FieldType.ofCode(parameterType & 0xff);
    }

    public static boolean isUnsigned(int parameterType) {
        return (parameterType >> 8 & UNSIGNED_FLAG) != 0;
    }
}
