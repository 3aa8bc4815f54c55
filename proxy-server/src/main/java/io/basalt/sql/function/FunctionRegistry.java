package io.basalt.sql.function;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The built-in scalar functions by name (case-insensitive; aliases such as UCASE, SUBSTR, NVL are entries of their
 * own). Immutable after class initialisation; thread-safe.
 */
public final class FunctionRegistry {
    private static final Map<String, ScalarFunction> FUNCTIONS = build();

    private FunctionRegistry() {
    }

    public static Optional<ScalarFunction> lookup(String name) {
        return Optional.ofNullable(FUNCTIONS.get(name.toUpperCase(Locale.ROOT)));
    }

    /** Every registered function (one entry per name). */
    public static Collection<ScalarFunction> all() {
        return FUNCTIONS.values();
    }

    private static Map<String, ScalarFunction> build() {
        List<FunctionDef> defs = new ArrayList<>();
        defs.addAll(StringFunctions.all());
        defs.addAll(NumericFunctions.all());
        defs.addAll(DateTimeFunctions.all());
        defs.addAll(ControlFunctions.all());
        defs.addAll(InfoFunctions.all());
        defs.addAll(MiscFunctions.all());
        defs.addAll(JsonFunctions.all());
        Map<String, ScalarFunction> map = new HashMap<>();
        for (FunctionDef d : defs) {
            if (map.put(d.name(), d) != null) {
                throw new IllegalStateException("function defined twice: " + d.name());
            }
        }
        return Map.copyOf(map);
    }
}
