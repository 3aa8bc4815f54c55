/**
 * MySQL SQL parser: text in, Calcite {@link org.apache.calcite.sql.SqlNode} trees out.
 *
 * <p>Entry points: {@link io.basalt.sql.parser.BasaltSqlParser#parse(String)} (one statement, MySQL's 1064 / 1065
 * errors), {@link io.basalt.sql.parser.BasaltSqlParser#split(String)} (multi-statement text) and
 * {@link io.basalt.sql.parser.LiteralNormalizer} (plan-cache keys for the text protocol). Queries are Calcite's own
 * nodes; MySQL statements are the classes of {@code io.basalt.sql.parser.ast}; MySQL operators are in
 * {@link io.basalt.sql.parser.MySqlOperators}.
 *
 * <p>Generation chain (Maven, proxy-server/pom.xml, phases initialize and generate-sources), as Apache Flink does it:
 * <ol>
 *   <li>maven-dependency-plugin unpacks {@code codegen/templates/Parser.jj} from the calcite-core jar (the version
 *       pinned in the root pom) to {@code target/codegen/templates};</li>
 *   <li>maven-resources-plugin copies {@code src/main/codegen} ({@code config.fmpp}, {@code data/Parser.tdd},
 *       {@code includes/parserImpls.ftl}) to {@code target/codegen};</li>
 *   <li>fmpp-maven-plugin expands the template with the data model of Parser.tdd, which repeats every key of
 *       Calcite's {@code default_config.fmpp} for the pinned version (keywords, non-reserved words, hooks), and with
 *       the MySQL productions of parserImpls.ftl, into {@code target/generated-sources/fmpp/javacc/Parser.jj};</li>
 *   <li>javacc-maven-plugin (JavaCC 4.0, like Calcite's own build; {@code LOOKAHEAD=1}, {@code STATIC=false})
 *       generates {@code io.basalt.sql.parser.impl.BasaltSqlParserImpl} into
 *       {@code target/generated-sources/javacc}, which is compiled with the module. Generated code is never checked
 *       in.</li>
 * </ol>
 * Before the generated parser sees a statement, {@link io.basalt.sql.parser.MySqlLexicalNormalizer} rewrites the
 * MySQL lexical forms Calcite's lexer lacks (comments, executable comments, string escapes and introducers, hex and
 * bit literals, a few marked keywords) and keeps, for every character, its offset in the client's text, so that
 * error messages quote the client's own text.
 *
 * <p>When upgrading Calcite: diff the new {@code codegen/default_config.fmpp} against {@code data/Parser.tdd} and
 * the new template's hooks against {@code includes/parserImpls.ftl}, then run the parser tests.
 */
package io.basalt.sql.parser;
