<#--
  MySQL productions of Basalt's parser, included into Calcite's Parser.jj template (see data/Parser.tdd for the
  hooks that call them). Keep actions small: construction logic lives in io.basalt.sql.parser.* helpers.
  FreeMarker note: do not write dollar-brace or hash-brace sequences in this file.
-->

// ============================================================================================================
// Shared pieces
// ============================================================================================================

/** A table name: {@code t} or {@code db.t}. */
SqlIdentifier MySqlTableName() :
{
    final SqlIdentifier id;
}
{
    id = CompoundIdentifier() {
        if (id.names.size() > 2 || id.isStar()) {
            throw ParseSupport.syntaxError(id.getParserPosition());
        }
        return id;
    }
}

/** A name that may be written as an identifier or as a string: charsets, collations, engines, log files. */
String MySqlNameOrString() :
{
    final String s;
}
{
    (
        s = Identifier()
    |
        s = SimpleStringLiteral()
    |
        <BINARY> { s = "binary"; }
    )
    { return s; }
}

/** An optional {@code =} of MySQL option syntax. */
void MySqlOptionalEquals() :
{
}
{
    [ <EQ> ]
}

/** {@code IF NOT EXISTS}, as a flag. */
boolean MySqlIfNotExists() :
{
}
{
    <IF> <NOT> <EXISTS> { return true; }
|
    { return false; }
}

/** {@code IF EXISTS}, as a flag. */
boolean MySqlIfExists() :
{
}
{
    <IF> <EXISTS> { return true; }
|
    { return false; }
}

/** {@code CHARACTER SET} or {@code CHARSET} (the words only). */
void MySqlCharsetWords() :
{
}
{
    <CHARACTER> <SET>
|
    <CHARSET>
}

/** {@code LIKE 'pattern'} or {@code WHERE expr} of SHOW. */
void MySqlShowFilter(ShowBuilder b) :
{
}
{
    [
        <LIKE> b.like = SimpleStringLiteral()
    |
        <WHERE> b.where = Expression(ExprContext.ACCEPT_SUB_QUERY)
    ]
}

/** {@code FROM|IN db}. */
String MySqlFromDatabase() :
{
    final String db;
}
{
    ( <FROM> | <IN> ) db = Identifier() { return db; }
}

/** {@code LIMIT [offset,] count} of SHOW WARNINGS / SHOW BINLOG EVENTS. */
void MySqlShowLimit(ShowBuilder b) :
{
    SqlNode first;
}
{
    [
        <LIMIT> first = UnsignedNumericLiteralOrParam()
        (
            <COMMA> { b.offset = first; } b.limit = UnsignedNumericLiteralOrParam()
        |
            { b.limit = first; }
        )
    ]
}

// ============================================================================================================
// Column types
// ============================================================================================================

/** One word of a type name; reserved type keywords are listed, the rest arrive as identifiers. */
String MySqlTypeWord() :
{
    final String s;
}
{
    (
        <CHAR> | <CHARACTER> | <VARCHAR> | <BINARY> | <VARBINARY> | <DECIMAL> | <DEC> | <NUMERIC> | <DOUBLE>
    |   <FLOAT> | <REAL> | <INT> | <INTEGER> | <BIGINT> | <SMALLINT> | <TINYINT> | <BLOB> | <SET> | <VARYING>
    |   <PRECISION> | <UNSIGNED>
    )
    { return ParseSupport.upper(token.image); }
|
    s = Identifier() { return ParseSupport.upper(s); }
}

/**
 * A column type: name (possibly several words, e.g. DOUBLE PRECISION), optional (length[, scale]) or ENUM/SET
 * labels, then UNSIGNED / SIGNED / ZEROFILL.
 */
SqlTypeSpec MySqlColumnType() :
{
    final List<String> words = new ArrayList<String>();
    final List<String> values = new ArrayList<String>();
    String w;
    String label;
    Integer length = null;
    Integer scale = null;
    boolean unsigned = false;
    boolean zerofill = false;
    final String name;
    final Span s;
}
{
    w = MySqlTypeWord() { s = span(); words.add(w); }
    (
        ( <VARYING> | <PRECISION> | <CHAR> | <CHARACTER> | <VARCHAR> | <VARBINARY> )
        { words.add(ParseSupport.upper(token.image)); }
    )*
    {
        name = MySqlTypeNames.columnType(words);
        if (name == null) {
            throw ParseSupport.syntaxError(s.pos());
        }
    }
    [
        LOOKAHEAD(2)
        <LPAREN> label = SimpleStringLiteral() { values.add(label); }
        ( <COMMA> label = SimpleStringLiteral() { values.add(label); } )*
        <RPAREN>
        {
            if (!name.equals("ENUM") && !name.equals("SET")) {
                throw ParseSupport.syntaxError(s.pos());
            }
        }
    |
        <LPAREN> <UNSIGNED_INTEGER_LITERAL> { length = ParseSupport.intValue(token.image, getPos()); }
        [
            <COMMA> <UNSIGNED_INTEGER_LITERAL> { scale = ParseSupport.intValue(token.image, getPos()); }
        ]
        <RPAREN>
    ]
    (
        <UNSIGNED> { unsigned = true; }
    |
        <SIGNED>
    |
        <ZEROFILL> { zerofill = true; unsigned = true; }
    )*
    {
        if ((name.equals("ENUM") || name.equals("SET")) && values.isEmpty()) {
            throw ParseSupport.syntaxError(getPos());
        }
        return new SqlTypeSpec(name, length, scale, unsigned, zerofill, values, null, null);
    }
}

/** A CAST / CONVERT target as text: SIGNED, UNSIGNED, CHAR(10), DECIMAL(10,2), DATETIME(3)... */
SqlNode MySqlCastTarget() :
{
    final String word;
    Integer length = null;
    Integer scale = null;
    final Span s;
    final String text;
}
{
    word = MySqlTypeWord() { s = span(); }
    [ LOOKAHEAD(1) ( <INTEGER> | <INT> ) ]
    [
        <LPAREN> <UNSIGNED_INTEGER_LITERAL> { length = ParseSupport.intValue(token.image, getPos()); }
        [
            <COMMA> <UNSIGNED_INTEGER_LITERAL> { scale = ParseSupport.intValue(token.image, getPos()); }
        ]
        <RPAREN>
    ]
    [ MySqlCharsetWords() MySqlNameOrString() ]
    {
        text = MySqlTypeNames.castTarget(word, length, scale);
        if (text == null) {
            throw ParseSupport.syntaxError(s.pos());
        }
        return SqlLiteral.createCharString(text, s.end(this));
    }
}

// ============================================================================================================
// Expressions
// ============================================================================================================

/**
 * MySQL expression forms that must win over Calcite's own parse of the same first token; reached through
 * {@code literalParserMethods}, which AtomicRowExpression tries before built-in function syntax.
 */
SqlNode MySqlExpressionAtom() :
{
    final SqlNode e;
}
{
    (
        e = MySqlVariable()
    |
        e = MySqlPrefixExpression()
    |
        e = MySqlInterval()
    |
        e = MySqlCast()
    |
        e = MySqlConvert()
    |
        e = MySqlExtract()
    |
        e = MySqlTimestampFunction()
    |
        e = MySqlGroupConcat()
    |
        e = MySqlValuesReference()
    |
        e = MySqlModFunction()
    )
    { return e; }
}

/** {@code MOD(a, b)}, the function form of {@code a MOD b}. */
SqlNode MySqlModFunction() :
{
    final SqlNode a;
    final SqlNode b;
    final Span s;
}
{
    <MOD> { s = span(); } <LPAREN>
    a = Expression(ExprContext.ACCEPT_SUB_QUERY) <COMMA> b = Expression(ExprContext.ACCEPT_SUB_QUERY)
    <RPAREN> {
        return MySqlOperators.MOD.createCall(s.end(this), a, b);
    }
}

