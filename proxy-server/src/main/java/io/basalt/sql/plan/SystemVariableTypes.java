package io.basalt.sql.plan;

import io.basalt.sql.sysvar.SystemVariable;
import io.basalt.sql.type.SqlType;

/** The result type of @@name in a select list, as MySQL reports it: integers BIGINT, everything else text. */
final class SystemVariableTypes {
    private SystemVariableTypes() {
    }

    static SqlType of(SystemVariable v) {
        return switch (v.type()) {
            case INTEGER, BOOLEAN -> SqlType.BIGINT;
            default -> SqlType.LONGTEXT;
        };
    }
}
