-- INSERT: column lists, multi-row, DEFAULT, INSERT ... SELECT, IGNORE, ON DUPLICATE KEY UPDATE, REPLACE,
-- auto-increment (0/NULL generate, LAST_INSERT_ID()), unique checks.
CREATE DATABASE corpus_insert;
USE corpus_insert;

CREATE TABLE t (
  id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(20) NOT NULL,
  qty INT NOT NULL DEFAULT 1,
  note VARCHAR(20) DEFAULT 'none'
);
INSERT INTO t (name) VALUES ('apple');
INSERT INTO t (name, qty) VALUES ('banana', 2), ('cherry', 3), ('date', 4);
SELECT LAST_INSERT_ID();
INSERT INTO t VALUES (NULL, 'elder', 5, 'x');
INSERT INTO t VALUES (0, 'fig', 6, 'y');
INSERT INTO t (id, name) VALUES (10, 'grape');
SELECT LAST_INSERT_ID();
INSERT INTO t (name) VALUES ('honeydew');
INSERT INTO t (name, qty, note) VALUES ('kiwi', DEFAULT, DEFAULT);
INSERT INTO t (name, note) VALUES ('lime', NULL);
INSERT INTO t () VALUES ();
INSERT INTO t SET name = 'lemon', qty = 7;
INSERT INTO t VALUES (DEFAULT, 'mango', 8, DEFAULT);
SELECT * FROM t ORDER BY id;
SELECT LAST_INSERT_ID(), LAST_INSERT_ID() + 1;
SELECT LAST_INSERT_ID(42);
SELECT LAST_INSERT_ID();
INSERT INTO t (name, qty) VALUES (NULL, 1);
INSERT INTO t (name, qty) VALUES ('p', 1), ('q');
INSERT INTO t (name, qty) VALUES ('p', 1, 2);
INSERT INTO t (nosuch) VALUES (1);
INSERT INTO t (name, qty) VALUES ('quince', 'abc');
INSERT INTO nosuch VALUES (1);

CREATE TABLE u (
  id INT NOT NULL PRIMARY KEY,
  code VARCHAR(10) NOT NULL,
  qty INT NOT NULL DEFAULT 0,
  note VARCHAR(20),
  UNIQUE KEY uk_code (code)
);
INSERT INTO u (id, code, qty) VALUES (1, 'a', 1), (2, 'b', 2), (3, 'c', 3);
INSERT INTO u (id, code) VALUES (4, 'a');
INSERT INTO u (id, code) VALUES (1, 'zzz');
INSERT INTO u (id, code) VALUES (4, 'A');
INSERT INTO u (id, code) VALUES (4, 'a ');
INSERT INTO u (id, code) VALUES (5, 'e'), (6, 'f'), (5, 'g');
SELECT COUNT(*) FROM u;
INSERT IGNORE INTO u (id, code) VALUES (4, 'a');
SHOW WARNINGS;
INSERT IGNORE INTO u (id, code, qty) VALUES (4, 'd', 4), (5, 'b', 9), (6, 'e', 6), (1, 'x', 1);
SELECT id, code, qty FROM u ORDER BY id;
INSERT INTO u (id, code, qty) VALUES (1, 'a', 100) ON DUPLICATE KEY UPDATE qty = qty + VALUES(qty);
SELECT id, code, qty FROM u WHERE id = 1;
INSERT INTO u (id, code, qty) VALUES (1, 'a', 0) ON DUPLICATE KEY UPDATE qty = qty;
INSERT INTO u (id, code, qty) VALUES (7, 'g', 3), (20, 'b', 5)
  ON DUPLICATE KEY UPDATE qty = VALUES(qty) * 10, note = 'dup';
SELECT id, code, qty, note FROM u ORDER BY id;
INSERT INTO u (id, code) VALUES (8, 'h') ON DUPLICATE KEY UPDATE code = 'never';
INSERT INTO u (id, code) VALUES (8, 'zz') ON DUPLICATE KEY UPDATE code = 'c';
SELECT id, code FROM u WHERE id = 8;

CREATE TABLE u_copy (id INT PRIMARY KEY, code VARCHAR(10), qty INT);
INSERT INTO u_copy SELECT id, code, qty FROM u WHERE qty >= 5;
INSERT INTO u_copy (id, code) SELECT id + 100, UPPER(code) FROM u WHERE id < 3;
INSERT INTO u_copy (id, code, qty) SELECT id + 200, code, qty FROM u ORDER BY id LIMIT 2;
SELECT * FROM u_copy ORDER BY id;
INSERT INTO u_copy (id, code, qty) VALUES (1000, 'a', 1), (1000, 'b', 2);
SELECT COUNT(*) FROM u_copy WHERE id = 1000;
INSERT INTO u_copy SELECT id, code, qty FROM u;
SELECT COUNT(*) FROM u_copy;

REPLACE INTO u (id, code, qty) VALUES (1, 'a', 50);
REPLACE INTO u (id, code, qty) VALUES (30, 'new', 1);
REPLACE INTO u (id, code, qty) VALUES (2, 'c', 1);
REPLACE INTO u VALUES (31, 'r1', 1, NULL), (32, 'r2', 2, NULL);
SELECT id, code, qty FROM u ORDER BY id;

CREATE TABLE ai (id BIGINT UNSIGNED AUTO_INCREMENT, v INT, PRIMARY KEY (id)) AUTO_INCREMENT = 1000;
INSERT INTO ai (v) VALUES (1), (2), (3);
SELECT id, v FROM ai ORDER BY id;
INSERT INTO ai (id, v) VALUES (5000, 4);
INSERT INTO ai (v) VALUES (5);
INSERT INTO ai (id, v) VALUES (NULL, 6), (0, 7);
SELECT id, v FROM ai ORDER BY id;
SELECT MAX(id), LAST_INSERT_ID() FROM ai;

DROP DATABASE corpus_insert;