/** {@code @@[scope.]name}, {@code @name}, {@code @'name'}, {@code @`name`}. */
SqlNode MySqlVariable() :
{
    final String name;
}
{
    <SYSTEM_VARIABLE> {
        return ParseSupport.systemVariable(token.image, getPos());
    }
|
    <USER_VARIABLE> {
        return new SqlUserVariable(token.image.substring(1), getPos());
    }
|
    <AT_SIGN> ( name = SimpleStringLiteral() | name = Identifier() ) {
        return new SqlUserVariable(name, getPos());
    }
}

/** {@code !x} (NOT), {@code ~x} (bit inversion) and {@code BINARY x}, binding as tightly as unary minus. */
SqlNode MySqlPrefixExpression() :
{
    final SqlOperator op;
    final List<Object> list = new ArrayList<Object>();
    final Span s;
}
{
    (
        <BANG> { op = SqlStdOperatorTable.NOT; }
    |
        <TILDE> { op = MySqlOperators.BIT_NOT; }
    |
        <BINARY> { op = MySqlOperators.BINARY; }
    )
    { s = span(); }
    AddExpression2b(list, ExprContext.ACCEPT_SUB_QUERY)
    {
        return op.createCall(s.end(this), SqlParserUtil.toTree(list));
    }
}

/**
 * {@code INTERVAL expr unit}, or MySQL's {@code INTERVAL(n, n1, n2, ...)} function. The lexical normalizer marks
 * the INTERVAL keyword (MYSQL_INTERVAL) so that Calcite's standard interval grammar never sees it.
 */
SqlNode MySqlInterval() :
{
    final List<SqlNode> args = new ArrayList<SqlNode>();
    final SqlNode value;
    final String unit;
    final Span s;
}
{
    <MYSQL_INTERVAL> { s = span(); }
    (
        LOOKAHEAD(<LPAREN> Expression(ExprContext.ACCEPT_SUB_QUERY) <COMMA>)
        <LPAREN> AddExpression(args, ExprContext.ACCEPT_SUB_QUERY)
        ( <COMMA> AddExpression(args, ExprContext.ACCEPT_SUB_QUERY) )+
        <RPAREN> {
            return new SqlUnresolvedFunction(new SqlIdentifier("INTERVAL", s.pos()), null, null, null, null,
                SqlFunctionCategory.NUMERIC).createCall(s.end(this), args);
        }
    |
        value = Expression(ExprContext.ACCEPT_SUB_QUERY)
        unit = Identifier() {
            return MySqlOperators.INTERVAL.createCall(s.end(this), value,
                ParseSupport.unitLiteral(unit, getPos()));
        }
    )
}

/** {@code CAST(expr AS type)}. */
SqlNode MySqlCast() :
{
    final SqlNode e;
    final SqlNode type;
    final Span s;
}
{
    <CAST> { s = span(); } <LPAREN>
    e = Expression(ExprContext.ACCEPT_SUB_QUERY)
    <AS> type = MySqlCastTarget()
    <RPAREN> {
        return MySqlOperators.CAST.createCall(s.end(this), e, type);
    }
}

/** {@code CONVERT(expr, type)} and {@code CONVERT(expr USING charset)}. */
SqlNode MySqlConvert() :
{
    final SqlNode e;
    final SqlNode type;
    final String charset;
    final Span s;
}
{
    <CONVERT> { s = span(); } <LPAREN>
    e = Expression(ExprContext.ACCEPT_SUB_QUERY)
    (
        <COMMA> type = MySqlCastTarget() <RPAREN> {
            return MySqlOperators.CAST.createCall(s.end(this), e, type);
        }
    |
        <USING> charset = MySqlNameOrString() <RPAREN> {
            return MySqlOperators.CONVERT_USING.createCall(s.end(this), e,
                SqlLiteral.createCharString(charset, getPos()));
        }
    )
}

/** {@code EXTRACT(unit FROM expr)} with MySQL's units, including compound ones such as DAY_SECOND. */
SqlNode MySqlExtract() :
{
    final String unit;
    final SqlNode unitLiteral;
    final SqlNode e;
    final Span s;
}
{
    <EXTRACT> { s = span(); } <LPAREN>
    unit = Identifier() { unitLiteral = ParseSupport.unitLiteral(unit, getPos()); }
    <FROM> e = Expression(ExprContext.ACCEPT_SUB_QUERY)
    <RPAREN> {
        return MySqlOperators.EXTRACT.createCall(s.end(this), unitLiteral, e);
    }
}

/** {@code TIMESTAMPDIFF(unit, a, b)} and {@code TIMESTAMPADD(unit, n, t)}. */
SqlNode MySqlTimestampFunction() :
{
    final SqlOperator op;
    final String unit;
    final SqlNode unitLiteral;
    final SqlNode a;
    final SqlNode b;
    final Span s;
}
{
    (
        <TIMESTAMPDIFF> { op = MySqlOperators.TIMESTAMP_DIFF; }
    |
        <TIMESTAMPADD> { op = MySqlOperators.TIMESTAMP_ADD; }
    )
    { s = span(); }
    <LPAREN>
    unit = Identifier() { unitLiteral = ParseSupport.unitLiteral(unit, getPos()); }
    <COMMA> a = Expression(ExprContext.ACCEPT_SUB_QUERY)
    <COMMA> b = Expression(ExprContext.ACCEPT_SUB_QUERY)
    <RPAREN> {
        return op.createCall(s.end(this), unitLiteral, a, b);
    }
}

/** {@code GROUP_CONCAT([DISTINCT] expr, ... [ORDER BY ...] [SEPARATOR 's'])}. */
SqlNode MySqlGroupConcat() :
{
    final List<SqlNode> exprs = new ArrayList<SqlNode>();
    SqlNodeList orderBy = null;
    boolean distinct = false;
    String separator = ",";
    final Span s;
}
{
    <GROUP_CONCAT> { s = span(); } <LPAREN>
    [ <DISTINCT> { distinct = true; } ]
    AddExpression(exprs, ExprContext.ACCEPT_SUB_QUERY)
    ( <COMMA> AddExpression(exprs, ExprContext.ACCEPT_SUB_QUERY) )*
    [ orderBy = OrderBy(true) ]
    [ <SEPARATOR> separator = SimpleStringLiteral() ]
    <RPAREN> {
        final SqlParserPos pos = s.end(this);
        return MySqlOperators.GROUP_CONCAT.createCall(pos,
            new SqlNodeList(exprs, pos),
            orderBy == null ? new SqlNodeList(pos) : orderBy,
            SqlLiteral.createCharString(separator, pos),
            SqlLiteral.createBoolean(distinct, pos));
    }
}

/** {@code VALUES(col)} in ON DUPLICATE KEY UPDATE. */
SqlNode MySqlValuesReference() :
{
    final SqlIdentifier column;
    final Span s;
}
{
    <VALUES> { s = span(); } <LPAREN> column = CompoundIdentifier() <RPAREN> {
        return MySqlOperators.VALUES_REF.createCall(s.end(this), column);
    }
}

/**
 * MySQL's binary operators, tried before Calcite's (extraBinaryExpressions): DIV, MOD, %, XOR, &&, ||, <=>,
 * [NOT] REGEXP, &, |, ^, <<, >>, :=, COLLATE.
 */
void MySqlBinaryOperator(List<Object> list, ExprContext exprContext, Span s) :
{
    final SqlOperator op;
    final String collation;
}
{
    (
        <COLLATE> collation = MySqlNameOrString() {
            checkNonQueryExpression(exprContext);
            list.add(new SqlParserUtil.ToTreeListItem(MySqlOperators.COLLATE, getPos()));
            list.add(SqlLiteral.createCharString(collation, getPos()));
        }
    |
        (
            <DIV> { op = MySqlOperators.DIV; }
        |   <MOD> { op = MySqlOperators.MOD; }
        |   <PERCENT_REMAINDER> { op = MySqlOperators.MOD; }
        |   <XOR> { op = MySqlOperators.XOR; }
        |   <DOUBLE_AMPERSAND> { op = SqlStdOperatorTable.AND; }
        |   <CONCAT> { op = SqlStdOperatorTable.OR; }
        |   <NULL_SAFE_EQUAL> { op = MySqlOperators.NULL_SAFE_EQUAL; }
        |   <REGEXP> { op = MySqlOperators.REGEXP; }
        |   <NOT> <REGEXP> { op = MySqlOperators.NOT_REGEXP; }
        |   <AMPERSAND> { op = MySqlOperators.BIT_AND; }
        |   <VERTICAL_BAR> { op = MySqlOperators.BIT_OR; }
        |   <CARET> { op = MySqlOperators.BIT_XOR; }
        |   <LEFTSHIFT> { op = MySqlOperators.SHIFT_LEFT; }
        |   <RIGHTSHIFT> { op = MySqlOperators.SHIFT_RIGHT; }
        |   <ASSIGN> { op = MySqlOperators.ASSIGN; }
        )
        {
            checkNonQueryExpression(exprContext);
            list.add(new SqlParserUtil.ToTreeListItem(op, getPos()));
        }
        AddExpression2b(list, ExprContext.ACCEPT_SUB_QUERY)
    )
}

