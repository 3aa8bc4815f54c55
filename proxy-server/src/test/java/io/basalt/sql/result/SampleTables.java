package io.basalt.sql.result;

import io.basalt.sql.catalog.ColumnDef;
import io.basalt.sql.catalog.DefaultValue;
import io.basalt.sql.catalog.IndexDef;
import io.basalt.sql.catalog.TableDef;
import io.basalt.sql.type.SqlType;
import io.basalt.sql.type.TypeKind;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Hand-built copies of the tables the expectations were observed on (MariaDB 10.11.18, character_set_results
 * utf8mb4):
 * <pre>
 * create table t_all (id int not null auto_increment primary key, ti tinyint, tiu tinyint unsigned,
 *   si smallint, siu smallint unsigned not null default 0, mi mediumint, miu mediumint unsigned, i int,
 *   iu int unsigned, bi bigint, biu bigint unsigned, b bool, de decimal(10,2), deu decimal(10,2) unsigned,
 *   de0 decimal(5,0), ded decimal, fl float, dbl double, fl2 float(7,3), db2 double(10,4), c char(10),
 *   vc varchar(100) not null, vcb varchar(20) collate utf8mb4_bin, bn binary(8), vb varbinary(50), tt tinytext,
 *   tx text, mt mediumtext, lt longtext, tb tinyblob, bl blob, mb mediumblob, lb longblob, dt date, tm time,
 *   tm3 time(3), dtm datetime, dtm6 datetime(6), ts timestamp null, ts3 timestamp(3) null, yr year,
 *   en enum('a','bb','ccc'), js json, u1 int not null, uk int, k int,
 *   unique key (u1), unique key (uk), key (k), key (vc));
 * create table t2 (a int not null, b int not null, c int, d int, e int, f varchar(10),
 *   g timestamp not null default current_timestamp on update current_timestamp,
 *   h timestamp(3) not null default current_timestamp(3), i int not null default 5, j datetime not null,
 *   k text not null, l int, primary key (a,b), unique key uc (c,d), key kd (d,e), key ke (e),
 *   unique key uf (f(5)), key kl (l));
 * create table t3 (a timestamp not null default '2000-01-01 00:00:00', b timestamp null default current_timestamp,
 *   c datetime default current_timestamp on update current_timestamp,
 *   d datetime(2) not null default current_timestamp(2), id bigint unsigned not null auto_increment primary key);
 * </pre>
 */
public final class SampleTables {
    public static final String DB = "d1";

    private SampleTables() {
    }

