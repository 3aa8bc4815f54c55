-- GROUP BY with the usual aggregates, HAVING, NULL groups, DISTINCT aggregates.
CREATE DATABASE corpus_aggregates;
USE corpus_aggregates;

CREATE TABLE s (id INT PRIMARY KEY, region VARCHAR(10), product VARCHAR(10), qty INT, price DECIMAL(8,2), ratio DOUBLE);
INSERT INTO s VALUES
  (1, 'east', 'apple', 10, 1.50, 0.5),
  (2, 'east', 'pear', 5, 2.25, 0.25),
  (3, 'East', 'apple', 7, 1.50, 1.0),
  (4, 'west', 'apple', 3, 1.75, NULL),
  (5, 'west', 'plum', NULL, 3.00, 2.5),
  (6, 'north', 'pear', 12, 2.00, 0.125),
  (7, NULL, 'plum', 4, NULL, 0.75),
  (8, 'west', 'Pear', 6, 2.50, 1.5),
  (9, NULL, NULL, 1, 0.10, 0.1),
  (10, 'south', 'apple', 0, 1.00, 0.0);
SELECT COUNT(*), COUNT(qty), COUNT(DISTINCT region), COUNT(DISTINCT product), COUNT(1) FROM s;
SELECT SUM(qty), AVG(qty), MIN(qty), MAX(qty) FROM s;
SELECT SUM(price), AVG(price), MIN(price), MAX(price) FROM s;
SELECT SUM(ratio), AVG(ratio), MIN(ratio), MAX(ratio) FROM s;
SELECT region, COUNT(*), SUM(qty) FROM s GROUP BY region ORDER BY region;
SELECT region, product, SUM(qty) FROM s GROUP BY region, product ORDER BY region, product;
SELECT region, SUM(qty) AS total FROM s GROUP BY region HAVING total > 10 ORDER BY region;
SELECT region, COUNT(*) FROM s GROUP BY region HAVING COUNT(*) >= 2 ORDER BY COUNT(*) DESC, region;
SELECT region, MAX(price) - MIN(price) AS spread FROM s GROUP BY region ORDER BY region;
SELECT SUM(qty), AVG(qty), MAX(product) FROM s WHERE id > 100;
SELECT COUNT(*), COUNT(qty) FROM s WHERE id > 100;
SELECT region FROM s GROUP BY region ORDER BY region DESC;
SELECT GROUP_CONCAT(product ORDER BY product SEPARATOR ',') FROM s WHERE region = 'east';
SELECT region, GROUP_CONCAT(DISTINCT product ORDER BY product) AS products FROM s GROUP BY region ORDER BY region;
SELECT GROUP_CONCAT(id ORDER BY id DESC) FROM s WHERE qty > 5;
SELECT SUM(qty * price) FROM s;
SELECT COUNT(*) AS n, region FROM s GROUP BY 2 ORDER BY 2;
SELECT MIN(product), MAX(product) FROM s;
SELECT MIN(region), MAX(region) FROM s;
SELECT region, AVG(qty) AS a FROM s GROUP BY region ORDER BY a DESC, region;
SELECT COUNT(*) FROM (SELECT region FROM s GROUP BY region) t;
SELECT region, SUM(DISTINCT qty), COUNT(DISTINCT price) FROM s GROUP BY region ORDER BY region;
SELECT qty, COUNT(*) FROM s GROUP BY qty ORDER BY qty;
SELECT SUM(qty) / COUNT(qty), SUM(qty) DIV COUNT(qty) FROM s;
SELECT region, COUNT(*) FROM s WHERE qty > 1 GROUP BY region HAVING SUM(price) > 3 ORDER BY region;
SELECT SUM(CASE WHEN region = 'east' THEN qty ELSE 0 END) AS east, SUM(IF(region = 'west', qty, 0)) AS west FROM s;
SELECT MAX(id), MIN(id) FROM s WHERE region IS NULL;
SELECT UPPER(region) AS r, COUNT(*) FROM s GROUP BY UPPER(region) ORDER BY r;
SELECT product, COUNT(*) FROM s WHERE product IS NOT NULL GROUP BY product HAVING COUNT(*) > 1 ORDER BY product;
SELECT COUNT(*) FROM s HAVING COUNT(*) > 5;
SELECT COUNT(*) FROM s HAVING COUNT(*) > 50;
SELECT AVG(price) * 2, ROUND(AVG(ratio), 3), SUM(qty) + 1 FROM s;
SELECT region, MAX(qty) FROM s GROUP BY region HAVING MAX(qty) IS NULL OR MAX(qty) > 10 ORDER BY region;
SELECT STD(qty), STDDEV_POP(qty), VAR_POP(qty), VAR_SAMP(qty) FROM s WHERE region = 'east';
SELECT BIT_OR(qty), BIT_AND(qty), BIT_XOR(qty) FROM s WHERE qty > 0;
SELECT COUNT(*) FROM s GROUP BY nosuch;
SELECT SUM(qty) FROM s WHERE SUM(qty) > 1;

DROP DATABASE corpus_aggregates;