// ============================================================================================================
// Queries and DML
// ============================================================================================================

/** A query, with MySQL's optional locking clause. */
SqlNode MySqlQueryStatement() :
{
    final SqlNode query;
    SqlLockingSelect.LockMode mode = null;
    boolean nowait = false;
    boolean skipLocked = false;
    final Span s;
}
{
    { s = span(); }
    query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY)
    [
        (
            (
                <FOR_UPDATE> { mode = SqlLockingSelect.LockMode.FOR_UPDATE; }
            |
                <FOR_SHARE> { mode = SqlLockingSelect.LockMode.SHARE; }
            )
            [ <OF> MySqlTableName() ( <COMMA> MySqlTableName() )* ]
            [
                <NOWAIT> { nowait = true; }
            |
                <SKIP_> <LOCKED> { skipLocked = true; }
            ]
        |
            <LOCK> <IN> <SHARE> <MODE> { mode = SqlLockingSelect.LockMode.SHARE; }
        )
    ]
    {
        if (mode == null) {
            return query;
        }
        return new SqlLockingSelect(s.end(this), query, mode, nowait, skipLocked);
    }
}

/** One row of VALUES: {@code (v, DEFAULT, ...)}, possibly empty, or {@code ROW(...)}. */
void MySqlValuesRow(List<SqlNode> rows) :
{
    final List<SqlNode> values = new ArrayList<SqlNode>();
    final Span s;
}
{
    [ <ROW> ]
    <LPAREN> { s = span(); }
    [
        MySqlValueOrDefault(values)
        ( <COMMA> MySqlValueOrDefault(values) )*
    ]
    <RPAREN> {
        rows.add(SqlStdOperatorTable.ROW.createCall(s.end(this), values));
    }
}

void MySqlValueOrDefault(List<SqlNode> values) :
{
    final SqlNode e;
}
{
    (
        e = Default()
    |
        e = Expression(ExprContext.ACCEPT_SUB_QUERY)
    )
    { values.add(e); }
}

/** {@code col = expr|DEFAULT} as an EQUALS call. */
void MySqlAssignment(List<SqlNode> list) :
{
    final SqlIdentifier column;
    final SqlNode value;
}
{
    column = CompoundIdentifier()
    <EQ>
    (
        value = Default()
    |
        value = Expression(ExprContext.ACCEPT_SUB_QUERY)
    )
    {
        list.add(SqlStdOperatorTable.EQUALS.createCall(column.getParserPosition().plus(getPos()), column, value));
    }
}

/** INSERT and REPLACE in every MySQL form. */
SqlNode MySqlInsert() :
{
    boolean replace = false;
    boolean ignore = false;
    final SqlIdentifier table;
    final List<SqlNode> columns = new ArrayList<SqlNode>();
    final List<SqlNode> rows = new ArrayList<SqlNode>();
    final List<SqlNode> assignments = new ArrayList<SqlNode>();
    final List<SqlNode> update = new ArrayList<SqlNode>();
    SqlNode source = null;
    SqlIdentifier column;
    final Span s;
    Span sourceSpan;
}
{
    (
        <INSERT>
    |
        <REPLACE> { replace = true; }
    )
    { s = span(); }
    [ <LOW_PRIORITY> | <DELAYED> | <HIGH_PRIORITY> ]
    [ <IGNORE> { ignore = true; } ]
    [ <INTO> ]
    table = MySqlTableName()
    (
        <SET> { sourceSpan = span(); }
        MySqlAssignment(assignments) ( <COMMA> MySqlAssignment(assignments) )*
        {
            final List<SqlNode> values = new ArrayList<SqlNode>();
            for (SqlNode assignment : assignments) {
                columns.add(((SqlCall) assignment).operand(0));
                values.add(((SqlCall) assignment).operand(1));
            }
            final SqlParserPos pos = sourceSpan.end(this);
            source = SqlStdOperatorTable.VALUES.createCall(pos, SqlStdOperatorTable.ROW.createCall(pos, values));
        }
    |
        [
            // a column list, possibly empty; not a parenthesized query
            LOOKAHEAD(<LPAREN> ( <RPAREN> | CompoundIdentifier() ( <COMMA> | <RPAREN> ) ))
            <LPAREN>
            [
                column = CompoundIdentifier() { columns.add(column); }
                ( <COMMA> column = CompoundIdentifier() { columns.add(column); } )*
            ]
            <RPAREN>
        ]
        (
            ( <VALUES> | <VALUE> ) { sourceSpan = span(); }
            MySqlValuesRow(rows) ( <COMMA> MySqlValuesRow(rows) )*
            {
                source = SqlStdOperatorTable.VALUES.createCall(sourceSpan.end(this), rows);
            }
        |
            source = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY)
        )
    )
    [
        <ON> <DUPLICATE> <KEY> <UPDATE>
        MySqlAssignment(update) ( <COMMA> MySqlAssignment(update) )*
    ]
    {
        final SqlParserPos pos = s.end(this);
        return new SqlMySqlInsert(pos, table, new SqlNodeList(columns, pos), source, ignore, replace,
            new SqlNodeList(update, pos));
    }
}

/** {@code [ [AS] alias ]} after a single table of UPDATE / DELETE. */
String MySqlTableAlias() :
{
    final String alias;
}
{
    [ <AS> ] alias = Identifier() { return alias; }
|
    { return null; }
}

/** {@code [WHERE ...] [ORDER BY ...] [LIMIT n]} of single-table UPDATE / DELETE; fills {where, orderBy, limit}. */
void MySqlWhereOrderLimit(SqlNode[] parts) :
{
}
{
    [ <WHERE> parts[0] = Expression(ExprContext.ACCEPT_SUB_QUERY) ]
    [ parts[1] = OrderBy(true) ]
    [ <LIMIT> parts[2] = UnsignedNumericLiteralOrParam() ]
}

/** Single-table {@code UPDATE}. */
SqlNode MySqlUpdate() :
{
    boolean ignore = false;
    final SqlIdentifier table;
    final String alias;
    final List<SqlNode> assignments = new ArrayList<SqlNode>();
    final List<SqlNode> targets = new ArrayList<SqlNode>();
    final List<SqlNode> sources = new ArrayList<SqlNode>();
    final SqlNode[] parts = new SqlNode[3];
    final Span s;
}
{
    <UPDATE> { s = span(); }
    [ <LOW_PRIORITY> ]
    [ <IGNORE> { ignore = true; } ]
    table = MySqlTableName()
    alias = MySqlTableAlias()
    <SET> MySqlAssignment(assignments) ( <COMMA> MySqlAssignment(assignments) )*
    MySqlWhereOrderLimit(parts)
    {
        for (SqlNode assignment : assignments) {
            targets.add(((SqlCall) assignment).operand(0));
            sources.add(((SqlCall) assignment).operand(1));
        }
        final SqlParserPos pos = s.end(this);
        return new SqlMySqlUpdate(pos, table, alias, new SqlNodeList(targets, pos), new SqlNodeList(sources, pos),
            parts[0], parts[1] == null ? new SqlNodeList(pos) : (SqlNodeList) parts[1], parts[2], ignore);
    }
}

