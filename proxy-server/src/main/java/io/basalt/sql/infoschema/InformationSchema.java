package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.CatalogSnapshot;
import io.basalt.sql.catalog.DatabaseDef;
import io.basalt.sql.catalog.TableDef;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The information_schema database: its virtual tables by name (case-insensitive, as MariaDB matches
 * information_schema names), and the database itself as SHOW DATABASES and SCHEMATA list it. Immutable.
 */
public final class InformationSchema {
    public static final String NAME = "information_schema";
    /** TABLE_CATALOG of every row. */
    public static final String CATALOG = "def";
    /** The character set and collation information_schema reports for itself (utf8mb3, as MariaDB). */
    public static final String CHARSET = "utf8mb3";
    public static final String COLLATION = "utf8mb3_general_ci";
    public static final DatabaseDef DATABASE = new DatabaseDef(NAME, CHARSET, COLLATION);

    private static final List<VirtualTable> TABLES = List.of(
            new CharacterSetsTable(),
            new CollationApplicabilityTable(),
            new CollationsTable(),
            new ColumnsTable(),
            new EnginesTable(),
            new EventsTable(),
            new VariablesTable("GLOBAL_VARIABLES", -13, true),
            new StatusTable("GLOBAL_STATUS", -14),
            new KeyColumnUsageTable(),
            new PartitionsTable(),
            new PluginsTable(),
            new ProcesslistTable(),
            new RoutinesTable(),
            new SchemataTable(),
            new VariablesTable("SESSION_VARIABLES", -15, false),
            new StatusTable("SESSION_STATUS", -16),
            new StatisticsTable(),
            new TablesTable(),
            new TableConstraintsTable(),
            new TriggersTable(),
            new ViewsTable());

    private static final Map<String, VirtualTable> BY_NAME = TABLES.stream()
            .collect(Collectors.toUnmodifiableMap(t -> t.name().toUpperCase(Locale.ROOT), Function.identity()));

    private InformationSchema() {
    }

    /** Every table, sorted by name. */
    public static List<VirtualTable> tables() {
        return TABLES.stream().sorted(Comparator.comparing(VirtualTable::name)).toList();
    }

    /** The table with this name, matched case-insensitively. */
    public static Optional<VirtualTable> table(String name) {
        return Optional.ofNullable(BY_NAME.get(name.toUpperCase(Locale.ROOT)));
    }

    public static boolean isInformationSchema(String database) {
        return database != null && database.equalsIgnoreCase(NAME);
    }

    /** information_schema followed by the catalog's databases. */
    public static List<DatabaseDef> databases(CatalogSnapshot catalog) {
        List<DatabaseDef> all = new ArrayList<>();
        all.add(DATABASE);
        all.addAll(catalog.databases());
        return all;
    }

    /** The tables of one database; information_schema's are its virtual tables. */
    public static List<TableDef> tables(CatalogSnapshot catalog, String database) {
        if (isInformationSchema(database)) {
            return tables().stream().map(VirtualTable::definition).toList();
        }
        return catalog.tables(database);
    }

    /** information_schema's tables followed by every table of the catalog. */
    public static List<TableDef> allTables(CatalogSnapshot catalog) {
        List<TableDef> all = new ArrayList<>(tables(catalog, NAME));
        all.addAll(catalog.allTables());
        return all;
    }
}
