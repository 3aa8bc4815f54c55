-- Subqueries (scalar, IN, EXISTS, ANY/ALL, correlated), derived tables, UNION [ALL].
CREATE DATABASE corpus_select_subquery;
USE corpus_select_subquery;

CREATE TABLE c (id INT PRIMARY KEY, name VARCHAR(20), city VARCHAR(20));
CREATE TABLE o (id INT PRIMARY KEY, cust_id INT, amount DECIMAL(8,2), status VARCHAR(10));
INSERT INTO c VALUES (1, 'ann', 'paris'), (2, 'bob', 'berlin'), (3, 'cat', 'paris'), (4, 'dan', NULL);
INSERT INTO o VALUES (10, 1, 100.00, 'paid'), (11, 1, 50.00, 'open'), (12, 2, 75.50, 'paid'), (13, NULL, 10.00, 'open');
SELECT name, (SELECT COUNT(*) FROM o WHERE o.cust_id = c.id) AS n FROM c ORDER BY id;
SELECT id, amount FROM o WHERE amount > (SELECT AVG(amount) FROM o) ORDER BY id;
SELECT name FROM c WHERE id IN (SELECT cust_id FROM o WHERE status = 'paid') ORDER BY name;
SELECT name FROM c WHERE id NOT IN (SELECT cust_id FROM o WHERE cust_id IS NOT NULL) ORDER BY name;
SELECT name FROM c WHERE id NOT IN (SELECT cust_id FROM o) ORDER BY name;
SELECT name FROM c WHERE EXISTS (SELECT 1 FROM o WHERE o.cust_id = c.id AND o.amount > 60) ORDER BY name;
SELECT name FROM c WHERE NOT EXISTS (SELECT * FROM o WHERE o.cust_id = c.id) ORDER BY name;
SELECT (SELECT MAX(amount) FROM o) AS top;
SELECT (SELECT id FROM o);
SELECT (SELECT id FROM o WHERE id = 999) AS none;
SELECT d.status, d.total FROM (SELECT status, SUM(amount) AS total FROM o GROUP BY status) AS d ORDER BY d.status;
SELECT MAX(total) FROM (SELECT cust_id, SUM(amount) AS total FROM o GROUP BY cust_id) t;
SELECT * FROM (SELECT id, amount FROM o ORDER BY amount DESC LIMIT 2) top2 ORDER BY id;
SELECT id FROM o WHERE amount = ANY (SELECT amount FROM o WHERE status = 'open') ORDER BY id;
SELECT id FROM o WHERE amount > ALL (SELECT amount FROM o WHERE status = 'open') ORDER BY id;
SELECT id FROM o WHERE amount < SOME (SELECT amount FROM o WHERE status = 'paid') ORDER BY id;
SELECT id FROM o WHERE cust_id = (SELECT id FROM c WHERE name = 'ann') ORDER BY id;
SELECT name FROM c WHERE id IN (SELECT cust_id FROM o WHERE amount IN (SELECT MAX(amount) FROM o GROUP BY status))
  ORDER BY name;
SELECT c.name, x.cnt FROM c JOIN (SELECT cust_id, COUNT(*) AS cnt FROM o GROUP BY cust_id) x ON x.cust_id = c.id
  ORDER BY c.name;
SELECT a FROM (SELECT 1 AS a) AS t;
SELECT * FROM (SELECT 1 AS a);
SELECT name FROM c WHERE id = (SELECT cust_id FROM o WHERE id = 10);
SELECT name, (SELECT MAX(amount) FROM o WHERE o.cust_id = c.id) AS biggest FROM c WHERE city = 'paris' ORDER BY name;
SELECT id, amount, amount - (SELECT MIN(amount) FROM o) AS above_min FROM o ORDER BY id;
SELECT COUNT(*) FROM c WHERE EXISTS (SELECT 1 FROM o);
SELECT name FROM c WHERE city IN (SELECT city FROM c GROUP BY city HAVING COUNT(*) > 1) ORDER BY name;
SELECT t.n, COUNT(*) FROM (SELECT cust_id, COUNT(*) AS n FROM o GROUP BY cust_id) t GROUP BY t.n ORDER BY t.n;
SELECT id FROM c UNION SELECT cust_id FROM o ORDER BY id;
SELECT id FROM c UNION ALL SELECT cust_id FROM o ORDER BY 1;
SELECT city FROM c UNION SELECT status FROM o ORDER BY city;
SELECT city FROM c UNION ALL SELECT city FROM c ORDER BY city;
(SELECT id FROM c ORDER BY id DESC LIMIT 1) UNION ALL (SELECT id FROM o ORDER BY id LIMIT 1) ORDER BY id;
SELECT 1 AS n, 'a' AS s UNION SELECT 2, 'b' UNION SELECT 1, 'a' ORDER BY n;
SELECT 1 UNION SELECT 1, 2;
SELECT COUNT(*) FROM (SELECT id FROM c UNION ALL SELECT id FROM o) u;
SELECT id FROM c WHERE id < 3 UNION DISTINCT SELECT id FROM c WHERE id > 1 ORDER BY id DESC;
SELECT name FROM c WHERE id = 1 UNION ALL SELECT name FROM c WHERE id = 2 ORDER BY name LIMIT 1;
SELECT x FROM (SELECT id AS x FROM c UNION SELECT id FROM o) u WHERE x > 3 ORDER BY x;
SELECT name FROM c WHERE id IN (SELECT nosuch FROM o);

DROP DATABASE corpus_select_subquery;