/** Single-table {@code DELETE}. */
SqlNode MySqlDelete() :
{
    final SqlIdentifier table;
    final String alias;
    final SqlNode[] parts = new SqlNode[3];
    final Span s;
}
{
    <DELETE> { s = span(); }
    [ <LOW_PRIORITY> ]
    [ <QUICK> ]
    [ <IGNORE> ]
    <FROM> table = MySqlTableName()
    alias = MySqlTableAlias()
    MySqlWhereOrderLimit(parts)
    {
        final SqlParserPos pos = s.end(this);
        return new SqlMySqlDelete(pos, table, alias, parts[0],
            parts[1] == null ? new SqlNodeList(pos) : (SqlNodeList) parts[1], parts[2]);
    }
}

// ============================================================================================================
// DDL
// ============================================================================================================

/** CREATE DATABASE | TABLE | INDEX. */
SqlNode MySqlCreateStatement() :
{
    final Span s;
    final SqlNode node;
}
{
    <CREATE> { s = span(); }
    (
        node = MySqlCreateDatabase(s)
    |
        node = MySqlCreateTable(s)
    |
        node = MySqlCreateIndex(s)
    )
    { return node; }
}

SqlNode MySqlCreateDatabase(Span s) :
{
    final boolean ifNotExists;
    final String name;
    String charset = null;
    String collation = null;
}
{
    ( <DATABASE> | <SCHEMA> )
    ifNotExists = MySqlIfNotExists()
    name = Identifier()
    (
        [ <DEFAULT_> ]
        (
            MySqlCharsetWords() MySqlOptionalEquals() charset = MySqlNameOrString()
        |
            <COLLATE> MySqlOptionalEquals() collation = MySqlNameOrString()
        )
    )*
    {
        return new SqlCreateDatabase(s.end(this), name, ifNotExists, charset, collation);
    }
}

SqlNode MySqlCreateTable(Span s) :
{
    final boolean ifNotExists;
    final SqlIdentifier table;
    SqlIdentifier likeTable = null;
    final List<SqlColumnSpec> columns = new ArrayList<SqlColumnSpec>();
    final List<SqlIndexSpec> indexes = new ArrayList<SqlIndexSpec>();
    final TableOptions tableOptions = new TableOptions();
    final List<String> ignored = new ArrayList<String>();
}
{
    <TABLE>
    ifNotExists = MySqlIfNotExists()
    table = MySqlTableName()
    (
        <LIKE> likeTable = MySqlTableName()
    |
        LOOKAHEAD(2) <LPAREN> <LIKE> likeTable = MySqlTableName() <RPAREN>
    |
        <LPAREN>
        MySqlTableElement(columns, indexes, ignored)
        ( <COMMA> MySqlTableElement(columns, indexes, ignored) )*
        <RPAREN>
        ( MySqlTableOption(tableOptions) [ <COMMA> ] )*
    )
    {
        return new SqlCreateTable(s.end(this), table, ifNotExists, columns, indexes, likeTable, tableOptions.asMap(), ignored);
    }
}

/** A column definition, an index, or a (recorded but unenforced) FOREIGN KEY / CHECK constraint. */
void MySqlTableElement(List<SqlColumnSpec> columns, List<SqlIndexSpec> indexes, List<String> ignored) :
{
    final SqlIndexSpec index;
    final String constraint;
}
{
    LOOKAHEAD(MySqlIndexStart())
    index = MySqlIndexDefinition() { indexes.add(index); }
|
    LOOKAHEAD([ <CONSTRAINT> [ Identifier() ] ] ( <FOREIGN> | <CHECK> ))
    constraint = MySqlIgnoredConstraint() { ignored.add(constraint); }
|
    MySqlColumnDefinition(columns, ignored)
}

/** The tokens that begin an index table element (used as syntactic lookahead only). */
void MySqlIndexStart() :
{
}
{
    [ <CONSTRAINT> [ Identifier() ] ] ( <PRIMARY> | <UNIQUE> )
|
    <KEY> | <INDEX> | <FULLTEXT>
}

/** {@code [CONSTRAINT [x]] PRIMARY KEY | UNIQUE [KEY|INDEX] [name] | KEY|INDEX [name] | FULLTEXT ... (cols)}. */
SqlIndexSpec MySqlIndexDefinition() :
{
    String name = null;
    final SqlIndexSpec.Kind kind;
    final List<SqlIndexColumn> columns;
}
{
    [ <CONSTRAINT> [ name = Identifier() ] ]
    (
        <PRIMARY> <KEY> { kind = SqlIndexSpec.Kind.PRIMARY; name = null; }
    |
        <UNIQUE> [ <KEY> | <INDEX> ] { kind = SqlIndexSpec.Kind.UNIQUE; }
        [ name = Identifier() ]
    |
        ( <KEY> | <INDEX> ) { kind = SqlIndexSpec.Kind.INDEX; }
        [ name = Identifier() ]
    |
        <FULLTEXT> [ <KEY> | <INDEX> ] { kind = SqlIndexSpec.Kind.FULLTEXT; }
        [ name = Identifier() ]
    )
    MySqlIndexOptions()
    columns = MySqlIndexColumns()
    MySqlIndexOptions()
    { return new SqlIndexSpec(name, kind, columns); }
}

/** {@code (col [(n)] [ASC|DESC], ...)}. */
List<SqlIndexColumn> MySqlIndexColumns() :
{
    final List<SqlIndexColumn> columns = new ArrayList<SqlIndexColumn>();
    String name;
    Integer prefix;
    boolean descending;
}
{
    <LPAREN>
    (
        name = Identifier() { prefix = null; descending = false; }
        [ <LPAREN> <UNSIGNED_INTEGER_LITERAL> { prefix = ParseSupport.intValue(token.image, getPos()); } <RPAREN> ]
        [ <ASC> | <DESC> { descending = true; } ]
        { columns.add(new SqlIndexColumn(name, prefix, descending)); }
    )
    (
        <COMMA>
        name = Identifier() { prefix = null; descending = false; }
        [ <LPAREN> <UNSIGNED_INTEGER_LITERAL> { prefix = ParseSupport.intValue(token.image, getPos()); } <RPAREN> ]
        [ <ASC> | <DESC> { descending = true; } ]
        { columns.add(new SqlIndexColumn(name, prefix, descending)); }
    )*
    <RPAREN>
    { return columns; }
}

/** Index options, accepted and not kept: USING BTREE|HASH, COMMENT 's', KEY_BLOCK_SIZE [=] n, VISIBLE... */
void MySqlIndexOptions() :
{
}
{
    (
        <USING> Identifier()
    |
        <COMMENT> SimpleStringLiteral()
    |
        LOOKAHEAD(2) Identifier() <EQ> MySqlOptionValue()
    |
        LOOKAHEAD(2) Identifier() <UNSIGNED_INTEGER_LITERAL>
    |
        LOOKAHEAD(1, { getToken(1).kind == IDENTIFIER }) Identifier()
    )*
}

/** FOREIGN KEY / CHECK: parsed and returned as text; the engine warns that it is not enforced. */
String MySqlIgnoredConstraint() :
{
    final StringBuilder text = new StringBuilder();
    String name;
    final List<String> names = new ArrayList<String>();
    final List<String> refs = new ArrayList<String>();
    final SqlIdentifier parent;
    final SqlNode check;
}
{
    [ <CONSTRAINT> [ name = Identifier() { text.append("CONSTRAINT ").append(name).append(' '); } ] ]
    (
        <FOREIGN> <KEY> [ name = Identifier() ]
        <LPAREN> name = Identifier() { names.add(name); } ( <COMMA> name = Identifier() { names.add(name); } )* <RPAREN>
        <REFERENCES> parent = MySqlTableName()
        <LPAREN> name = Identifier() { refs.add(name); } ( <COMMA> name = Identifier() { refs.add(name); } )* <RPAREN>
        ( MySqlReferenceOption() )*
        {
            text.append("FOREIGN KEY ").append(ParseSupport.parenthesized(names))
                .append(" REFERENCES ").append(ParseSupport.dotted(parent))
                .append(' ').append(ParseSupport.parenthesized(refs));
        }
    |
        <CHECK> <LPAREN> check = Expression(ExprContext.ACCEPT_SUB_QUERY) <RPAREN>
        [ [ <NOT> ] Identifier() ]
        { text.append("CHECK (").append(ParseSupport.toSql(check)).append(')'); }
    )
    { return text.toString(); }
}

