/**
 * MySQL value semantics over the value model of {@link io.basalt.sql.type.SqlType} (as MariaDB 10.11 behaves):
 * implicit conversions ({@link io.basalt.sql.value.Values}), comparisons and grouping keys
 * ({@link io.basalt.sql.value.Comparison}, {@link io.basalt.sql.value.ComparisonType},
 * {@link io.basalt.sql.value.GroupKey}, {@link io.basalt.sql.value.Collation}), arithmetic
 * ({@link io.basalt.sql.value.Arithmetic}), three-valued logic, IN and BETWEEN
 * ({@link io.basalt.sql.value.Predicates}), CAST ({@link io.basalt.sql.value.Casts}), the result types of CASE,
 * IF, COALESCE and UNION ({@link io.basalt.sql.value.TypeUnifier}), assignment to columns
 * ({@link io.basalt.sql.value.ColumnAssigner}), LIKE and REGEXP ({@link io.basalt.sql.value.Like},
 * {@link io.basalt.sql.value.Regexp}) and JSON text ({@link io.basalt.sql.value.Json}).
 *
 * <p>A pure library: everything a statement contributes comes through {@link io.basalt.sql.value.EvalContext};
 * warnings go to it, errors are {@link io.basalt.protocol.error.MySqlException}s. Bind once, evaluate per row:
 * compute {@code Comparison.of(ta, tb)}, {@code Arithmetic.bind(...)}, {@code Like.compile(...)} and
 * {@code Regexp.compile(...)} for constant patterns at bind time.
 *
 * <p>Known departures from MariaDB: zero dates ('0000-00-00') cannot be represented, so they are invalid (non-strict
 * assignment stores NULL where MariaDB stores a zero date); the collation is storage's (see {@code Collation}): it
 * does not equate 'ß' with 's' and orders strings with characters below the space (tab, newline) before their
 * prefix.
 */
package io.basalt.sql.value;
