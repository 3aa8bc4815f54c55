-- UPDATE and DELETE with WHERE, ORDER BY, LIMIT; unique checks; statement atomicity.
CREATE DATABASE corpus_update_delete;
USE corpus_update_delete;

CREATE TABLE emp (
  id INT PRIMARY KEY,
  name VARCHAR(20) NOT NULL,
  dept VARCHAR(10),
  salary DECIMAL(10,2),
  bonus INT DEFAULT NULL,
  UNIQUE KEY uk_name (name),
  KEY idx_dept (dept)
);
INSERT INTO emp VALUES
  (1, 'ann', 'eng', 100.00, NULL), (2, 'bob', 'eng', 90.00, 5), (3, 'cat', 'ops', 80.00, NULL),
  (4, 'dan', 'ops', 70.00, 1), (5, 'eve', 'hr', 60.00, NULL), (6, 'fay', NULL, 50.00, 2);
UPDATE emp SET salary = salary * 1.1 WHERE dept = 'eng';
SELECT id, salary FROM emp WHERE dept = 'eng' ORDER BY id;
UPDATE emp SET bonus = 0 WHERE bonus IS NULL;
UPDATE emp SET bonus = bonus + 1 ORDER BY salary DESC LIMIT 2;
SELECT id, bonus FROM emp ORDER BY id;
UPDATE emp SET dept = 'ENG' WHERE dept = 'eng';
SELECT id, dept FROM emp WHERE dept = 'eng' ORDER BY id;
UPDATE emp SET salary = 1 WHERE id = 999;
UPDATE emp SET salary = salary WHERE id = 5;
UPDATE emp SET salary = 75, bonus = bonus * 2 WHERE name = 'DAN';
UPDATE emp SET bonus = bonus + 1, salary = bonus * 10 WHERE id = 6;
SELECT * FROM emp ORDER BY id;
UPDATE emp SET name = 'bob' WHERE id = 1;
UPDATE emp SET name = 'BOB' WHERE id = 1;
UPDATE emp SET id = 1 WHERE id = 2;
UPDATE emp SET nosuch = 1;
UPDATE emp SET name = NULL WHERE id = 3;
UPDATE emp SET bonus = 'x' WHERE id = 3;
UPDATE nosuch SET a = 1;
UPDATE emp SET id = id + 10 WHERE id >= 5 ORDER BY id DESC;
UPDATE emp e SET e.salary = NULL WHERE e.id = 3;
SELECT id, name, salary FROM emp ORDER BY id;
UPDATE emp SET bonus = 100 WHERE dept IN ('ops', 'hr') AND salary IS NOT NULL;
UPDATE emp SET bonus = bonus - 1 WHERE bonus > 0 ORDER BY id LIMIT 1;
SELECT id, bonus FROM emp ORDER BY id;

DELETE FROM emp WHERE id = 999;
DELETE FROM emp WHERE dept = 'ops' ORDER BY id LIMIT 1;
DELETE FROM emp ORDER BY salary DESC LIMIT 1;
SELECT id, name, salary FROM emp ORDER BY id;
DELETE FROM emp WHERE salary BETWEEN 50 AND 65;
DELETE FROM emp WHERE name LIKE 'd%';
SELECT id, name FROM emp ORDER BY id;
DELETE FROM emp WHERE salary IS NULL;
SELECT COUNT(*) FROM emp;
DELETE FROM emp;
SELECT COUNT(*) FROM emp;
DELETE FROM nosuch;
DELETE FROM emp WHERE nosuch = 1;

CREATE TABLE acc (id INT PRIMARY KEY, v TINYINT, u INT UNIQUE);
INSERT INTO acc VALUES (1, 100, 1), (2, 120, 2), (3, 126, 3);
UPDATE acc SET v = v + 5;
SELECT id, v FROM acc ORDER BY id;
UPDATE acc SET u = 3 WHERE id = 1;
UPDATE acc SET u = u + 1 ORDER BY u DESC;
SELECT id, u FROM acc ORDER BY id;
UPDATE acc SET u = 10 - u;
SELECT id, u FROM acc ORDER BY id;
UPDATE acc SET v = v + 1 WHERE id IN (1, 2);
SELECT id, v FROM acc ORDER BY id;
DELETE FROM acc WHERE id > 1 ORDER BY id DESC LIMIT 5;
SELECT id, v, u FROM acc ORDER BY id;

DROP DATABASE corpus_update_delete;