/** {@code MATCH ...}, {@code ON DELETE|UPDATE RESTRICT|CASCADE|SET NULL|SET DEFAULT|NO ACTION}. */
void MySqlReferenceOption() :
{
}
{
    <MATCH> ( <FULL> | Identifier() )
|
    <ON> ( <DELETE> | <UPDATE> )
    (
        <RESTRICT> | <CASCADE> | <SET> ( <NULL> | <DEFAULT_> ) | <NO> <ACTION>
    )
}

/** {@code name type attribute*}; column-level REFERENCES / CHECK go to the ignored constraints. */
void MySqlColumnDefinition(List<SqlColumnSpec> columns, List<String> ignored) :
{
    final String name;
    final SqlTypeSpec type;
    final ColumnSpecBuilder b;
}
{
    name = Identifier()
    type = MySqlColumnType() { b = new ColumnSpecBuilder(name, type); }
    ( MySqlColumnAttribute(b, name, ignored) )*
    { columns.add(b.build()); }
}

void MySqlColumnAttribute(ColumnSpecBuilder b, String column, List<String> ignored) :
{
    final SqlNode e;
    final String s;
    final SqlIdentifier parent;
    final List<String> refs = new ArrayList<String>();
    String ref;
}
{
    <NOT> <NULL> { b.notNull(true); }
|
    <NULL> { b.notNull(false); }
|
    <DEFAULT_> e = MySqlColumnDefault() { b.defaultValue(e); }
|
    <AUTO_INCREMENT> { b.autoIncrement(); }
|
    <PRIMARY> <KEY> { b.primaryKey(); }
|
    <KEY> { b.primaryKey(); }
|
    <UNIQUE> [ <KEY> ] { b.unique(); }
|
    <COMMENT> s = SimpleStringLiteral() { b.comment(s); }
|
    MySqlCharsetWords() s = MySqlNameOrString() { b.charset(s); }
|
    <COLLATE> s = MySqlNameOrString() { b.collation(s); }
|
    <ON> <UPDATE> MySqlCurrentTimestamp() { b.onUpdateCurrentTimestamp(); }
|
    <BINARY>
|
    <REFERENCES> parent = MySqlTableName()
    <LPAREN> ref = Identifier() { refs.add(ref); } ( <COMMA> ref = Identifier() { refs.add(ref); } )* <RPAREN>
    ( MySqlReferenceOption() )*
    {
        ignored.add("FOREIGN KEY (" + column + ") REFERENCES " + ParseSupport.dotted(parent) + " "
            + ParseSupport.parenthesized(refs));
    }
|
    <CHECK> <LPAREN> e = Expression(ExprContext.ACCEPT_SUB_QUERY) <RPAREN> {
        ignored.add("CHECK (" + ParseSupport.toSql(e) + ")");
    }
}

/**
 * DEFAULT value: a literal (signed numbers fold into one literal), NULL, TRUE/FALSE, CURRENT_TIMESTAMP / NOW() /
 * LOCALTIMESTAMP [(n)], or MySQL 8's parenthesized expression.
 */
SqlNode MySqlColumnDefault() :
{
    final SqlNode e;
}
{
    (
        e = NumericLiteral()
    |
        e = StringLiteral()
    |
        e = SpecialLiteral()
    |
        e = MySqlCurrentTimestamp()
    |
        <LPAREN> e = Expression(ExprContext.ACCEPT_SUB_QUERY) <RPAREN>
    )
    { return e; }
}

/** CURRENT_TIMESTAMP[(n)] and its synonyms NOW(n), LOCALTIME[(n)], LOCALTIMESTAMP[(n)]. */
SqlNode MySqlCurrentTimestamp() :
{
    SqlNode precision = null;
    final String name;
    final Span s;
}
{
    (
        ( <CURRENT_TIMESTAMP> | <LOCALTIME> | <LOCALTIMESTAMP> ) { s = span(); }
        [ <LPAREN> [ precision = UnsignedNumericLiteral() ] <RPAREN> ]
    |
        name = Identifier() {
            s = span();
            if (!ParseSupport.isNowFunction(name)) {
                throw ParseSupport.syntaxError(s.pos());
            }
        }
        <LPAREN> [ precision = UnsignedNumericLiteral() ] <RPAREN>
    )
    { return ParseSupport.currentTimestamp(s.end(this), precision); }
}

/** A table option of CREATE / ALTER TABLE, recorded by upper-case name. */
void MySqlTableOption(TableOptions tableOptions) :
{
    final String name;
    final String value;
}
{
    [ <DEFAULT_> ]
    (
        MySqlCharsetWords() MySqlOptionalEquals() value = MySqlNameOrString() { tableOptions.put("CHARSET", value); }
    |
        <COLLATE> MySqlOptionalEquals() value = MySqlNameOrString() { tableOptions.put("COLLATE", value); }
    |
        name = Identifier() MySqlOptionalEquals() value = MySqlOptionValue() {
            tableOptions.put(ParseSupport.upper(name), value);
        }
    )
}

/** The value of a table or index option, as text. */
String MySqlOptionValue() :
{
    final String s;
    final SqlLiteral n;
}
{
    (
        n = NumericLiteral() { s = n.toValue(); }
    |
        s = MySqlNameOrString()
    |
        <DEFAULT_> { s = "DEFAULT"; }
    )
    { return s; }
}

/** {@code CREATE [UNIQUE|FULLTEXT] INDEX name [USING x] ON t (cols) [options] [ALGORITHM|LOCK [=] x]}. */
SqlNode MySqlCreateIndex(Span s) :
{
    SqlIndexSpec.Kind kind = SqlIndexSpec.Kind.INDEX;
    final String name;
    final SqlIdentifier table;
    final List<SqlIndexColumn> columns;
}
{
    [
        <UNIQUE> { kind = SqlIndexSpec.Kind.UNIQUE; }
    |
        <FULLTEXT> { kind = SqlIndexSpec.Kind.FULLTEXT; }
    ]
    <INDEX> name = Identifier()
    MySqlIndexOptions()
    <ON> table = MySqlTableName()
    columns = MySqlIndexColumns()
    MySqlIndexOptions()
    ( <LOCK> MySqlOptionalEquals() Identifier() )*
    {
        return new SqlCreateIndex(s.end(this), name, table, kind, columns);
    }
}

/** DROP DATABASE | TABLE | INDEX. */
SqlNode MySqlDropStatement() :
{
    final Span s;
    boolean ifExists;
    boolean temporary = false;
    final String name;
    final SqlIdentifier table;
    final List<SqlIdentifier> tables = new ArrayList<SqlIdentifier>();
    SqlIdentifier t;
}
{
    <DROP> { s = span(); }
    (
        ( <DATABASE> | <SCHEMA> ) ifExists = MySqlIfExists() name = Identifier() {
            return new SqlDropDatabase(s.end(this), name, ifExists);
        }
    |
        [ <TEMPORARY> { temporary = true; } ]
        ( <TABLE> | <TABLES> )
        ifExists = MySqlIfExists()
        t = MySqlTableName() { tables.add(t); }
        ( <COMMA> t = MySqlTableName() { tables.add(t); } )*
        [ <RESTRICT> | <CASCADE> ]
        {
            return new SqlDropTable(s.end(this), tables, ifExists, temporary);
        }
    |
        <INDEX> name = Identifier() <ON> table = MySqlTableName()
        ( ( <LOCK> | Identifier() ) MySqlOptionalEquals() Identifier() )*
        {
            return new SqlDropIndex(s.end(this), name, table);
        }
    )
}

/** {@code ALTER TABLE t action, ...}. */
SqlNode MySqlAlterTable() :
{
    final Span s;
    final SqlIdentifier table;
    final List<AlterAction> actions = new ArrayList<AlterAction>();
}
{
    <ALTER> { s = span(); } <TABLE> table = MySqlTableName()
    MySqlAlterAction(actions) ( <COMMA> MySqlAlterAction(actions) )*
    {
        return new SqlAlterTable(s.end(this), table, actions);
    }
}

