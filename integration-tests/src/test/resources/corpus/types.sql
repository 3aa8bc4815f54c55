-- Column types: storage ranges, round trips and the errors strict mode gives for values that do not fit.
CREATE DATABASE corpus_types;
USE corpus_types;

CREATE TABLE ints (
  id INT NOT NULL PRIMARY KEY,
  ti TINYINT, si SMALLINT, mi MEDIUMINT, i INT, bi BIGINT,
  tiu TINYINT UNSIGNED, siu SMALLINT UNSIGNED, miu MEDIUMINT UNSIGNED, iu INT UNSIGNED, biu BIGINT UNSIGNED,
  b BOOL
);
INSERT INTO ints VALUES (1, -128, -32768, -8388608, -2147483648, -9223372036854775808, 0, 0, 0, 0, 0, FALSE);
INSERT INTO ints VALUES (2, 127, 32767, 8388607, 2147483647, 9223372036854775807,
  255, 65535, 16777215, 4294967295, 18446744073709551615, TRUE);
INSERT INTO ints (id, ti) VALUES (3, 128);
INSERT INTO ints (id, si) VALUES (3, -32769);
INSERT INTO ints (id, tiu) VALUES (3, -1);
INSERT INTO ints (id, biu) VALUES (3, 18446744073709551616);
INSERT INTO ints (id, i) VALUES (3, '42');
INSERT INTO ints (id, i) VALUES (4, 3.5);
INSERT INTO ints (id, b) VALUES (5, 2);
SELECT * FROM ints ORDER BY id;
SELECT id, ti + 1, si - 1, i * 2, bi DIV 2, biu DIV 2, b + 0 FROM ints WHERE id <= 2 ORDER BY id;
SELECT bi - 1 FROM ints WHERE id = 1;
SELECT biu + 1 FROM ints WHERE id = 2;
SELECT id FROM ints WHERE b ORDER BY id;
SELECT id FROM ints WHERE b = TRUE ORDER BY id;

CREATE TABLE nums (id INT PRIMARY KEY, d DECIMAL(10,2), d0 DECIMAL(5), dz DECIMAL(20,10), f FLOAT, db DOUBLE);
INSERT INTO nums VALUES (1, 12345678.91, 12345, 0.0000000001, 1.5, 3.25);
INSERT INTO nums VALUES (2, -0.5, -1, -1234567890.123456789, -1.5, 1e100);
INSERT INTO nums VALUES (3, 1.005, 2.5, 1, 0.1, 0.1);
INSERT INTO nums (id, d) VALUES (4, 123456789.00);
INSERT INTO nums (id, d0) VALUES (4, 100000);
SELECT * FROM nums ORDER BY id;
SELECT id, d * 2, d + 0.001, d0 / 3, db * 2 FROM nums ORDER BY id;
SELECT id FROM nums WHERE d > 1 ORDER BY d;

CREATE TABLE strs (
  id INT PRIMARY KEY, c CHAR(5), vc VARCHAR(10), bn BINARY(4), vb VARBINARY(8),
  tt TINYTEXT, t TEXT, mt MEDIUMTEXT, lt LONGTEXT, tb TINYBLOB, bl BLOB, mb MEDIUMBLOB, lb LONGBLOB
);
INSERT INTO strs VALUES (1, 'ab   ', 'ab  ', 'ab', 'ab', 'tiny', 'text', 'medium', 'long', 'tb', 'blob', 'mb', 'lb');
SELECT id, CONCAT('[', c, ']'), CONCAT('[', vc, ']'), HEX(bn), HEX(vb), LENGTH(bn), LENGTH(vb) FROM strs;
SELECT tt, t, mt, lt, HEX(tb), HEX(bl), HEX(mb), HEX(lb) FROM strs WHERE id = 1;
INSERT INTO strs (id, c) VALUES (2, 'toolong');
INSERT INTO strs (id, vb) VALUES (2, 'ninebytes');
INSERT INTO strs (id, vc, vb) VALUES (2, 'ÄÖÜ€😀', x'00ff10');
SELECT vc, CHAR_LENGTH(vc), LENGTH(vc), HEX(vb), LENGTH(vb) FROM strs WHERE id = 2;
INSERT INTO strs (id, t, bl) VALUES (3, REPEAT('x', 1000), REPEAT('y', 70000));
INSERT INTO strs (id, lt, lb) VALUES (3, REPEAT('x', 70000), REPEAT('y', 70000));
SELECT LENGTH(t), LENGTH(lt), LENGTH(lb), MD5(lb) FROM strs WHERE id = 3;
SELECT id FROM strs WHERE c = 'AB' ORDER BY id;
SELECT id FROM strs WHERE vb = 'ab' ORDER BY id;
SELECT id FROM strs WHERE vb = 'AB' ORDER BY id;

CREATE TABLE temporal (
  id INT PRIMARY KEY, d DATE, t TIME, t3 TIME(3), dt DATETIME, dt6 DATETIME(6), ts TIMESTAMP NULL,
  ts3 TIMESTAMP(3) NULL, y YEAR
);
INSERT INTO temporal VALUES (1, '2024-02-29', '13:45:10', '-838:59:59.000', '2024-02-29 13:45:10',
  '2024-02-29 13:45:10.123456', '2024-02-29 13:45:10', '2024-02-29 13:45:10.999', 2024);
INSERT INTO temporal VALUES (2, '1000-01-01', '00:00:00', '12:00:00.5', '9999-12-31 23:59:59',
  '1970-01-01 00:00:00.000001', '1970-01-02 00:00:00', '2038-01-19 03:14:07.499', 1901);
INSERT INTO temporal VALUES (3, 20240101, 101112, '838:59:59', 20240101101112, '2024-01-01T10:11:12.5', NULL, NULL, '69');
INSERT INTO temporal (id, d) VALUES (4, '2023-02-29');
INSERT INTO temporal (id, dt) VALUES (4, '2024-13-01 00:00:00');
INSERT INTO temporal (id, t) VALUES (4, '839:00:00');
INSERT INTO temporal (id, y) VALUES (4, 1900);
SELECT * FROM temporal ORDER BY id;
SELECT id, d + INTERVAL 1 DAY, dt6 + INTERVAL 1 MICROSECOND, ts3 FROM temporal WHERE id <= 2 ORDER BY id;
SELECT id FROM temporal WHERE dt > '2024-01-01' ORDER BY dt;

CREATE TABLE other (
  id INT PRIMARY KEY, e ENUM('small','medium','large') NOT NULL DEFAULT 'medium', j JSON
);
INSERT INTO other (id, e, j) VALUES (1, 'small', '{"a": 1, "b": [1, 2]}'), (2, 'LARGE', '[1, "x", null]'), (3, DEFAULT, NULL);
INSERT INTO other (id, e) VALUES (4, 'huge');
INSERT INTO other (id, j) VALUES (5, '{bad json');
SELECT id, e, j FROM other ORDER BY id;
SELECT id FROM other WHERE e = 'large';
SELECT id, e + 0 FROM other ORDER BY e;
SELECT id, JSON_EXTRACT(j, '$.b[1]'), JSON_EXTRACT(j, '$[1]') FROM other WHERE j IS NOT NULL ORDER BY id;

DROP DATABASE corpus_types;
