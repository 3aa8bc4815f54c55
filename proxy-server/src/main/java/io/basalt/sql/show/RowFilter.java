package io.basalt.sql.show;

import java.util.function.Predicate;

/** A compiled {@code SHOW ... WHERE} condition over the rows of a SHOW result (columns as the result names them). */
@FunctionalInterface
public interface RowFilter extends Predicate<Object[]> {
}
