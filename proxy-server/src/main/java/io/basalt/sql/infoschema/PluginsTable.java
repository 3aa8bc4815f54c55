package io.basalt.sql.infoschema;

import io.basalt.sql.catalog.TableDef;

import java.util.List;

import static io.basalt.sql.infoschema.VirtualTableBuilder.text;
import static io.basalt.sql.infoschema.VirtualTableBuilder.varchar;

/** information_schema.PLUGINS, also the source of SHOW PLUGINS: the authentication plugins and the storage engine. */
final class PluginsTable implements VirtualTable {
    static final TableDef DEFINITION = new VirtualTableBuilder(InformationSchema.NAME, "PLUGINS", -12)
            .col("PLUGIN_NAME", varchar(64))
            .col("PLUGIN_VERSION", varchar(20))
            .col("PLUGIN_STATUS", varchar(16))
            .col("PLUGIN_TYPE", varchar(80))
            .col("PLUGIN_TYPE_VERSION", varchar(20))
            .nullable("PLUGIN_LIBRARY", varchar(64))
            .nullable("PLUGIN_LIBRARY_VERSION", varchar(20))
            .nullable("PLUGIN_AUTHOR", varchar(64))
            .nullable("PLUGIN_DESCRIPTION", text(196605))
            .col("PLUGIN_LICENSE", varchar(80))
            .col("LOAD_OPTION", varchar(64))
            .col("PLUGIN_MATURITY", varchar(12))
            .nullable("PLUGIN_AUTH_VERSION", varchar(80))
            .build();

    static final List<Object[]> PLUGIN_ROWS = List.of(
            plugin("mysql_native_password", "AUTHENTICATION", "Native MySQL authentication"),
            plugin("caching_sha2_password", "AUTHENTICATION", "SHA-256 authentication, fast path only"),
            plugin(EnginesTable.ENGINE, "STORAGE ENGINE", "Percolator transactions over sharded RocksDB"));

    @Override
    public TableDef definition() {
        return DEFINITION;
    }

    @Override
    public List<Object[]> rows(VirtualTableContext context) {
        return PLUGIN_ROWS;
    }

    private static Object[] plugin(String name, String type, String description) {
        return new Object[] {name, "1.0", "ACTIVE", type, "1.0", null, null, "Basalt", description, "Apache-2.0",
            "ON", "Stable", "1.0"};
    }
}