    public static TableDef tAll() {
        Builder b = new Builder(101, "t_all");
        int id = b.col("id", SqlType.INT, false, DefaultValue.NONE, true, false);
        b.col("ti", SqlType.of(TypeKind.TINYINT));
        b.col("tiu", SqlType.of(TypeKind.TINYINT).withUnsigned(true));
        b.col("si", SqlType.of(TypeKind.SMALLINT));
        b.col("siu", SqlType.of(TypeKind.SMALLINT).withUnsigned(true), false, new DefaultValue.Constant(0L),
                false, false);
        b.col("mi", SqlType.of(TypeKind.MEDIUMINT));
        b.col("miu", SqlType.of(TypeKind.MEDIUMINT).withUnsigned(true));
        b.col("i", SqlType.INT);
        b.col("iu", SqlType.INT.withUnsigned(true));
        b.col("bi", SqlType.BIGINT);
        b.col("biu", SqlType.BIGINT_UNSIGNED);
        b.col("b", SqlType.of(TypeKind.TINYINT).withLength(1));
        b.col("de", SqlType.decimal(10, 2));
        b.col("deu", SqlType.decimal(10, 2).withUnsigned(true));
        b.col("de0", SqlType.decimal(5, 0));
        b.col("ded", SqlType.of(TypeKind.DECIMAL));
        b.col("fl", SqlType.of(TypeKind.FLOAT));
        b.col("dbl", SqlType.DOUBLE);
        b.col("fl2", new SqlType(TypeKind.FLOAT, 0, 7, 3, false, List.of()));
        b.col("db2", new SqlType(TypeKind.DOUBLE, 0, 10, 4, false, List.of()));
        b.col("c", SqlType.of(TypeKind.CHAR).withLength(10));
        int vc = b.col("vc", SqlType.varchar(100), false, DefaultValue.NONE, false, false);
        b.columns.add(new ColumnDef(b.columns.size(), "vcb", SqlType.varchar(20), true, DefaultValue.NONE, false,
                false, "", "utf8mb4_bin", null));
        b.col("bn", SqlType.of(TypeKind.BINARY).withLength(8));
        b.col("vb", new SqlType(TypeKind.VARBINARY, 50, 0, 0, false, List.of()));
        b.col("tt", SqlType.of(TypeKind.TINYTEXT));
        b.col("tx", SqlType.of(TypeKind.TEXT));
        b.col("mt", SqlType.of(TypeKind.MEDIUMTEXT));
        b.col("lt", SqlType.LONGTEXT);
        b.col("tb", SqlType.of(TypeKind.TINYBLOB));
        b.col("bl", SqlType.of(TypeKind.BLOB));
        b.col("mb", SqlType.of(TypeKind.MEDIUMBLOB));
        b.col("lb", SqlType.LONGBLOB);
        b.col("dt", SqlType.DATE);
        b.col("tm", SqlType.TIME);
        b.col("tm3", SqlType.temporal(TypeKind.TIME, 3));
        b.col("dtm", SqlType.DATETIME);
        b.col("dtm6", SqlType.temporal(TypeKind.DATETIME, 6));
        b.col("ts", SqlType.temporal(TypeKind.TIMESTAMP, 0));
        b.col("ts3", SqlType.temporal(TypeKind.TIMESTAMP, 3));
        b.col("yr", SqlType.of(TypeKind.YEAR));
        b.col("en", new SqlType(TypeKind.ENUM, 0, 0, 0, false, List.of("a", "bb", "ccc")));
        b.col("js", SqlType.JSON);
        int u1 = b.col("u1", SqlType.INT, false, DefaultValue.NONE, false, false);
        int uk = b.col("uk", SqlType.INT);
        int k = b.col("k", SqlType.INT);
        b.index("PRIMARY", IndexDef.Kind.PRIMARY, id);
        b.index("u1", IndexDef.Kind.UNIQUE, u1);
        b.index("uk", IndexDef.Kind.UNIQUE, uk);
        b.index("k", IndexDef.Kind.SECONDARY, k);
        b.index("vc", IndexDef.Kind.SECONDARY, vc);
        return b.build(id);
    }

    public static TableDef t2() {
        Builder b = new Builder(102, "t2");
        int a = b.col("a", SqlType.INT, false, DefaultValue.NONE, false, false);
        int bb = b.col("b", SqlType.INT, false, DefaultValue.NONE, false, false);
        int c = b.col("c", SqlType.INT);
        int d = b.col("d", SqlType.INT);
        int e = b.col("e", SqlType.INT);
        int f = b.col("f", SqlType.varchar(10));
        b.col("g", SqlType.temporal(TypeKind.TIMESTAMP, 0), false, new DefaultValue.CurrentTimestamp(0), false,
                true);
        b.col("h", SqlType.temporal(TypeKind.TIMESTAMP, 3), false, new DefaultValue.CurrentTimestamp(3), false,
                false);
        b.col("i", SqlType.INT, false, new DefaultValue.Constant(5L), false, false);
        b.col("j", SqlType.DATETIME, false, DefaultValue.NONE, false, false);
        b.col("k", SqlType.of(TypeKind.TEXT), false, DefaultValue.NONE, false, false);
        int l = b.col("l", SqlType.INT);
        b.index("PRIMARY", IndexDef.Kind.PRIMARY, a, bb);
        b.index("uc", IndexDef.Kind.UNIQUE, c, d);
        b.prefixIndex("uf", IndexDef.Kind.UNIQUE, f, 5);
        b.index("kd", IndexDef.Kind.SECONDARY, d, e);
        b.index("ke", IndexDef.Kind.SECONDARY, e);
        b.index("kl", IndexDef.Kind.SECONDARY, l);
        return b.build(-1);
    }

