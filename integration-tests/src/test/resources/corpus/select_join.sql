-- Inner, left, right, self and implicit joins; joins with GROUP BY.
CREATE DATABASE corpus_select_join;
USE corpus_select_join;

CREATE TABLE c (id INT PRIMARY KEY, name VARCHAR(20), city VARCHAR(20));
CREATE TABLE o (id INT PRIMARY KEY, cust_id INT, amount DECIMAL(8,2), status VARCHAR(10), KEY idx_cust (cust_id));
CREATE TABLE li (order_id INT, line INT, sku VARCHAR(10), qty INT, PRIMARY KEY (order_id, line));
INSERT INTO c VALUES (1, 'ann', 'paris'), (2, 'bob', 'berlin'), (3, 'cat', 'Paris'), (4, 'dan', NULL);
INSERT INTO o VALUES (10, 1, 100.00, 'paid'), (11, 1, 50.00, 'open'), (12, 2, 75.50, 'paid'), (13, NULL, 10.00, 'open'),
  (14, 5, 20.00, 'paid');
INSERT INTO li VALUES (10, 1, 'A', 2), (10, 2, 'B', 1), (11, 1, 'A', 5), (12, 1, 'C', 1), (14, 1, 'B', 3);
SELECT c.name, o.id, o.amount FROM c JOIN o ON o.cust_id = c.id ORDER BY o.id;
SELECT c.name, o.id FROM c INNER JOIN o ON c.id = o.cust_id WHERE o.status = 'paid' ORDER BY o.id;
SELECT c.name, o.id FROM c LEFT JOIN o ON o.cust_id = c.id ORDER BY c.id, o.id;
SELECT c.name, o.id FROM c LEFT OUTER JOIN o ON o.cust_id = c.id WHERE o.id IS NULL ORDER BY c.id;
SELECT c.name, o.id FROM c RIGHT JOIN o ON o.cust_id = c.id ORDER BY o.id;
SELECT c.name, o.id FROM o RIGHT OUTER JOIN c ON o.cust_id = c.id ORDER BY c.id, o.id;
SELECT c.name, o.id, li.sku, li.qty FROM c JOIN o ON o.cust_id = c.id JOIN li ON li.order_id = o.id
  ORDER BY o.id, li.line;
SELECT c.name, COUNT(o.id) AS orders, SUM(o.amount) AS total FROM c LEFT JOIN o ON o.cust_id = c.id
  GROUP BY c.id, c.name ORDER BY c.id;
SELECT a.name, b.name FROM c a JOIN c b ON a.city = b.city AND a.id < b.id ORDER BY a.id;
SELECT c.name, o.id FROM c, o WHERE c.id = o.cust_id AND o.amount > 60 ORDER BY o.id;
SELECT COUNT(*) FROM c CROSS JOIN o;
SELECT COUNT(*) FROM c, o, li;
SELECT o.id, li.sku FROM o JOIN li ON li.order_id = o.id AND li.qty > 1 ORDER BY o.id, li.sku;
SELECT c.city, SUM(li.qty) FROM c JOIN o ON o.cust_id = c.id JOIN li ON li.order_id = o.id
  GROUP BY c.city ORDER BY c.city;
SELECT id FROM c JOIN o ON o.cust_id = c.id;
SELECT o.id, COALESCE(c.name, '(none)') AS customer FROM o LEFT JOIN c ON c.id = o.cust_id ORDER BY o.id;
SELECT c.name, o.id FROM c JOIN o ON o.cust_id = c.id WHERE c.city = 'PARIS' ORDER BY o.id DESC LIMIT 2;
SELECT o.status, c.city, COUNT(*) FROM o JOIN c ON c.id = o.cust_id GROUP BY o.status, c.city
  ORDER BY o.status, c.city;
SELECT c.name FROM c LEFT JOIN o ON o.cust_id = c.id AND o.status = 'open' WHERE o.id IS NULL ORDER BY c.name;
SELECT o.id, c.name, li.sku FROM o LEFT JOIN c ON c.id = o.cust_id LEFT JOIN li ON li.order_id = o.id AND li.line = 1
  ORDER BY o.id;
SELECT t1.x, t2.y FROM (SELECT 1 AS x UNION ALL SELECT 2) t1 JOIN (SELECT 2 AS y UNION ALL SELECT 3) t2 ON t1.x = t2.y;
SELECT li.order_id, li.line FROM li JOIN li AS l2 USING (order_id, line) ORDER BY li.order_id, li.line;
SELECT c.name, o.amount FROM c JOIN o ON o.cust_id = c.id ORDER BY o.amount DESC LIMIT 1;
SELECT c.*, o.id FROM c JOIN o ON o.cust_id = c.id WHERE o.id = 12;
SELECT o.*, c.name FROM o LEFT JOIN c ON c.id = o.cust_id WHERE c.id IS NULL ORDER BY o.id;
SELECT c.name, o.id FROM c JOIN o ON o.cust_id = c.id AND o.amount BETWEEN 60 AND 200 ORDER BY o.id;
SELECT c.name, MAX(o.amount) FROM c JOIN o ON o.cust_id = c.id GROUP BY c.name HAVING MAX(o.amount) > 60 ORDER BY c.name;
SELECT c.id, o.id FROM c JOIN o ON c.id = o.nosuch;
SELECT c.id FROM c JOIN nosuch ON 1 = 1;

DROP DATABASE corpus_select_join;
