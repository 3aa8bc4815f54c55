package io.basalt.sql.exec;

/** Join kinds the executor runs; RIGHT joins are bound as LEFT joins with the inputs swapped. */
public enum JoinKind { INNER, LEFT }
