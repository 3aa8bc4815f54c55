-- run by the container's entrypoint at first start (BasaltContainer.withInitScript), in the test database
CREATE TABLE seeded (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL);
INSERT INTO seeded VALUES (1, 'one'), (2, 'two; with a semicolon');
