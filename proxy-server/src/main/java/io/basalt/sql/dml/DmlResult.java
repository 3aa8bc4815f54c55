package io.basalt.sql.dml;

/** What a data-changing statement reports in its OK packet. */
public record DmlResult(long affectedRows, long lastInsertId, String info) {
}
