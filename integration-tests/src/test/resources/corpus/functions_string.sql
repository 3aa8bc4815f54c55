-- String functions and case-insensitive collation (utf8mb4_general_ci) on comparisons, grouping and sorting.
CREATE DATABASE corpus_functions_string;
USE corpus_functions_string;

SELECT CONCAT('a', 'b', 'c'), CONCAT('a', NULL), CONCAT_WS('-', 'a', NULL, 'b'), CONCAT(1, 2.5);
SELECT LENGTH('héllo'), CHAR_LENGTH('héllo'), CHARACTER_LENGTH('abc'), OCTET_LENGTH('é');
SELECT UPPER('MiXeD'), LOWER('MiXeD'), UCASE('x'), LCASE('Y'), UPPER('straße');
SELECT SUBSTRING('basalt', 2, 3), SUBSTRING('basalt', -3), SUBSTR('basalt', 4), SUBSTRING('basalt' FROM 2 FOR 2),
  MID('basalt', 2, 2), SUBSTRING('basalt', 0), SUBSTRING('basalt', 10);
SELECT LEFT('basalt', 3), RIGHT('basalt', 2), LEFT('ab', 5), RIGHT('ab', 0);
SELECT CONCAT('[', TRIM('  x  '), ']'), CONCAT('[', LTRIM('  x  '), ']'), CONCAT('[', RTRIM('  x  '), ']');
SELECT TRIM(BOTH 'x' FROM 'xxaxx'), TRIM(LEADING '0' FROM '007'), TRIM(TRAILING 'ab' FROM 'xabab');
SELECT REPLACE('a.b.c', '.', '/'), REPLACE('aaa', 'a', ''), REVERSE('abc'), REPEAT('ab', 3), REPEAT('x', 0);
SELECT LPAD('7', 3, '0'), RPAD('ab', 5, '*'), LPAD('abcdef', 3, '0'), RPAD('', 2, 'xy');
SELECT LOCATE('b', 'abcb'), LOCATE('b', 'abcb', 3), LOCATE('z', 'abc'), INSTR('abc', 'c'), POSITION('c' IN 'abc');
SELECT LOCATE('B', 'abc'), INSTR('ABC', 'b');
SELECT SUBSTRING_INDEX('www.example.com', '.', 2), SUBSTRING_INDEX('www.example.com', '.', -1),
  SUBSTRING_INDEX('abc', '.', 1);
SELECT 'abc' = 'ABC', 'abc' = 'abc ', 'a' < 'B', STRCMP('a', 'B'), STRCMP('b', 'a'), STRCMP('a', 'A');
SELECT ASCII('A'), ASCII(''), ORD('a'), CHAR(65, 66);
SELECT HEX('abc'), UNHEX('616263'), HEX(255), HEX(''), LOWER(HEX('é'));
SELECT CONCAT('[', SPACE(3), ']'), LENGTH(SPACE(0));
SELECT FIELD('b', 'a', 'b', 'c'), FIELD('z', 'a'), ELT(2, 'x', 'y', 'z'), ELT(9, 'x'), FIND_IN_SET('b', 'a,b,c');
SELECT INSERT('abcdef', 2, 3, 'XY'), INSERT('abc', 10, 1, 'z');
SELECT LENGTH(''), CONCAT(''), '' IS NULL, LOWER(NULL), LENGTH(NULL), CONCAT_WS(',', NULL), CONCAT_WS(NULL, 'a');
SELECT FORMAT(1234567.891, 2), FORMAT(0.5, 0), FORMAT(-1234.5, 1), FORMAT(12, 3);
SELECT 'It''s', 'back\\slash', 'tab\there', 'new\nline', 'quote\'s', "double ""quoted""";
SELECT 'a' 'b' 'c';
SELECT MD5('abc'), SHA1('abc'), SHA2('abc', 256);
SELECT TO_BASE64('basalt'), FROM_BASE64('YmFzYWx0');
SELECT QUOTE('it''s'), QUOTE(NULL);
SELECT CONCAT('x', 5 + 5), CONCAT(NULL, NULL) IS NULL, LENGTH(123456), UPPER(12);
SELECT LOWER('ÄÖÜ'), UPPER('äöü'), CHAR_LENGTH('😀x'), LENGTH('😀x'), REVERSE('añb');
SELECT 'x' IN ('X', 'y'), 'b' BETWEEN 'A' AND 'C', 'abc' LIKE 'A_C', 'ABC' LIKE '%b%';

CREATE TABLE w (id INT PRIMARY KEY, s VARCHAR(20));
INSERT INTO w VALUES (1, 'apple'), (2, 'Apple'), (3, 'APPLE'), (4, 'banana'), (5, 'Banana '), (6, NULL), (7, 'äpfel'),
  (8, ''), (9, 'cherry'), (10, 'Éclair');
SELECT MIN(id), COUNT(*) FROM w GROUP BY s ORDER BY MIN(id);
SELECT id FROM w WHERE s = 'APPLE' ORDER BY id;
SELECT id FROM w WHERE s = 'banana' ORDER BY id;
SELECT id FROM w WHERE s = 'eclair';
SELECT id, s FROM w ORDER BY s, id;
SELECT id, s FROM w ORDER BY s DESC, id;
SELECT COUNT(DISTINCT s) FROM w;
SELECT id FROM w WHERE s LIKE 'a%' ORDER BY id;
SELECT id FROM w WHERE s LIKE '%NAN%' ORDER BY id;
SELECT id, UPPER(s), LOWER(s), LENGTH(s), CHAR_LENGTH(s) FROM w WHERE id IN (5, 7, 10) ORDER BY id;
SELECT id, CONCAT(s, '!'), REVERSE(s), LEFT(s, 2) FROM w WHERE id <= 4 ORDER BY id;
SELECT id FROM w WHERE s > 'b' ORDER BY id;
SELECT id FROM w WHERE s IN ('CHERRY', 'BANANA') ORDER BY id;
SELECT MIN(s), MAX(s) FROM w;
SELECT id, REPLACE(s, 'p', 'P'), LOCATE('p', s) FROM w WHERE id <= 3 ORDER BY id;
SELECT s, SUBSTRING_INDEX(s, 'a', 1) FROM w WHERE id = 4;

DROP DATABASE corpus_functions_string;
