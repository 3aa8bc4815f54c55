-- Projections, WHERE, BETWEEN/IN/LIKE/IS NULL, ORDER BY, LIMIT/OFFSET (both syntaxes), DISTINCT, aliases, comments.
CREATE DATABASE corpus_select_basic;
USE corpus_select_basic;

CREATE TABLE p (
  id INT PRIMARY KEY,
  name VARCHAR(20),
  category VARCHAR(10),
  price DECIMAL(8,2),
  stock INT,
  added DATE,
  KEY idx_category (category)
);
INSERT INTO p VALUES
  (1, 'Widget', 'tools', 9.99, 100, '2024-01-05'),
  (2, 'gadget', 'tools', 24.50, 0, '2024-02-10'),
  (3, 'Doohickey', 'misc', 4.25, NULL, '2023-12-31'),
  (4, 'thingamajig', 'misc', 99.00, 3, NULL),
  (5, 'Sprocket', 'parts', 0.75, 1000, '2024-03-01'),
  (6, 'cog', 'parts', 0.50, 500, '2024-03-01'),
  (7, 'Gizmo', NULL, 15.00, 7, '2024-01-20'),
  (8, 'widget pro', 'tools', 19.99, 12, '2024-02-29');
SELECT 1;
SELECT 1 + 1, 'a' AS s, NULL, -5, 1.50, 'it''s', "dq";
SELECT 1 FROM DUAL;
SELECT * FROM p ORDER BY id;
SELECT name, price FROM p WHERE price > 10 ORDER BY price DESC;
SELECT id FROM p WHERE category = 'TOOLS' ORDER BY id;
SELECT id FROM p WHERE name = 'widget' ORDER BY id;
SELECT id FROM p WHERE name = 'widget   ' ORDER BY id;
SELECT id FROM p WHERE price BETWEEN 1 AND 20 ORDER BY id;
SELECT id FROM p WHERE price NOT BETWEEN 1 AND 20 ORDER BY id;
SELECT id FROM p WHERE added BETWEEN '2024-01-01' AND '2024-02-29' ORDER BY id;
SELECT id FROM p WHERE id IN (1, 3, 5, 99) ORDER BY id;
SELECT id FROM p WHERE category NOT IN ('tools', 'misc') ORDER BY id;
SELECT id FROM p WHERE category IN ('TOOLS', NULL) ORDER BY id;
SELECT id, name FROM p WHERE name LIKE 'w%' ORDER BY id;
SELECT id, name FROM p WHERE name LIKE '%g_t%' ORDER BY id;
SELECT id FROM p WHERE name NOT LIKE '%o%' ORDER BY id;
SELECT 'a_b' LIKE 'a\_b', 'axb' LIKE 'a\_b', '50%' LIKE '50\%', 'x' LIKE '', '' LIKE '%';
SELECT id FROM p WHERE stock IS NULL;
SELECT id FROM p WHERE category IS NOT NULL AND added IS NULL;
SELECT id FROM p WHERE stock = 0 OR price < 1 ORDER BY id;
SELECT id FROM p WHERE NOT (price > 5) ORDER BY id;
SELECT id FROM p WHERE stock <> 0 ORDER BY id;
SELECT id FROM p WHERE stock != 0 AND stock < 100 ORDER BY id;
SELECT id FROM p WHERE stock >= 100 XOR price > 5 ORDER BY id;
SELECT id, name FROM p ORDER BY name;
SELECT id, category FROM p ORDER BY category, id;
SELECT id, category FROM p ORDER BY category DESC, id DESC;
SELECT id, price FROM p ORDER BY 2 DESC, 1 LIMIT 3;
SELECT id, stock FROM p ORDER BY stock, id;
SELECT id FROM p ORDER BY id LIMIT 3;
SELECT id FROM p ORDER BY id LIMIT 2, 3;
SELECT id FROM p ORDER BY id LIMIT 3 OFFSET 5;
SELECT id FROM p ORDER BY id LIMIT 0;
SELECT id FROM p ORDER BY id LIMIT 100 OFFSET 7;
SELECT id FROM p ORDER BY id DESC LIMIT 1;
SELECT DISTINCT category FROM p ORDER BY category;
SELECT DISTINCT category, added FROM p WHERE category = 'parts';
SELECT DISTINCT UPPER(category) AS uc FROM p WHERE category IS NOT NULL ORDER BY uc;
SELECT name AS n, price * 2 AS doubled FROM p WHERE id = 1;
SELECT p.name FROM p WHERE p.id = 2;
SELECT x.name FROM p AS x WHERE x.id = 3;
SELECT x.name FROM p x WHERE x.id = 4;
SELECT `name`, `price` FROM `p` WHERE `id` = 4;
SELECT corpus_select_basic.p.name FROM corpus_select_basic.p WHERE id = 5;
SELECT id, price * stock AS value FROM p WHERE stock IS NOT NULL ORDER BY value DESC, id LIMIT 3;
SELECT id FROM p WHERE (category = 'tools' AND price < 20) OR (category = 'parts' AND stock > 600) ORDER BY id;
SELECT /* inline comment */ id FROM p WHERE id = 1 -- trailing comment
;
SELECT id # hash comment
FROM p WHERE id = 2;
SELECT /*! 42 AS */ v;
SELECT nosuch FROM p;
SELECT * FROM nosuch;
SELECT COUNT(*) FROM p WHERE added >= '2024-02-01';
SELECT id FROM p WHERE added = '2024-03-01' ORDER BY id;
SELECT id, price FROM p WHERE price = 19.99;
SELECT id FROM p WHERE price > '10' ORDER BY id;
SELECT id FROM p WHERE id = '3';
SELECT id, stock > 10, stock IS NULL, price < 5 FROM p ORDER BY id;
SELECT id FROM p WHERE id > 2 AND id < 6 ORDER BY id DESC;
SELECT id FROM p WHERE name IS NOT NULL AND category IS NULL;
SELECT * FROM p WHERE 1 = 0;

DROP DATABASE corpus_select_basic;
