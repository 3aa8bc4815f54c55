/**
 * Built-in scalar functions ({@link io.basalt.sql.function.FunctionRegistry}) and, in {@code aggregate}, the
 * aggregate functions.
 *
 * <p>How the binder maps MySQL's special call syntax onto plain calls (literal strings for keywords):
 * <ul>
 *   <li>{@code TRIM([BOTH|LEADING|TRAILING] [r] FROM s)} → {@code TRIM('BOTH', r, s)} (r defaults to ' ');
 *       {@code TRIM(s)} stays;</li>
 *   <li>{@code SUBSTRING(s FROM p FOR n)} → {@code SUBSTRING(s, p, n)}; {@code POSITION(a IN b)} →
 *       {@code POSITION(a, b)};</li>
 *   <li>{@code DATE_ADD(d, INTERVAL v unit)}, {@code DATE_SUB}, {@code ADDDATE}, {@code SUBDATE} →
 *       {@code DATE_ADD(d, v, 'UNIT')}; {@code d + INTERVAL v unit} → {@code DATE_ADD(d, v, 'UNIT')},
 *       {@code d - INTERVAL v unit} → {@code DATE_SUB(d, v, 'UNIT')};</li>
 *   <li>{@code TIMESTAMPADD(unit, v, d)} → {@code TIMESTAMPADD('UNIT', v, d)}; {@code TIMESTAMPDIFF(unit, a, b)}
 *       → {@code TIMESTAMPDIFF('UNIT', a, b)}; {@code EXTRACT(unit FROM d)} → {@code EXTRACT('UNIT', d)};</li>
 *   <li>{@code CAST(x AS t)} / {@code CONVERT(x, t)} → {@link io.basalt.sql.value.Casts}; arithmetic operators →
 *       {@link io.basalt.sql.value.Arithmetic}; comparisons, IN, BETWEEN, AND/OR/XOR/NOT →
 *       {@link io.basalt.sql.value.Comparison} and {@link io.basalt.sql.value.Predicates};</li>
 *   <li>{@code CURRENT_DATE}, {@code CURRENT_TIME}, {@code CURRENT_TIMESTAMP}, {@code LOCALTIME} ... without
 *       parentheses are the functions of the same names with no arguments;</li>
 *   <li>{@code GROUP_CONCAT(... ORDER BY ... SEPARATOR s)} →
 *       {@link io.basalt.sql.function.aggregate.GroupConcat#newAccumulator}.</li>
 * </ul>
 * Pass literal argument values to {@link io.basalt.sql.function.ScalarFunction#returnType(java.util.List,
 * java.util.List)}: ROUND's decimals, the interval unit, STR_TO_DATE's format and NOW's precision decide result
 * types. Errors 1582 name the function in upper case; MariaDB echoes the name as written.
 */
package io.basalt.sql.function;