    public static TableDef t3() {
        Builder b = new Builder(103, "t3");
        b.col("a", SqlType.temporal(TypeKind.TIMESTAMP, 0), false,
                new DefaultValue.Constant(LocalDateTime.of(2000, 1, 1, 0, 0)), false, false);
        b.col("b", SqlType.temporal(TypeKind.TIMESTAMP, 0), true, new DefaultValue.CurrentTimestamp(0), false,
                false);
        b.col("c", SqlType.DATETIME, true, new DefaultValue.CurrentTimestamp(0), false, true);
        b.col("d", SqlType.temporal(TypeKind.DATETIME, 2), false, new DefaultValue.CurrentTimestamp(2), false,
                false);
        int id = b.col("id", SqlType.BIGINT_UNSIGNED, false, DefaultValue.NONE, true, false);
        b.index("PRIMARY", IndexDef.Kind.PRIMARY, id);
        return b.build(id);
    }

    /**
     * <pre>
     * create table t4 (a int, b varchar(5) default 'x''y', c char(3) not null default '',
     *   d decimal(5,2) default 1.5, e int not null, f datetime(3) default '2020-01-01 10:00:00.5',
     *   g enum('p','q') not null default 'q', h int default null, i double default 1e3, k varchar(4) default 'NULL')
     * </pre>
     */
    public static TableDef t4() {
        Builder b = new Builder(104, "t4");
        b.col("a", SqlType.INT);
        b.col("b", SqlType.varchar(5), true, new DefaultValue.Constant("x'y"), false, false);
        b.col("c", SqlType.of(TypeKind.CHAR).withLength(3), false, new DefaultValue.Constant(""), false, false);
        b.col("d", SqlType.decimal(5, 2), true, new DefaultValue.Constant(new BigDecimal("1.5")), false, false);
        b.col("e", SqlType.INT, false, DefaultValue.NONE, false, false);
        b.col("f", SqlType.temporal(TypeKind.DATETIME, 3), true,
                new DefaultValue.Constant(LocalDateTime.of(2020, 1, 1, 10, 0, 0, 500_000_000)), false, false);
        b.col("g", new SqlType(TypeKind.ENUM, 0, 0, 0, false, List.of("p", "q")), false,
                new DefaultValue.Constant("q"), false, false);
        b.col("h", SqlType.INT, true, new DefaultValue.Constant(null), false, false);
        b.col("i", SqlType.DOUBLE, true, new DefaultValue.Constant(1000.0), false, false);
        b.col("k", SqlType.varchar(4), true, new DefaultValue.Constant("NULL"), false, false);
        return b.build(-1);
    }

    /** Collects columns and indexes of one table. */
    private static final class Builder {
        private final long tableId;
        private final String name;
        private final List<ColumnDef> columns = new ArrayList<>();
        private final List<IndexDef> indexes = new ArrayList<>();

        Builder(long tableId, String name) {
            this.tableId = tableId;
            this.name = name;
        }

        int col(String column, SqlType type) {
            return col(column, type, true, DefaultValue.NONE, false, false);
        }

        int col(String column, SqlType type, boolean nullable, DefaultValue dflt, boolean autoIncrement,
                boolean onUpdateNow) {
            int id = columns.size();
            columns.add(new ColumnDef(id, column, type, nullable, dflt, autoIncrement, onUpdateNow, ""));
            return id;
        }

        void index(String indexName, IndexDef.Kind kind, int... columnIds) {
            List<IndexDef.KeyPart> parts = new ArrayList<>();
            for (int c : columnIds) {
                parts.add(new IndexDef.KeyPart(c, 0));
            }
            indexes.add(new IndexDef(indexes.size() + 1, indexName, kind, parts));
        }

        void prefixIndex(String indexName, IndexDef.Kind kind, int columnId, int prefix) {
            indexes.add(new IndexDef(indexes.size() + 1, indexName, kind,
                    List.of(new IndexDef.KeyPart(columnId, prefix))));
        }

        TableDef build(int handleColumnId) {
            return new TableDef(tableId, DB, name, columns, indexes, handleColumnId, columns.size(),
                    indexes.size() + 1, "");
        }
    }
}
