package io.basalt.sql.infoschema;

import io.basalt.protocol.constants.ColumnFlags;
import io.basalt.protocol.result.ColumnDefinition;
import io.basalt.session.Session;
import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.result.ColumnDefinitions;
import io.basalt.sql.show.CatalogFixture;
import io.basalt.sql.sysvar.SessionVariables;
import io.basalt.sql.sysvar.StatusCounters;
import io.basalt.sql.sysvar.StatusVariables;
import io.basalt.sql.sysvar.SystemVariables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** information_schema definitions against MariaDB 10.11's, and its rows for a small catalog. */
class InformationSchemaTest {
    private static final Map<String, Integer> FLAGS = Map.of("NOT_NULL", ColumnFlags.NOT_NULL, "BLOB",
            ColumnFlags.BLOB, "UNSIGNED", ColumnFlags.UNSIGNED, "BINARY", ColumnFlags.BINARY, "NO_DEFAULT_VALUE",
            ColumnFlags.NO_DEFAULT_VALUE, "NUM", ColumnFlags.NUM);

    @TempDir
    static Path dir;
    private static CatalogFixture fixture;
    private static VirtualTableContext context;
    private static Session session;

    @BeforeAll
    static void openCatalog() {
        fixture = new CatalogFixture(dir);
        CatalogSnapshot catalog = fixture.snapshot();
        session = new Session(3, "root", "localhost", new SessionVariables(SystemVariables.withDefaults()));
        StatusVariables status = new StatusVariables(new StatusCounters(), System.currentTimeMillis(), () -> 1,
                () -> 1, null);
        context = new VirtualTableContext(catalog, session, () -> List.of(session), status, TableStatistics.NONE);
    }

    @AfterAll
    static void closeCatalog() {
        fixture.close();
    }

    @Test
    void everyColumnIsSentAsMariaDbSendsIt() throws IOException {
        List<String> lines = observedColumns();
        Set<String> tables = new HashSet<>();
        for (String line : lines) {
            String[] f = line.split("\\|", -1);
            tables.add(f[0]);
            TableDef def = InformationSchema.table(f[0]).orElseThrow().definition();
            ColumnDef column = def.column(f[1]).orElseThrow(() -> new AssertionError(f[0] + "." + f[1]));

            ColumnDefinition c = ColumnDefinitions.forColumn(InformationSchema.NAME, def.name(), def, column,
                    column.name());

            String actual = String.join("|", f[0], f[1], c.type().name(), Integer.toString(c.collationId()),
                    Long.toString(c.columnLength()), Integer.toString(c.decimals()), flagNames(c.flags()));
            assertThat(actual).isEqualTo(String.join("|", f[0], f[1], f[2], f[3], f[4], f[5], sorted(f[6])));
        }
        for (String table : tables) {
            List<String> expected = lines.stream().filter(l -> l.startsWith(table + "|"))
                    .map(l -> l.split("\\|")[1]).toList();
            assertThat(InformationSchema.table(table).orElseThrow().definition().columns())
                    .extracting(ColumnDef::name).containsExactlyElementsOf(expected);
        }
    }

    @Test
    void tablesAreFoundCaseInsensitivelyAndHaveDistinctNegativeIds() {
        assertThat(InformationSchema.tables()).extracting(VirtualTable::name).isSorted().contains("SCHEMATA",
                "TABLES", "COLUMNS", "STATISTICS", "ENGINES", "COLLATIONS", "CHARACTER_SETS",
                "COLLATION_CHARACTER_SET_APPLICABILITY", "KEY_COLUMN_USAGE", "TABLE_CONSTRAINTS", "PROCESSLIST",
                "SESSION_VARIABLES", "GLOBAL_VARIABLES", "SESSION_STATUS", "GLOBAL_STATUS", "ROUTINES", "VIEWS",
                "TRIGGERS", "PARTITIONS", "EVENTS");
        assertThat(InformationSchema.table("key_column_usage")).isPresent();
        assertThat(InformationSchema.table("nope")).isEmpty();
        List<TableDef> defs = InformationSchema.tables().stream().map(VirtualTable::definition).toList();
        assertThat(defs).allSatisfy(d -> {
            assertThat(d.id()).isNegative();
            assertThat(d.database()).isEqualTo("information_schema");
            assertThat(d.indexes()).isEmpty();
        });
        assertThat(defs.stream().map(TableDef::id).distinct().count()).isEqualTo(defs.size());
    }

    @Test
    void schemata() {
        assertThat(rows("SCHEMATA")).containsExactly(
                Arrays.asList("def", "information_schema", "utf8mb3", "utf8mb3_general_ci", null, ""),
                Arrays.asList("def", "d1", "utf8mb4", "utf8mb4_general_ci", null, ""),
                Arrays.asList("def", "other", "latin1", "latin1_swedish_ci", null, ""));
    }

