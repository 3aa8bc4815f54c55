package io.basalt.sql.parser.ast;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlWriter;

/** One comma-separated action of ALTER TABLE. */
public sealed interface AlterAction {

    void unparse(SqlWriter writer);

    /**
     * {@code ADD [COLUMN] spec [FIRST | AFTER col]}; {@code ADD COLUMN (a ..., b ...)} gives one per column.
     *
     * @param after the AFTER column; null when not written
     */
    record AddColumn(SqlColumnSpec column, String after, boolean first) implements AlterAction {
        @Override
        public void unparse(SqlWriter writer) {
            writer.keyword("ADD COLUMN");
            column.unparse(writer);
            if (first) {
                writer.keyword("FIRST");
            } else if (after != null) {
                writer.keyword("AFTER");
                writer.identifier(after, true);
            }
        }
    }

    /** {@code DROP [COLUMN] name}. */
    record DropColumn(String name) implements AlterAction {
        @Override
        public void unparse(SqlWriter writer) {
            writer.keyword("DROP COLUMN");
            writer.identifier(name, true);
        }
    }

    /** {@code ADD [CONSTRAINT [x]] PRIMARY KEY|UNIQUE|INDEX|KEY|FULLTEXT ...}. */
    record AddIndex(SqlIndexSpec index) implements AlterAction {
        @Override
        public void unparse(SqlWriter writer) {
            writer.keyword("ADD");
            index.unparse(writer);
        }
    }

    /** {@code DROP INDEX|KEY name}. */
    record DropIndex(String name) implements AlterAction {
        @Override
        public void unparse(SqlWriter writer) {
            writer.keyword("DROP INDEX");
            writer.identifier(name, true);
        }
    }

    /** {@code DROP PRIMARY KEY}. */
    record DropPrimaryKey() implements AlterAction {
        @Override
        public void unparse(SqlWriter writer) {
            writer.keyword("DROP PRIMARY KEY");
        }
    }

    /** {@code RENAME [TO|AS] new}. */
    record RenameTable(SqlIdentifier to) implements AlterAction {
        @Override
        public void unparse(SqlWriter writer) {
            writer.keyword("RENAME TO");
            to.unparse(writer, 0, 0);
        }
    }

    /**
     * {@code MODIFY [COLUMN] spec} (oldName = spec's name) or {@code CHANGE [COLUMN] old spec}. FIRST/AFTER are
     * accepted and not modelled.
     */
    record ModifyColumn(String oldName, SqlColumnSpec column) implements AlterAction {
        @Override
        public void unparse(SqlWriter writer) {
            writer.keyword("CHANGE COLUMN");
            writer.identifier(oldName, true);
            column.unparse(writer);
        }
    }

    /** Table options (ENGINE=..., CHARSET=..., COMMENT=..., ...) and other accepted no-op actions. */
    record TableOptions() implements AlterAction {
        @Override
        public void unparse(SqlWriter writer) {
            writer.keyword("ENGINE = InnoDB");
        }
    }
}
