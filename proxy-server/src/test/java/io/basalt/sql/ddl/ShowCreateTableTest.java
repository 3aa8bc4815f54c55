package io.basalt.sql.ddl;

import static org.assertj.core.api.Assertions.assertThat;

import io.basalt.sql.catalog.TableDef;
import org.junit.jupiter.api.Test;

/** Expected texts are MariaDB 10.11's SHOW CREATE TABLE output for the same statements, with ENGINE=Basalt. */
class ShowCreateTableTest extends DdlTestBase {

    private String show(String table) {
        TableDef t = table(table);
        return ShowCreateTable.render(t, catalog.autoIncrement().peekNext(t));
    }

    @Test
    void sysbenchTable() {
        exec("CREATE TABLE sbtest1(\n  id INTEGER NOT NULL AUTO_INCREMENT,\n  k INTEGER DEFAULT '0' NOT NULL,\n"
                + "  c CHAR(120) DEFAULT '' NOT NULL,\n  pad CHAR(60) DEFAULT '' NOT NULL,\n  PRIMARY KEY (id)\n) ");
        exec("CREATE INDEX k_1 ON sbtest1(k)");
        assertThat(show("sbtest1")).isEqualTo("""
                CREATE TABLE `sbtest1` (
                  `id` int(11) NOT NULL AUTO_INCREMENT,
                  `k` int(11) NOT NULL DEFAULT 0,
                  `c` char(120) NOT NULL DEFAULT '',
                  `pad` char(60) NOT NULL DEFAULT '',
                  PRIMARY KEY (`id`),
                  KEY `k_1` (`k`)
                ) ENGINE=Basalt DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci""");
    }

    @Test
    void everyType() {
        exec("create table alltypes (\n"
                + " a tinyint, b smallint unsigned, c mediumint not null default 5, d int(5), e bigint unsigned not"
                + " null default 18446744073709551615,\n"
                + " f decimal(10,2) default 1.5, g decimal, h float, i double default 2.5e10, j float(7,3), k"
                + " double(10,2) default -0.25,\n"
                + " l char(10) default 'x', m varchar(255) collate utf8mb4_bin, n binary(4) default 'a', o"
                + " varbinary(10) default 'ab',\n"
                + " p tinytext, q text, r mediumtext, s longtext default 'it''s \\\\ a\\ntest', t tinyblob, u blob,"
                + " v mediumblob, w longblob,\n"
                + " x date default '2020-01-02', y time(3) default '-01:02:03.5', z datetime(6) default"
                + " current_timestamp(6) on update current_timestamp(6),\n"
                + " aa timestamp not null default current_timestamp, ab year default 2024, ac enum('a','b''c') default"
                + " 'a', ad json, ae bool default true,\n"
                + " af varchar(20) comment 'hi''there', ag timestamp null, ah datetime not null, ai int auto_increment,"
                + " aj float default 0.1,\n"
                + " ak char(5) character set latin1, al text, \n"
                + " unique key uk (m(10), l), key (ai), key k2 (l), primary key (ah, ai), unique key (al)\n"
                + ") comment='tbl cmt' auto_increment=100");
        assertThat(show("alltypes")).isEqualTo("""
                CREATE TABLE `alltypes` (
                  `a` tinyint(4) DEFAULT NULL,
                  `b` smallint(5) unsigned DEFAULT NULL,
                  `c` mediumint(9) NOT NULL DEFAULT 5,
                  `d` int(5) DEFAULT NULL,
                  `e` bigint(20) unsigned NOT NULL DEFAULT 18446744073709551615,
                  `f` decimal(10,2) DEFAULT 1.50,
                  `g` decimal(10,0) DEFAULT NULL,
                  `h` float DEFAULT NULL,
                  `i` double DEFAULT 25000000000,
                  `j` float(7,3) DEFAULT NULL,
                  `k` double(10,2) DEFAULT -0.25,
                  `l` char(10) DEFAULT 'x',
                  `m` varchar(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL,
                  `n` binary(4) DEFAULT 'a\\0\\0\\0',
                  `o` varbinary(10) DEFAULT 'ab',
                  `p` tinytext DEFAULT NULL,
                  `q` text DEFAULT NULL,
                  `r` mediumtext DEFAULT NULL,
                  `s` longtext DEFAULT 'it\\'s \\\\ a\\ntest',
                  `t` tinyblob DEFAULT NULL,
                  `u` blob DEFAULT NULL,
                  `v` mediumblob DEFAULT NULL,
                  `w` longblob DEFAULT NULL,
                  `x` date DEFAULT '2020-01-02',
                  `y` time(3) DEFAULT '-01:02:03.500',
                  `z` datetime(6) DEFAULT current_timestamp(6) ON UPDATE current_timestamp(6),
                  `aa` timestamp NOT NULL DEFAULT current_timestamp(),
                  `ab` year(4) DEFAULT 2024,
                  `ac` enum('a','b''c') DEFAULT 'a',
                  `ad` longtext CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT NULL CHECK (json_valid(`ad`)),
                  `ae` tinyint(1) DEFAULT 1,
                  `af` varchar(20) DEFAULT NULL COMMENT 'hi''there',
                  `ag` timestamp NULL DEFAULT NULL,
                  `ah` datetime NOT NULL,
                  `ai` int(11) NOT NULL AUTO_INCREMENT,
                  `aj` float DEFAULT 0.1,
                  `ak` char(5) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT NULL,
                  `al` text DEFAULT NULL,
                  PRIMARY KEY (`ah`,`ai`),
                  UNIQUE KEY `uk` (`m`(10),`l`),
                  UNIQUE KEY `al` (`al`) USING HASH,
                  KEY `ai` (`ai`),
                  KEY `k2` (`l`)
                ) ENGINE=Basalt AUTO_INCREMENT=100 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci COMMENT='tbl cmt'\
                """);
    }