    @Test
    void tablesListsCatalogAndSystemTables() {
        List<List<Object>> rows = rows("TABLES");
        List<Object> t2 = rows.stream().filter(r -> r.get(2).equals("t2")).findFirst().orElseThrow();
        assertThat(t2).containsExactly("def", "d1", "t2", "BASE TABLE", "Basalt", 10L, "Dynamic", 0L, 0L, 0L, 0L, 0L,
                0L, null, null, null, null, "utf8mb4_general_ci", null, "", "", 0L, "N");
        assertThat(rows).filteredOn(r -> r.get(1).equals("information_schema")).extracting(r -> r.get(3))
                .containsOnly("SYSTEM VIEW");
    }

    @Test
    void columnsAsMariaDbListsThem() {
        // select * from information_schema.columns where table_name='t_all' (MariaDB 10.11)
        assertThat(column("t_all", "id")).containsExactly("def", "d1", "t_all", "id", 1L, null, "NO", "int", null,
                null, 10L, 0L, null, null, null, "int(11)", "PRI", "auto_increment",
                "select,insert,update,references", "", "NEVER", null);
        assertThat(column("t_all", "tiu").subList(4, 18)).containsExactly(3L, "NULL", "YES", "tinyint", null, null,
                3L, 0L, null, null, null, "tinyint(3) unsigned", "", "");
        assertThat(facts("t_all", "biu")).containsExactly("bigint", null, null, 20L, 0L, null);
        assertThat(facts("t_all", "de")).containsExactly("decimal", null, null, 10L, 2L, null);
        assertThat(facts("t_all", "fl")).containsExactly("float", null, null, 12L, null, null);
        assertThat(facts("t_all", "fl2")).containsExactly("float", null, null, 7L, 3L, null);
        assertThat(facts("t_all", "dbl")).containsExactly("double", null, null, 22L, null, null);
        assertThat(facts("t_all", "c")).containsExactly("char", 10L, 40L, null, null, null);
        assertThat(facts("t_all", "bn")).containsExactly("binary", 8L, 8L, null, null, null);
        assertThat(facts("t_all", "tx")).containsExactly("text", 65_535L, 65_535L, null, null, null);
        assertThat(facts("t_all", "tt")).containsExactly("tinytext", 255L, 255L, null, null, null);
        assertThat(facts("t_all", "bl")).containsExactly("blob", 65_535L, 65_535L, null, null, null);
        assertThat(facts("t_all", "dt")).containsExactly("date", null, null, null, null, null);
        assertThat(facts("t_all", "tm")).containsExactly("time", null, null, null, null, 0L);
        assertThat(facts("t_all", "dtm6")).containsExactly("datetime", null, null, null, null, 6L);
        assertThat(facts("t_all", "yr")).containsExactly("year", null, null, null, null, null);
        assertThat(facts("t_all", "en")).containsExactly("enum", 3L, 12L, null, null, null);
        assertThat(facts("t_all", "js")).containsExactly("longtext", 4_294_967_295L, 4_294_967_295L, null, null,
                null);
        assertThat(column("t_all", "c").subList(13, 15)).containsExactly("utf8mb4", "utf8mb4_general_ci");
        assertThat(column("t_all", "vcb").subList(13, 15)).containsExactly("utf8mb4", "utf8mb4_bin");
    }

    @Test
    void columnDefaultsAreSqlExpressions() {
        // select column_name, column_default from information_schema.columns where table_name='t4' (MariaDB 10.11)
        List<Object> defaults = rows("COLUMNS").stream().filter(r -> r.get(2).equals("t4")).map(r -> r.get(5))
                .toList();
        assertThat(defaults).containsExactly("NULL", "'x''y'", "''", "1.50", null, "'2020-01-01 10:00:00.500'",
                "'q'", "NULL", "1000", "'NULL'");
        assertThat(column("t2", "g").get(5)).isEqualTo("current_timestamp()");
        assertThat(column("t2", "g").get(17)).isEqualTo("on update current_timestamp()");
    }

    @Test
    void statisticsConstraintsAndKeyColumns() {
        assertThat(rows("STATISTICS")).filteredOn(r -> r.get(2).equals("t2")).extracting(r -> r.get(5) + "."
                + r.get(6) + "." + r.get(7)).containsExactly("PRIMARY.1.a", "PRIMARY.2.b", "uc.1.c", "uc.2.d",
                "uf.1.f", "kd.1.d", "kd.2.e", "ke.1.e", "kl.1.l");
        // select * from information_schema.key_column_usage / table_constraints (MariaDB 10.11)
        assertThat(rows("KEY_COLUMN_USAGE")).filteredOn(r -> r.get(5).equals("t2")).containsExactly(
                Arrays.asList("def", "d1", "PRIMARY", "def", "d1", "t2", "a", 1L, null, null, null, null),
                Arrays.asList("def", "d1", "PRIMARY", "def", "d1", "t2", "b", 2L, null, null, null, null),
                Arrays.asList("def", "d1", "uc", "def", "d1", "t2", "c", 1L, null, null, null, null),
                Arrays.asList("def", "d1", "uc", "def", "d1", "t2", "d", 2L, null, null, null, null),
                Arrays.asList("def", "d1", "uf", "def", "d1", "t2", "f", 1L, null, null, null, null));
        assertThat(rows("TABLE_CONSTRAINTS")).filteredOn(r -> r.get(4).equals("t2")).containsExactly(
                List.of("def", "d1", "PRIMARY", "d1", "t2", "PRIMARY KEY"),
                List.of("def", "d1", "uc", "d1", "t2", "UNIQUE"),
                List.of("def", "d1", "uf", "d1", "t2", "UNIQUE"));
    }