void MySqlAlterAction(List<AlterAction> actions) :
{
    final List<SqlColumnSpec> columns = new ArrayList<SqlColumnSpec>();
    final List<String> ignored = new ArrayList<String>();
    final TableOptions tableOptions = new TableOptions();
    final SqlIndexSpec index;
    final String name;
    final String oldName;
    SqlIdentifier to;
    String after = null;
    boolean first = false;
}
{
    <ADD>
    (
        LOOKAHEAD(MySqlIndexStart())
        index = MySqlIndexDefinition() { actions.add(new AlterAction.AddIndex(index)); }
    |
        LOOKAHEAD([ <CONSTRAINT> [ Identifier() ] ] ( <FOREIGN> | <CHECK> ))
        MySqlIgnoredConstraint() { actions.add(new AlterAction.TableOptions()); }
    |
        [ <COLUMN> ]
        (
            <LPAREN>
            MySqlColumnDefinition(columns, ignored) ( <COMMA> MySqlColumnDefinition(columns, ignored) )*
            <RPAREN>
        |
            MySqlColumnDefinition(columns, ignored)
            [
                <FIRST> { first = true; }
            |
                <AFTER> after = Identifier()
            ]
        )
        {
            for (SqlColumnSpec column : columns) {
                actions.add(new AlterAction.AddColumn(column, after, first));
            }
        }
    )
|
    <DROP>
    (
        <PRIMARY> <KEY> { actions.add(new AlterAction.DropPrimaryKey()); }
    |
        ( <INDEX> | <KEY> ) name = Identifier() { actions.add(new AlterAction.DropIndex(name)); }
    |
        <FOREIGN> <KEY> Identifier() { actions.add(new AlterAction.TableOptions()); }
    |
        [ <COLUMN> ] name = Identifier() { actions.add(new AlterAction.DropColumn(name)); }
    )
|
    <MODIFY> [ <COLUMN> ]
    MySqlColumnDefinition(columns, ignored)
    [ <FIRST> | <AFTER> Identifier() ]
    {
        actions.add(new AlterAction.ModifyColumn(columns.get(0).name(), columns.get(0)));
    }
|
    <CHANGE> [ <COLUMN> ] oldName = Identifier()
    MySqlColumnDefinition(columns, ignored)
    [ <FIRST> | <AFTER> Identifier() ]
    {
        actions.add(new AlterAction.ModifyColumn(oldName, columns.get(0)));
    }
|
    <RENAME> [ <TO> | <AS> ] to = MySqlTableName() { actions.add(new AlterAction.RenameTable(to)); }
|
    <LOCK> MySqlOptionalEquals() Identifier() { actions.add(new AlterAction.TableOptions()); }
|
    MySqlTableOption(tableOptions) { actions.add(new AlterAction.TableOptions()); }
}

/** {@code RENAME TABLE a TO b [, c TO d ...]}. */
SqlNode MySqlRenameTable() :
{
    final Span s;
    final List<SqlRenameTable.Rename> renames = new ArrayList<SqlRenameTable.Rename>();
    SqlIdentifier from;
    SqlIdentifier to;
}
{
    <RENAME> { s = span(); } ( <TABLE> | <TABLES> )
    from = MySqlTableName() <TO> to = MySqlTableName() { renames.add(new SqlRenameTable.Rename(from, to)); }
    (
        <COMMA>
        from = MySqlTableName() <TO> to = MySqlTableName() { renames.add(new SqlRenameTable.Rename(from, to)); }
    )*
    {
        return new SqlRenameTable(s.end(this), renames);
    }
}

/** {@code TRUNCATE [TABLE] t}. */
SqlNode MySqlTruncate() :
{
    final Span s;
    final SqlIdentifier table;
}
{
    <TRUNCATE> { s = span(); } [ <TABLE> ] table = MySqlTableName() {
        return new SqlTruncateTable(s.end(this), table);
    }
}

// ============================================================================================================
// SHOW, DESCRIBE, EXPLAIN
// ============================================================================================================

SqlNode MySqlShow() :
{
    final Span s;
    final ShowBuilder b = new ShowBuilder();
}
{
    <SHOW> { s = span(); }
    (
        ( <DATABASES> | <SCHEMAS> ) { b.kind = SqlShow.Kind.DATABASES; } MySqlShowFilter(b)
    |
        <FULL> { b.full = true; }
        (
            <TABLES> { b.kind = SqlShow.Kind.TABLES; } [ b.database = MySqlFromDatabase() ] MySqlShowFilter(b)
        |
            ( <COLUMNS> | <FIELDS> ) { b.kind = SqlShow.Kind.COLUMNS; } MySqlShowColumnsTail(b)
        |
            <PROCESSLIST> { b.kind = SqlShow.Kind.PROCESSLIST; }
        )
    |
        <TABLES> { b.kind = SqlShow.Kind.TABLES; } [ b.database = MySqlFromDatabase() ] MySqlShowFilter(b)
    |
        ( <COLUMNS> | <FIELDS> ) { b.kind = SqlShow.Kind.COLUMNS; } MySqlShowColumnsTail(b)
    |
        ( <INDEX> | <INDEXES> | <KEYS> ) { b.kind = SqlShow.Kind.INDEX; } MySqlShowColumnsTail(b)
    |
        <CREATE>
        (
            <TABLE> { b.kind = SqlShow.Kind.CREATE_TABLE; } b.table = MySqlTableName()
        |
            ( <DATABASE> | <SCHEMA> ) { b.kind = SqlShow.Kind.CREATE_DATABASE; }
            MySqlIfNotExists() b.database = Identifier()
        )
    |
        ( <GLOBAL> { b.global = true; } | <SESSION> | <LOCAL> )
        (
            <VARIABLES> { b.kind = SqlShow.Kind.VARIABLES; }
        |
            <STATUS> { b.kind = SqlShow.Kind.STATUS; }
        )
        MySqlShowFilter(b)
    |
        <VARIABLES> { b.kind = SqlShow.Kind.VARIABLES; } MySqlShowFilter(b)
    |
        <STATUS> { b.kind = SqlShow.Kind.STATUS; } MySqlShowFilter(b)
    |
        <PROCESSLIST> { b.kind = SqlShow.Kind.PROCESSLIST; }
    |
        <WARNINGS> { b.kind = SqlShow.Kind.WARNINGS; } MySqlShowLimit(b)
    |
        <ERRORS> { b.kind = SqlShow.Kind.ERRORS; } MySqlShowLimit(b)
    |
        <COUNT> <LPAREN> <STAR> <RPAREN>
        (
            <WARNINGS> { b.kind = SqlShow.Kind.COUNT_WARNINGS; }
        |
            <ERRORS> { b.kind = SqlShow.Kind.COUNT_ERRORS; }
        )
    |
        [ <STORAGE> ] <ENGINES> { b.kind = SqlShow.Kind.ENGINES; }
    |
        <COLLATION> { b.kind = SqlShow.Kind.COLLATION; } MySqlShowFilter(b)
    |
        MySqlCharsetWords() { b.kind = SqlShow.Kind.CHARACTER_SET; } MySqlShowFilter(b)
    |
        <TABLE> <STATUS> { b.kind = SqlShow.Kind.TABLE_STATUS; }
        [ b.database = MySqlFromDatabase() ] MySqlShowFilter(b)
    |
        <FUNCTION> <STATUS> { b.kind = SqlShow.Kind.FUNCTION_STATUS; } MySqlShowFilter(b)
    |
        <PROCEDURE> <STATUS> { b.kind = SqlShow.Kind.PROCEDURE_STATUS; } MySqlShowFilter(b)
    |
        <TRIGGERS> { b.kind = SqlShow.Kind.TRIGGERS; } [ b.database = MySqlFromDatabase() ] MySqlShowFilter(b)
    |
        <GRANTS> { b.kind = SqlShow.Kind.GRANTS; } [ <FOR> MySqlUserSpec() ]
    |
        <PRIVILEGES> { b.kind = SqlShow.Kind.PRIVILEGES; }
    |
        <PLUGINS> { b.kind = SqlShow.Kind.PLUGINS; }
    |
        <MASTER>
        (
            <STATUS> { b.kind = SqlShow.Kind.MASTER_STATUS; }
        |
            <LOGS> { b.kind = SqlShow.Kind.BINARY_LOGS; }
        )
    |
        <BINARY>
        (
            <LOGS> { b.kind = SqlShow.Kind.BINARY_LOGS; }
        |
            MySqlWord("LOG") <STATUS> { b.kind = SqlShow.Kind.BINLOG_STATUS; }
        )
    |
        <BINLOG>
        (
            <STATUS> { b.kind = SqlShow.Kind.BINLOG_STATUS; }
        |
            <EVENTS> { b.kind = SqlShow.Kind.BINLOG_EVENTS; }
            [ <IN> b.logName = SimpleStringLiteral() ]
            [ <FROM> <UNSIGNED_INTEGER_LITERAL> { b.position = ParseSupport.longValue(token.image, getPos()); } ]
            MySqlShowLimit(b)
        )
    |
        ( <SLAVE> | <REPLICA> )
        (
            <STATUS> { b.kind = SqlShow.Kind.SLAVE_STATUS; }
            [ <FOR> MySqlWord("CHANNEL") MySqlNameOrString() ]
        |
            MySqlWord("HOSTS") { b.kind = SqlShow.Kind.SLAVE_HOSTS; }
        )
    |
        <OPEN> <TABLES> { b.kind = SqlShow.Kind.OPEN_TABLES; }
        [ b.database = MySqlFromDatabase() ] MySqlShowFilter(b)
    )
    { return b.build(s.end(this)); }
}