    @Test
    void keyOrderFollowsMariaDb() {
        exec("create table t5 (a int, b int not null, c int, key(c), unique(a), unique(b), primary key (c))");
        assertThat(show("t5")).isEqualTo("""
                CREATE TABLE `t5` (
                  `a` int(11) DEFAULT NULL,
                  `b` int(11) NOT NULL,
                  `c` int(11) NOT NULL,
                  PRIMARY KEY (`c`),
                  UNIQUE KEY `b` (`b`),
                  UNIQUE KEY `a` (`a`),
                  KEY `c` (`c`)
                ) ENGINE=Basalt DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci""");
        exec("create table t7 (a varchar(10), b text, key(a(5)), key(b(10)), key (b(10),a))");
        assertThat(show("t7")).isEqualTo("""
                CREATE TABLE `t7` (
                  `a` varchar(10) DEFAULT NULL,
                  `b` text DEFAULT NULL,
                  KEY `a` (`a`(5)),
                  KEY `b` (`b`(10)),
                  KEY `b_2` (`b`(10),`a`)
                ) ENGINE=Basalt DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci""");
    }

    @Test
    void autoIncrementIsShownFromTheAllocator() {
        exec("create table t4 (id int unsigned not null auto_increment primary key) auto_increment=5");
        assertThat(show("t4")).contains(") ENGINE=Basalt AUTO_INCREMENT=5 DEFAULT").contains("`id` int(10) unsigned");
        catalog.autoIncrement().next(table("t4"));
        assertThat(show("t4")).contains("AUTO_INCREMENT=6 ");
        exec("create table plain (id int)");
        assertThat(show("plain")).doesNotContain("AUTO_INCREMENT");
    }

    @Test
    void defaultCurrentTimestampTakesTheColumnPrecision() {
        exec("create table a3 (a datetime(6) default current_timestamp, b datetime default current_timestamp(6),"
                + " c timestamp(3) default current_timestamp(2))");
        assertThat(show("a3")).isEqualTo("""
                CREATE TABLE `a3` (
                  `a` datetime(6) DEFAULT current_timestamp(6),
                  `b` datetime DEFAULT current_timestamp(),
                  `c` timestamp(3) NULL DEFAULT current_timestamp(2)
                ) ENGINE=Basalt DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci""");
    }
}
