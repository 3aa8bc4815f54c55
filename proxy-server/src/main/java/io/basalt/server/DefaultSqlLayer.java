package io.basalt.server;

import io.basalt.session.SessionRegistry;
import io.basalt.sql.binlog.SqlBinlog;
import io.basalt.sql.catalog.Catalog;
import io.basalt.sql.engine.BasaltSqlEngine;
import io.basalt.sql.sysvar.SystemVariables;
import io.basalt.storage.TxnStore;
import io.micrometer.core.instrument.MeterRegistry;

/** The production SQL layer: the catalog persisted in the store and the Calcite-based engine over both. */
final class DefaultSqlLayer {

    private DefaultSqlLayer() {
    }

    static BasaltServer.SqlLayer open(TxnStore store, SystemVariables globals, SessionRegistry sessions,
                                      MeterRegistry meters, String serverVersion, SqlBinlog binlog) {
        Catalog catalog = Catalog.open(store, meters);
        try {
            return new BasaltServer.SqlLayer(
                    new BasaltSqlEngine(store, catalog, globals, sessions, meters, serverVersion, binlog), catalog);
        } catch (RuntimeException e) {
            catalog.close();
            throw e;
        }
    }
}