/** {@code FROM|IN t [FROM|IN db] [LIKE|WHERE]} of SHOW COLUMNS / SHOW INDEX. */
void MySqlShowColumnsTail(ShowBuilder b) :
{
}
{
    ( <FROM> | <IN> ) b.table = MySqlTableName()
    [ b.database = MySqlFromDatabase() ]
    MySqlShowFilter(b)
}

/** An account: {@code CURRENT_USER[()]}, {@code 'u'@'h'}, {@code u@h}, {@code u}. */
void MySqlUserSpec() :
{
}
{
    <CURRENT_USER> [ <LPAREN> <RPAREN> ]
|
    MySqlNameOrString() [ <USER_VARIABLE> | <AT_SIGN> MySqlNameOrString() ]
}

/** An identifier that must be the given word, for words not worth a keyword (LOG, CHANNEL). */
void MySqlWord(String word) :
{
    final String s;
}
{
    s = Identifier() {
        if (!s.equalsIgnoreCase(word)) {
            throw ParseSupport.syntaxError(getPos());
        }
    }
}

/** DESCRIBE / DESC / EXPLAIN of a table (as SHOW COLUMNS) or of a statement. */
SqlNode MySqlDescribeOrExplain() :
{
    final Span s;
    String format = null;
    final SqlNode stmt;
    final ShowBuilder b = new ShowBuilder();
    String column;
}
{
    ( <DESCRIBE> | <DESC> | <EXPLAIN> ) { s = span(); }
    (
        LOOKAHEAD({ ParseSupport.isExplainable(getToken(1).kind, getToken(2).kind) })
        [ LOOKAHEAD(2) <FORMAT> <EQ> format = Identifier() { format = ParseSupport.upper(format); } ]
        [ <ANALYZE> ]
        (
            stmt = MySqlInsert()
        |
            stmt = MySqlUpdate()
        |
            stmt = MySqlDelete()
        |
            stmt = MySqlQueryStatement()
        )
        {
            return new SqlExplainStatement(s.end(this), stmt, format);
        }
    |
        b.table = MySqlTableName() { b.kind = SqlShow.Kind.COLUMNS; }
        [
            column = Identifier() { b.like = column; }
        |
            b.like = SimpleStringLiteral()
        ]
        {
            return b.build(s.end(this));
        }
    )
}

// ============================================================================================================
// SET, transactions, sessions, administration
// ============================================================================================================

/** SET assignments, or SET [GLOBAL|SESSION] TRANSACTION. */
SqlNode MySqlSet() :
{
    final Span s;
    final List<SqlSetAssignment> assignments = new ArrayList<SqlSetAssignment>();
    final VariableScoped.Scope[] carriedScope = { VariableScoped.Scope.DEFAULT };
    final SqlNode node;
}
{
    <SET> { s = span(); }
    (
        LOOKAHEAD(2) node = MySqlSetTransaction(s) { return node; }
    |
        MySqlSetAssignment(assignments, carriedScope)
        ( <COMMA> MySqlSetAssignment(assignments, carriedScope) )*
        {
            return new SqlSetStatement(s.end(this), assignments);
        }
    )
}

SqlNode MySqlSetTransaction(Span s) :
{
    SqlSetTransaction.Scope scope = SqlSetTransaction.Scope.NEXT;
    final String[] isolation = { null };
    final Boolean[] readOnly = { null };
}
{
    [
        <GLOBAL> { scope = SqlSetTransaction.Scope.GLOBAL; }
    |
        ( <SESSION> | <LOCAL> ) { scope = SqlSetTransaction.Scope.SESSION; }
    ]
    <TRANSACTION>
    MySqlTransactionCharacteristic(isolation, readOnly)
    ( <COMMA> MySqlTransactionCharacteristic(isolation, readOnly) )*
    {
        return new SqlSetTransaction(s.end(this), scope, isolation[0], readOnly[0]);
    }
}

void MySqlTransactionCharacteristic(String[] isolation, Boolean[] readOnly) :
{
}
{
    <ISOLATION> <LEVEL>
    (
        <READ>
        (
            <UNCOMMITTED> { isolation[0] = "READ-UNCOMMITTED"; }
        |
            <COMMITTED> { isolation[0] = "READ-COMMITTED"; }
        )
    |
        <REPEATABLE> <READ> { isolation[0] = "REPEATABLE-READ"; }
    |
        <SERIALIZABLE> { isolation[0] = "SERIALIZABLE"; }
    )
|
    <READ>
    (
        <ONLY> { readOnly[0] = Boolean.TRUE; }
    |
        <WRITE> { readOnly[0] = Boolean.FALSE; }
    )
}

/** One assignment; a GLOBAL / SESSION / PERSIST word carries over to later unscoped assignments, as in MySQL. */
void MySqlSetAssignment(List<SqlSetAssignment> list, VariableScoped.Scope[] carriedScope) :
{
    final SqlSystemVariable variable;
    String name;
    String part;
    String charset = null;
    String collation = null;
    final SqlNode[] value = { null };
}
{
    <SYSTEM_VARIABLE> { variable = ParseSupport.systemVariable(token.image, getPos()); }
    MySqlSetValue(value)
    {
        list.add(new SqlSetAssignment(SqlSetAssignment.Kind.SYSTEM, variable.scope(), variable.name(), value[0],
            value[0] == null, null, null));
    }
|
    (
        <USER_VARIABLE> { name = token.image.substring(1); }
    |
        <AT_SIGN> ( name = SimpleStringLiteral() | name = Identifier() )
    )
    MySqlSetValue(value)
    {
        list.add(new SqlSetAssignment(SqlSetAssignment.Kind.USER, VariableScoped.Scope.DEFAULT,
            name.toLowerCase(Locale.ROOT), value[0], value[0] == null, null, null));
    }
|
    LOOKAHEAD(2)
    <NAMES>
    (
        <DEFAULT_>
    |
        charset = MySqlNameOrString() [ <COLLATE> ( collation = MySqlNameOrString() | <DEFAULT_> ) ]
    )
    {
        list.add(new SqlSetAssignment(SqlSetAssignment.Kind.NAMES, VariableScoped.Scope.DEFAULT, null, null,
            false, charset, collation));
    }
|
    LOOKAHEAD(3)
    MySqlCharsetWords() ( <DEFAULT_> | charset = MySqlNameOrString() )
    {
        list.add(new SqlSetAssignment(SqlSetAssignment.Kind.CHARACTER_SET, VariableScoped.Scope.DEFAULT, null,
            null, false, charset, null));
    }
|
    [
        LOOKAHEAD(2)
        ( <GLOBAL> | <SESSION> | <LOCAL> | <PERSIST> | <PERSIST_ONLY> )
        { carriedScope[0] = ParseSupport.scopeOf(token.image); }
    ]
    name = Identifier()
    [ <DOT> part = Identifier() { name = name + "." + part; } ]
    MySqlSetValue(value)
    {
        list.add(new SqlSetAssignment(SqlSetAssignment.Kind.SYSTEM, carriedScope[0], name.toLowerCase(Locale.ROOT),
            value[0], value[0] == null, null, null));
    }
}

