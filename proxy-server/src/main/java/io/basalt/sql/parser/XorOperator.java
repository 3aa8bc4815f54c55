package io.basalt.sql.parser;

import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;

/**
 * MySQL's logical XOR. It binds tighter than OR and looser than AND; Calcite gives those the adjacent even
 * precedences 22 and 24 and rounds odd ones down, so the precedences are set here directly (left 23, right 24:
 * left-associative between the two). Immutable.
 */
final class XorOperator extends SqlBinaryOperator {

    XorOperator() {
        super("XOR", SqlKind.OTHER, 22, true, ReturnTypes.BOOLEAN_NULLABLE, InferTypes.BOOLEAN,
            OperandTypes.ANY_ANY);
    }

    @Override
    public int getLeftPrec() {
        return 23;
    }

    @Override
    public int getRightPrec() {
        return 24;
    }
}
