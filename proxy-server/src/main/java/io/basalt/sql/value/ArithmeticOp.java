package io.basalt.sql.value;

/** The binary arithmetic and bit operators, with the symbol MySQL prints in messages. */
public enum ArithmeticOp {
    ADD("+"),
    SUBTRACT("-"),
    MULTIPLY("*"),
    /** {@code /}: DECIMAL (scale of the dividend + div_precision_increment) or DOUBLE. */
    DIVIDE("/"),
    /** {@code DIV}: integer division, truncating. */
    INT_DIVIDE("DIV"),
    /** {@code MOD} and {@code %}. */
    MODULO("MOD"),
    BIT_AND("&"),
    BIT_OR("|"),
    BIT_XOR("^"),
    SHIFT_LEFT("<<"),
    SHIFT_RIGHT(">>");

    private final String symbol;

    ArithmeticOp(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    public boolean isBitOperation() {
        return ordinal() >= BIT_AND.ordinal();
    }
}