    @Test
    void variablesAndStatusHaveUpperCaseNames() {
        session.variables().set("auto_increment_offset", 2L);
        assertThat(rows("SESSION_VARIABLES")).contains(List.of("AUTO_INCREMENT_OFFSET", "2"),
                List.of("AUTOCOMMIT", "ON"), List.of("TX_ISOLATION", "REPEATABLE-READ"));
        assertThat(rows("GLOBAL_VARIABLES")).contains(List.of("AUTO_INCREMENT_OFFSET", "1"))
                .noneMatch(r -> r.get(0).equals("TIMESTAMP"));
        assertThat(rows("GLOBAL_STATUS")).contains(List.of("THREADS_CONNECTED", "1"));
        assertThat(rows("SESSION_STATUS")).extracting(r -> r.get(0)).contains("UPTIME", "COM_SELECT");
    }

    @Test
    void processlist() {
        List<Object> row = rows("PROCESSLIST").get(0);
        assertThat(row.subList(0, 5)).containsExactly(3L, "root", "localhost", null, "Sleep");
        assertThat(row.subList(6, 8)).containsExactly("", null);
        assertThat((Long) row.get(5)).isNotNegative();
        assertThat(row).hasSize(18);
    }

    @Test
    void charsetsCollationsEnginesAndEmptyTables() {
        assertThat(rows("CHARACTER_SETS")).contains(List.of("utf8mb4", "utf8mb4_general_ci", "UTF-8 Unicode", 4L));
        assertThat(rows("COLLATIONS")).contains(List.of("utf8mb4_general_ci", "utf8mb4", 45L, "Yes", "Yes", 1L),
                List.of("utf8mb4_0900_ai_ci", "utf8mb4", 255L, "", "Yes", 8L));
        assertThat(rows("COLLATION_CHARACTER_SET_APPLICABILITY"))
                .contains(List.of("latin1_bin", "latin1", "latin1_bin", 47L, ""));
        assertThat(rows("ENGINES")).extracting(r -> r.get(0)).containsExactly("Basalt");
        for (String empty : List.of("ROUTINES", "VIEWS", "TRIGGERS", "PARTITIONS", "EVENTS")) {
            assertThat(rows(empty)).isEmpty();
        }
    }

    @Test
    void rowsMatchTheirDefinitions() {
        for (VirtualTable table : InformationSchema.tables()) {
            for (Object[] row : table.rows(context)) {
                assertThat(row).as(table.name()).hasSize(table.definition().columns().size());
                for (int i = 0; i < row.length; i++) {
                    ColumnDef c = table.definition().columns().get(i);
                    if (!c.nullable()) {
                        assertThat(row[i]).as(table.name() + "." + c.name()).isNotNull();
                    }
                }
            }
        }
    }

    private static List<List<Object>> rows(String table) {
        return InformationSchema.table(table).orElseThrow().rows(context).stream().map(Arrays::asList).toList();
    }

    private static List<Object> column(String table, String column) {
        return rows("COLUMNS").stream().filter(r -> r.get(2).equals(table) && r.get(3).equals(column)).findFirst()
                .orElseThrow();
    }

    /** DATA_TYPE, CHARACTER_MAXIMUM_LENGTH, CHARACTER_OCTET_LENGTH, NUMERIC_PRECISION, NUMERIC_SCALE, DATETIME_PRECISION. */
    private static List<Object> facts(String table, String column) {
        return column(table, column).subList(7, 13);
    }

    private static List<String> observedColumns() throws IOException {
        List<String> lines = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Objects.requireNonNull(
                InformationSchemaTest.class.getResourceAsStream("mariadb-information-schema-columns.txt")),
                StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.startsWith("#") && !line.isBlank()) {
                    lines.add(line);
                }
            }
        }
        return lines;
    }

    private static String flagNames(int flags) {
        return FLAGS.entrySet().stream().filter(e -> (flags & e.getValue()) != 0).map(Map.Entry::getKey).sorted()
                .reduce((a, b) -> a + " " + b).orElse("");
    }

    private static String sorted(String names) {
        return Arrays.stream(names.trim().split("\\s+")).filter(s -> !s.isEmpty()).sorted()
                .reduce((a, b) -> a + " " + b).orElse("");
    }
}
