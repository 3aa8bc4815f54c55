-- Transactions on one connection: autocommit, BEGIN/START TRANSACTION variants, COMMIT, ROLLBACK, savepoints,
-- locking reads, statement atomicity, implicit commits.
CREATE DATABASE corpus_transactions;
USE corpus_transactions;

CREATE TABLE acct (id INT PRIMARY KEY, owner VARCHAR(10), balance INT NOT NULL);
INSERT INTO acct VALUES (1, 'ann', 100), (2, 'bob', 50);
BEGIN;
UPDATE acct SET balance = balance - 30 WHERE id = 1;
UPDATE acct SET balance = balance + 30 WHERE id = 2;
SELECT id, balance FROM acct ORDER BY id;
COMMIT;
SELECT id, balance FROM acct ORDER BY id;
START TRANSACTION;
INSERT INTO acct VALUES (3, 'cat', 10);
DELETE FROM acct WHERE id = 1;
SELECT id FROM acct ORDER BY id;
ROLLBACK;
SELECT id, balance FROM acct ORDER BY id;
BEGIN WORK;
UPDATE acct SET balance = balance + 1;
COMMIT WORK;
SELECT SUM(balance) FROM acct;

SET autocommit = 0;
UPDATE acct SET balance = 0 WHERE id = 2;
SELECT @@autocommit, balance FROM acct WHERE id = 2;
ROLLBACK;
SELECT balance FROM acct WHERE id = 2;
UPDATE acct SET balance = 1 WHERE id = 2;
COMMIT;
UPDATE acct SET balance = 2 WHERE id = 2;
SET autocommit = 1;
ROLLBACK;
SELECT balance FROM acct WHERE id = 2;

BEGIN;
INSERT INTO acct VALUES (4, 'dan', 5);
BEGIN;
ROLLBACK;
SELECT id FROM acct ORDER BY id;

START TRANSACTION READ ONLY;
SELECT COUNT(*) FROM acct;
UPDATE acct SET balance = 0 WHERE id = 1;
INSERT INTO acct VALUES (99, 'ro', 0);
COMMIT;
SELECT COUNT(*) FROM acct WHERE balance = 0 OR id = 99;
START TRANSACTION WITH CONSISTENT SNAPSHOT;
SELECT SUM(balance) FROM acct;
COMMIT;
START TRANSACTION READ WRITE;
UPDATE acct SET owner = UPPER(owner) WHERE id = 4;
COMMIT;
SELECT owner FROM acct WHERE id = 4;

BEGIN;
SELECT id, balance FROM acct WHERE id = 1 FOR UPDATE;
SELECT id, balance FROM acct WHERE id = 2 LOCK IN SHARE MODE;
SELECT id FROM acct WHERE balance > 1 ORDER BY id FOR UPDATE;
UPDATE acct SET balance = balance - 1 WHERE id = 1;
COMMIT;
SELECT id, balance FROM acct WHERE id = 1 FOR UPDATE;

BEGIN;
INSERT INTO acct VALUES (10, 'x', 1);
INSERT INTO acct VALUES (11, 'y', 1), (10, 'dup', 1);
SELECT id FROM acct WHERE id >= 10 ORDER BY id;
UPDATE acct SET balance = balance + 1 WHERE id = 10;
COMMIT;
SELECT id, balance FROM acct WHERE id >= 10 ORDER BY id;

BEGIN;
UPDATE acct SET balance = 999 WHERE id = 1;
SAVEPOINT sp1;
UPDATE acct SET balance = 0 WHERE id = 1;
INSERT INTO acct VALUES (12, 'sp', 0);
ROLLBACK TO SAVEPOINT sp1;
SELECT balance FROM acct WHERE id = 1;
SELECT COUNT(*) FROM acct WHERE id = 12;
SAVEPOINT sp2;
RELEASE SAVEPOINT sp2;
ROLLBACK TO SAVEPOINT sp2;
ROLLBACK;
SELECT balance FROM acct WHERE id = 1;

BEGIN;
INSERT INTO acct VALUES (20, 'ddl', 1);
CREATE TABLE other (a INT);
ROLLBACK;
SELECT id FROM acct WHERE id = 20;
COMMIT;
ROLLBACK;
SET TRANSACTION ISOLATION LEVEL READ COMMITTED;
BEGIN;
SELECT COUNT(*) FROM acct;
COMMIT;
SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ;
SELECT id, owner, balance FROM acct ORDER BY id;

DROP DATABASE corpus_transactions;