/** {@code = value} or {@code := value}; DEFAULT leaves value[0] null; ON and bare words become identifiers. */
void MySqlSetValue(SqlNode[] value) :
{
}
{
    ( <EQ> | <ASSIGN> )
    (
        <DEFAULT_>
    |
        <ON> { value[0] = new SqlIdentifier("ON", getPos()); }
    |
        LOOKAHEAD(<BINARY> ( <COMMA> | <EOF> ))
    <BINARY> { value[0] = new SqlIdentifier("binary", getPos()); }
    |
        value[0] = Expression(ExprContext.ACCEPT_SUB_QUERY)
    )
}

/** {@code USE db}. */
SqlNode MySqlUse() :
{
    final Span s;
    final String db;
}
{
    <USE> { s = span(); } db = Identifier() {
        return new SqlUse(s.end(this), db);
    }
}

/** {@code BEGIN [WORK | PESSIMISTIC | OPTIMISTIC]} and {@code START TRANSACTION [characteristic, ...]}. */
SqlNode MySqlBegin() :
{
    final Span s;
    final boolean[] flags = new boolean[4];
    String mode = null;
}
{
    (
        <BEGIN> { s = span(); }
        [
            <WORK>
        |
            <PESSIMISTIC> { mode = "PESSIMISTIC"; }
        |
            <OPTIMISTIC> { mode = "OPTIMISTIC"; }
        ]
    |
        <START> { s = span(); } <TRANSACTION>
        [ MySqlStartOption(flags) ( <COMMA> MySqlStartOption(flags) )* ]
    )
    {
        return new SqlBegin(s.end(this), flags[0], flags[1], flags[2], flags[3], mode);
    }
}

/** flags: readOnly, readWrite, withConsistentSnapshot, causalConsistencyOnly. */
void MySqlStartOption(boolean[] flags) :
{
}
{
    <READ> ( <ONLY> { flags[0] = true; } | <WRITE> { flags[1] = true; } )
|
    <WITH>
    (
        <CONSISTENT> <SNAPSHOT> { flags[2] = true; }
    |
        <CAUSAL> <CONSISTENCY> <ONLY> { flags[3] = true; }
    )
}

/** MySQL's {@code [AND NO CHAIN] [NO RELEASE]} tail of COMMIT / ROLLBACK (the CHAIN / RELEASE forms are not supported). */
void MySqlCompletionTail() :
{
}
{
    [ <AND> <NO> <CHAIN> ]
    [ <NO> <RELEASE> ]
}

SqlNode MySqlCommit() :
{
    final Span s;
}
{
    <COMMIT> { s = span(); } [ <WORK> ] MySqlCompletionTail() {
        return new SqlCommit(s.end(this));
    }
}

SqlNode MySqlRollback() :
{
    final Span s;
    String savepoint = null;
}
{
    <ROLLBACK> { s = span(); } [ <WORK> ]
    (
        <TO> [ <SAVEPOINT> ] savepoint = Identifier()
    |
        MySqlCompletionTail()
    )
    {
        return new SqlRollback(s.end(this), savepoint);
    }
}

SqlNode MySqlSavepoint() :
{
    final Span s;
    final String name;
}
{
    <SAVEPOINT> { s = span(); } name = Identifier() {
        return new SqlSavepoint(s.end(this), name);
    }
}

SqlNode MySqlReleaseSavepoint() :
{
    final Span s;
    final String name;
}
{
    <RELEASE> { s = span(); } <SAVEPOINT> name = Identifier() {
        return new SqlReleaseSavepoint(s.end(this), name);
    }
}

/** {@code KILL [CONNECTION | QUERY] id}. */
SqlNode MySqlKill() :
{
    final Span s;
    boolean query = false;
    final SqlNode id;
}
{
    <KILL> { s = span(); }
    [
        <CONNECTION>
    |
        <QUERY> { query = true; }
    ]
    id = Expression(ExprContext.ACCEPT_SUB_QUERY) {
        return new SqlKill(s.end(this), query, id);
    }
}

/** {@code FLUSH [NO_WRITE_TO_BINLOG | LOCAL] option, ...}. */
SqlNode MySqlFlush() :
{
    final Span s;
    final List<String> flushOptions = new ArrayList<String>();
}
{
    <FLUSH> { s = span(); }
    [ <NO_WRITE_TO_BINLOG> | <LOCAL> ]
    MySqlFlushOption(flushOptions) ( <COMMA> MySqlFlushOption(flushOptions) )*
    {
        return new SqlFlush(s.end(this), flushOptions);
    }
}

void MySqlFlushOption(List<String> flushOptions) :
{
    String word;
    boolean withReadLock = false;
}
{
    (
        <BINARY> <LOGS> { word = "BINARY LOGS"; }
    |
        <LOGS> { word = "LOGS"; }
    |
        <TABLES> [ MySqlTableName() ( <COMMA> MySqlTableName() )* ]
        [ <WITH> <READ> <LOCK> { withReadLock = true; } ]
        { word = withReadLock ? "TABLES WITH READ LOCK" : "TABLES"; }
    |
        word = Identifier() { word = ParseSupport.upper(word); }
        [ <LOGS> { word = word + " LOGS"; } ]
    )
    { flushOptions.add(word); }
}

/** {@code PURGE BINARY|MASTER LOGS TO 'file' | BEFORE expr}. */
SqlNode MySqlPurge() :
{
    final Span s;
    String to = null;
    SqlNode before = null;
}
{
    <PURGE> { s = span(); } ( <BINARY> | <MASTER> ) <LOGS>
    (
        <TO> to = SimpleStringLiteral()
    |
        <BEFORE> before = Expression(ExprContext.ACCEPT_SUB_QUERY)
    )
    {
        return new SqlPurgeBinaryLogs(s.end(this), to, before);
    }
}

/** {@code RESET MASTER [TO n]}. */
SqlNode MySqlReset() :
{
    final Span s;
    Long to = null;
}
{
    <RESET> { s = span(); } <MASTER>
    [ <TO> <UNSIGNED_INTEGER_LITERAL> { to = ParseSupport.longValue(token.image, getPos()); } ]
    {
        return new SqlResetMaster(s.end(this), to);
    }
}

/** {@code ANALYZE [NO_WRITE_TO_BINLOG | LOCAL] TABLE t, ...}. */
SqlNode MySqlAnalyze() :
{
    final Span s;
    final List<SqlIdentifier> tables = new ArrayList<SqlIdentifier>();
    SqlIdentifier t;
}
{
    <ANALYZE> { s = span(); }
    [ <NO_WRITE_TO_BINLOG> | <LOCAL> ]
    ( <TABLE> | <TABLES> )
    t = MySqlTableName() { tables.add(t); }
    ( <COMMA> t = MySqlTableName() { tables.add(t); } )*
    {
        return new SqlAnalyzeTable(s.end(this), tables);
    }
}

/** {@code DO expr, ...}. */
SqlNode MySqlDo() :
{
    final Span s;
    final List<SqlNode> list = new ArrayList<SqlNode>();
}
{
    <DO> { s = span(); }
    AddExpression(list, ExprContext.ACCEPT_SUB_QUERY)
    ( <COMMA> AddExpression(list, ExprContext.ACCEPT_SUB_QUERY) )*
    {
        final SqlParserPos pos = s.end(this);
        return new SqlDo(pos, new SqlNodeList(list, pos));
    }
}
