//! The locator expressions of aocd-example-parser's table: small Python expressions over a
//! page's texts (`a_code[3]`, `b_li[0].codes[-1]`, `a_pre[0].split()[-1]`, `'literal'`),
//! parsed and evaluated as Python would, for the subset the table uses more than once.
//!
//! Anything outside the subset fails to parse (the puzzle is then left to the rule); any
//! Python error (an index out of range, a method on the wrong kind of value, a name the
//! page lacks) is an `Err`, never a panic.

use std::collections::HashMap;

use super::tree::{Element, Node};

/// A parsed locator.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Expr {
    None,
    Int(i64),
    Str(String),
    Name(String),
    /// `x[i]`
    Index(Box<Expr>, Box<Expr>),
    /// `x[a:b:step]`, each bound optional.
    Slice(Box<Expr>, [Option<Box<Expr>>; 3]),
    /// `x.text`
    Attribute(Box<Expr>, String),
    /// `x.split(',')`
    Method(Box<Expr>, String, Vec<Expr>),
    /// `str(x)`
    Call(String, Vec<Expr>),
    Add(Box<Expr>, Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
    /// `x is None`
    IsNone(Box<Expr>),
    /// `[a, b]`
    List(Vec<Expr>),
    /// `a, b`
    Tuple(Vec<Expr>),
    /// `[item for name in source]`
    Comprehension {
        item: Box<Expr>,
        name: String,
        source: Box<Expr>,
    },
}

/// What an expression evaluates to.
#[derive(Debug, Clone)]
pub(super) enum Value<'p> {
    None,
    Bool(bool),
    Int(i64),
    Str(String),
    Element(&'p Element),
    List(Vec<Value<'p>>),
}

/// Why a locator gave nothing: what Python would have raised.
pub(super) type Failure = String;

/// The names an expression can use: the page's texts, and a comprehension's variable.
pub(super) type Scope<'p> = HashMap<String, Value<'p>>;

impl Expr {
    /// The names it reads (`a_code`, `b_li`, `page`), comprehension variables included.
    pub(super) fn names(&self) -> Vec<&str> {
        let mut names = Vec::new();
        self.push_names(&mut names);
        names
    }

    fn push_names<'e>(&'e self, names: &mut Vec<&'e str>) {
        let push_all = |exprs: &'e [Expr], names: &mut Vec<&'e str>| exprs.iter().for_each(|e| e.push_names(names));
        match self {
            Expr::None | Expr::Int(_) | Expr::Str(_) => {}
            Expr::Name(name) => names.push(name),
            Expr::Index(a, b) | Expr::Add(a, b) | Expr::Mul(a, b) => {
                a.push_names(names);
                b.push_names(names);
            }
            Expr::Slice(a, bounds) => {
                a.push_names(names);
                bounds.iter().flatten().for_each(|b| b.push_names(names));
            }
            Expr::Attribute(a, _) | Expr::IsNone(a) => a.push_names(names),
            Expr::Method(a, _, args) => {
                a.push_names(names);
                push_all(args, names);
            }
            Expr::Call(_, args) | Expr::List(args) | Expr::Tuple(args) => push_all(args, names),
            Expr::Comprehension { item, source, .. } => {
                item.push_names(names);
                source.push_names(names);
            }
        }
    }
}

// ---- Reading ----

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Name(String),
    Int(i64),
    Str(String),
    Punct(char),
}

/// The expression `source` is, if it is in the subset.
pub(super) fn parse(source: &str) -> Result<Expr, Failure> {
    let toks = lex(source)?;
    let mut parser = Parser { toks, at: 0 };
    let expr = parser.tuple()?;
    match parser.toks.get(parser.at) {
        None => Ok(expr),
        Some(tok) => Err(format!("unexpected {tok:?} in {source}")),
    }
}

fn lex(source: &str) -> Result<Vec<Tok>, Failure> {
    let chars: Vec<char> = source.chars().collect();
    let mut toks = Vec::new();
    let mut at = 0;
    while let Some(&c) = chars.get(at) {
        if c.is_whitespace() {
            at += 1;
        } else if c.is_ascii_alphabetic() || c == '_' {
            let end = at + chars[at..].iter().take_while(|c| c.is_ascii_alphanumeric() || **c == '_').count();
            toks.push(Tok::Name(chars[at..end].iter().collect()));
            at = end;
        } else if c.is_ascii_digit() {
            let end = at + chars[at..].iter().take_while(|c| c.is_ascii_alphanumeric()).count();
            let digits: String = chars[at..end].iter().collect();
            let value = match digits.strip_prefix("0b") {
                Some(binary) => i64::from_str_radix(binary, 2),
                None => digits.parse(),
            };
            toks.push(Tok::Int(value.map_err(|_| format!("not a number: {digits}"))?));
            at = end;
        } else if c == '\'' || c == '"' {
            let (text, end) = string_literal(&chars, at)?;
            toks.push(Tok::Str(text));
            at = end;
        } else if "[]().,:*+-".contains(c) {
            toks.push(Tok::Punct(c));
            at += 1;
        } else {
            return Err(format!("unsupported character {c:?}"));
        }
    }
    Ok(toks)
}

/// A quoted string starting at `start`, its escapes undone, and where it ends.
fn string_literal(chars: &[char], start: usize) -> Result<(String, usize), Failure> {
    let quote = chars[start];
    let mut text = String::new();
    let mut at = start + 1;
    loop {
        match chars.get(at) {
            None => return Err("unterminated string".to_string()),
            Some(&c) if c == quote => return Ok((text, at + 1)),
            Some('\\') => {
                let escaped = match chars.get(at + 1) {
                    Some('n') => '\n',
                    Some('t') => '\t',
                    Some('r') => '\r',
                    Some(&c @ ('\\' | '\'' | '"')) => c,
                    other => return Err(format!("unsupported escape {other:?}")),
                };
                text.push(escaped);
                at += 2;
            }
            Some(&c) => {
                text.push(c);
                at += 1;
            }
        }
    }
}

/// The methods, attributes and functions evaluated here: a locator naming any other is
/// outside the subset when it is read, not only when it runs.
const METHODS: &[&str] = &["split", "splitlines", "replace", "count", "join", "format", "find_all"];
const ATTRIBUTES: &[&str] = &["text", "codes", "code", "em", "soup", "children"];
const FUNCTIONS: &[&str] = &["str", "int", "len", "list", "max"];

fn known(kind: &str, name: &str, names: &[&str]) -> Result<(), Failure> {
    if names.contains(&name) {
        Ok(())
    } else {
        Err(format!("unsupported {kind} {name}"))
    }
}

struct Parser {
    toks: Vec<Tok>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }

    fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(&Tok::Punct(c));
        self.at += usize::from(found);
        found
    }

    fn eat_word(&mut self, word: &str) -> bool {
        let found = matches!(self.peek(), Some(Tok::Name(n)) if n == word);
        self.at += usize::from(found);
        found
    }

    fn expect(&mut self, c: char) -> Result<(), Failure> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(format!("expected {c:?}, found {:?}", self.peek()))
        }
    }

    fn name(&mut self) -> Result<String, Failure> {
        match self.toks.get(self.at).cloned() {
            Some(Tok::Name(name)) => {
                self.at += 1;
                Ok(name)
            }
            other => Err(format!("expected a name, found {other:?}")),
        }
    }

    /// `a, b, c` (a tuple of two or more) or one expression.
    fn tuple(&mut self) -> Result<Expr, Failure> {
        let first = self.expr()?;
        if self.peek() != Some(&Tok::Punct(',')) {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat(',') {
            items.push(self.expr()?);
        }
        Ok(Expr::Tuple(items))
    }

    /// A sum, perhaps followed by `is None`.
    fn expr(&mut self) -> Result<Expr, Failure> {
        let sum = self.sum()?;
        if self.eat_word("is") {
            if !self.eat_word("None") {
                return Err("only `is None` is supported".to_string());
            }
            return Ok(Expr::IsNone(Box::new(sum)));
        }
        Ok(sum)
    }

    fn sum(&mut self) -> Result<Expr, Failure> {
        let mut left = self.product()?;
        while self.eat('+') {
            left = Expr::Add(Box::new(left), Box::new(self.product()?));
        }
        Ok(left)
    }

    fn product(&mut self) -> Result<Expr, Failure> {
        let mut left = self.unary()?;
        while self.eat('*') {
            left = Expr::Mul(Box::new(left), Box::new(self.unary()?));
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, Failure> {
        if self.eat('-') {
            return match self.unary()? {
                Expr::Int(n) => Ok(Expr::Int(-n)),
                _ => Err("only a number may be negated".to_string()),
            };
        }
        self.postfix()
    }

    fn postfix(&mut self) -> Result<Expr, Failure> {
        let mut expr = self.atom()?;
        loop {
            if self.eat('[') {
                expr = self.subscript(expr)?;
            } else if self.eat('.') {
                let name = self.name()?;
                expr = if self.eat('(') {
                    known("method", &name, METHODS)?;
                    Expr::Method(Box::new(expr), name, self.arguments()?)
                } else {
                    known("attribute", &name, ATTRIBUTES)?;
                    Expr::Attribute(Box::new(expr), name)
                };
            } else {
                return Ok(expr);
            }
        }
    }

    /// After `[`: an index or a slice, and the `]`.
    fn subscript(&mut self, of: Expr) -> Result<Expr, Failure> {
        let mut bounds: [Option<Box<Expr>>; 3] = [None, None, None];
        let mut colons = 0;
        loop {
            if self.eat(']') {
                break;
            }
            if self.eat(':') {
                colons += 1;
                if colons > 2 {
                    return Err("too many colons in a slice".to_string());
                }
                continue;
            }
            if bounds[colons].is_some() {
                return Err("expected `:` or `]`".to_string());
            }
            bounds[colons] = Some(Box::new(self.expr()?));
        }
        match (colons, bounds) {
            (0, [Some(index), None, None]) => Ok(Expr::Index(Box::new(of), index)),
            (0, _) => Err("empty index".to_string()),
            (_, bounds) => Ok(Expr::Slice(Box::new(of), bounds)),
        }
    }

    /// After `(`: arguments separated by commas, and the `)`.
    fn arguments(&mut self) -> Result<Vec<Expr>, Failure> {
        let mut arguments = Vec::new();
        while !self.eat(')') {
            arguments.push(self.expr()?);
            if !self.eat(',') {
                self.expect(')')?;
                break;
            }
        }
        Ok(arguments)
    }

    fn atom(&mut self) -> Result<Expr, Failure> {
        let tok = self.toks.get(self.at).cloned().ok_or("unexpected end")?;
        self.at += 1;
        match tok {
            Tok::Int(n) => Ok(Expr::Int(n)),
            Tok::Str(text) => Ok(Expr::Str(text)),
            Tok::Name(name) if name == "None" => Ok(Expr::None),
            Tok::Name(name) if matches!(name.as_str(), "for" | "in" | "is" | "if" | "lambda") => {
                Err(format!("unexpected `{name}`"))
            }
            Tok::Name(name) if self.eat('(') => {
                known("function", &name, FUNCTIONS)?;
                Ok(Expr::Call(name, self.arguments()?))
            }
            Tok::Name(name) => Ok(Expr::Name(name)),
            Tok::Punct('(') => {
                let inner = self.tuple()?;
                self.expect(')')?;
                Ok(inner)
            }
            Tok::Punct('[') => self.list(),
            Tok::Punct(c) => Err(format!("unexpected {c:?}")),
        }
    }

    /// After `[`: a list display or a comprehension (without `if`), and the `]`.
    fn list(&mut self) -> Result<Expr, Failure> {
        if self.eat(']') {
            return Ok(Expr::List(Vec::new()));
        }
        let first = self.expr()?;
        if self.eat_word("for") {
            let name = self.name()?;
            if !self.eat_word("in") {
                return Err("expected `in`".to_string());
            }
            let source = self.expr()?;
            self.expect(']')?;
            return Ok(Expr::Comprehension { item: Box::new(first), name, source: Box::new(source) });
        }
        let mut items = vec![first];
        while self.eat(',') {
            if self.peek() == Some(&Tok::Punct(']')) {
                break;
            }
            items.push(self.expr()?);
        }
        self.expect(']')?;
        Ok(Expr::List(items))
    }
}

// ---- Evaluating ----

/// The value of `expr` with the names of `scope`.
pub(super) fn evaluate<'p>(expr: &Expr, scope: &Scope<'p>) -> Result<Value<'p>, Failure> {
    Ok(match expr {
        Expr::None => Value::None,
        Expr::Int(n) => Value::Int(*n),
        Expr::Str(text) => Value::Str(text.clone()),
        Expr::Name(name) => scope.get(name).cloned().ok_or_else(|| format!("name {name} is not defined"))?,
        Expr::Index(of, index) => index_of(evaluate(of, scope)?, int(&evaluate(index, scope)?)?)?,
        Expr::Slice(of, bounds) => {
            let mut numbers = [None; 3];
            for (number, bound) in numbers.iter_mut().zip(bounds) {
                if let Some(bound) = bound {
                    *number = Some(int(&evaluate(bound, scope)?)?);
                }
            }
            slice_of(evaluate(of, scope)?, numbers)?
        }
        Expr::Attribute(of, name) => attribute(evaluate(of, scope)?, name)?,
        Expr::Method(of, name, args) => {
            let args = args.iter().map(|a| evaluate(a, scope)).collect::<Result<Vec<_>, _>>()?;
            method(evaluate(of, scope)?, name, &args)?
        }
        Expr::Call(name, args) => {
            let args = args.iter().map(|a| evaluate(a, scope)).collect::<Result<Vec<_>, _>>()?;
            call(name, &args)?
        }
        Expr::Add(a, b) => add(evaluate(a, scope)?, evaluate(b, scope)?)?,
        Expr::Mul(a, b) => multiply(evaluate(a, scope)?, evaluate(b, scope)?)?,
        Expr::IsNone(of) => Value::Bool(matches!(evaluate(of, scope)?, Value::None)),
        Expr::List(items) | Expr::Tuple(items) => {
            Value::List(items.iter().map(|i| evaluate(i, scope)).collect::<Result<_, _>>()?)
        }
        Expr::Comprehension { item, name, source } => {
            let mut inner = scope.clone();
            let mut out = Vec::new();
            for value in items(evaluate(source, scope)?)? {
                inner.insert(name.clone(), value);
                out.push(evaluate(item, &inner)?);
            }
            Value::List(out)
        }
    })
}

fn int(value: &Value<'_>) -> Result<i64, Failure> {
    match value {
        Value::Int(n) => Ok(*n),
        Value::Bool(b) => Ok(i64::from(*b)),
        other => Err(format!("not an integer: {other:?}")),
    }
}

/// What iterating over `value` gives: a list's items, a string's characters.
fn items(value: Value<'_>) -> Result<Vec<Value<'_>>, Failure> {
    match value {
        Value::List(items) => Ok(items),
        Value::Str(text) => Ok(text.chars().map(|c| Value::Str(c.to_string())).collect()),
        other => Err(format!("not iterable: {other:?}")),
    }
}

/// Python's position for `index` in a sequence of `len` (negative counts from the end).
fn position(index: i64, len: usize) -> Result<usize, Failure> {
    let len = i64::try_from(len).map_err(|_| "too long".to_string())?;
    let at = if index < 0 { index + len } else { index };
    if (0..len).contains(&at) {
        usize::try_from(at).map_err(|_| "index out of range".to_string())
    } else {
        Err(format!("index {index} out of range (of {len})"))
    }
}

fn index_of(value: Value<'_>, index: i64) -> Result<Value<'_>, Failure> {
    match value {
        Value::List(mut items) => {
            let at = position(index, items.len())?;
            Ok(items.swap_remove(at))
        }
        Value::Str(text) => {
            let chars: Vec<char> = text.chars().collect();
            Ok(Value::Str(chars[position(index, chars.len())?].to_string()))
        }
        other => Err(format!("not subscriptable: {other:?}")),
    }
}

/// The positions `[start:stop:step]` takes from a sequence of `len`, as Python's slice
/// does for a positive step (bounds clamped, never out of range).
fn slice_positions(len: usize, [start, stop, step]: [Option<i64>; 3]) -> Result<Vec<usize>, Failure> {
    let step = step.unwrap_or(1);
    if step <= 0 {
        return Err("only a positive slice step is supported".to_string());
    }
    let len = i64::try_from(len).map_err(|_| "too long".to_string())?;
    let clamp = |bound: i64| if bound < 0 { (bound + len).max(0) } else { bound.min(len) };
    let (start, stop) = (start.map_or(0, clamp), stop.map_or(len, clamp));
    let step = usize::try_from(step).map_err(|_| "step too large".to_string())?;
    Ok((start..stop.max(start)).step_by(step).filter_map(|at| usize::try_from(at).ok()).collect())
}

fn slice_of(value: Value<'_>, bounds: [Option<i64>; 3]) -> Result<Value<'_>, Failure> {
    match value {
        Value::List(items) => {
            let taken = slice_positions(items.len(), bounds)?;
            Ok(Value::List(taken.into_iter().map(|at| items[at].clone()).collect()))
        }
        Value::Str(text) => {
            let chars: Vec<char> = text.chars().collect();
            Ok(Value::Str(slice_positions(chars.len(), bounds)?.into_iter().map(|at| chars[at]).collect()))
        }
        other => Err(format!("not sliceable: {other:?}")),
    }
}

/// An element's attributes as aocd's page offers them: `text`, `codes` (the texts of its
/// `<code>`s), `code` and `em` (its first, or None), and `children`; a page's `soup`.
fn attribute<'p>(value: Value<'p>, name: &str) -> Result<Value<'p>, Failure> {
    let Value::Element(element) = value else { return Err(format!("no attribute {name} on {value:?}")) };
    let first = |tag: &str| element.find_all(tag).first().map_or(Value::None, |e| Value::Element(e));
    Ok(match name {
        "text" => Value::Str(element.text()),
        "codes" => Value::List(element.find_all("code").iter().map(|c| Value::Str(c.text())).collect()),
        "code" | "em" => first(name),
        "soup" if element.name == "document" => Value::Element(element),
        "children" => Value::List(
            element
                .children
                .iter()
                .map(|child| match child {
                    Node::Text(text) => Value::Str(text.clone()),
                    Node::Element(e) => Value::Element(e),
                })
                .collect(),
        ),
        _ => return Err(format!("unsupported attribute {name}")),
    })
}

fn method<'p>(value: Value<'p>, name: &str, args: &[Value<'p>]) -> Result<Value<'p>, Failure> {
    let texts = |parts: Vec<&str>| Value::List(parts.into_iter().map(|p| Value::Str(p.to_string())).collect());
    match (value, name, args) {
        (Value::Str(text), "split", []) => Ok(texts(text.split_whitespace().collect())),
        (Value::Str(_), "split", [Value::Str(sep)]) if sep.is_empty() => Err("empty separator".to_string()),
        (Value::Str(text), "split", [Value::Str(sep)]) => Ok(texts(text.split(sep.as_str()).collect())),
        (Value::Str(text), "splitlines", []) => Ok(texts(split_lines(&text))),
        (Value::Str(text), "replace", [Value::Str(from), Value::Str(to)]) => {
            Ok(Value::Str(text.replace(from.as_str(), to)))
        }
        (Value::Str(text), "count", [Value::Str(what)]) => {
            Ok(Value::Int(i64::try_from(text.matches(what.as_str()).count()).map_err(|e| e.to_string())?))
        }
        (Value::Str(sep), "join", [list]) => Ok(Value::Str(joined(list.clone(), &sep)?)),
        (Value::Str(template), "format", args) => formatted(&template, args),
        (Value::Element(element), "find_all", [Value::Str(tag)]) => {
            Ok(Value::List(element.find_all(tag).into_iter().map(Value::Element).collect()))
        }
        (value, name, _) => Err(format!("unsupported method {name} on {value:?}")),
    }
}

/// `'{} and {}'.format(a, b)`: each `{}` in turn takes the next text; other fields (`{0}`,
/// `{name}`, `{{`) are outside the subset.
fn formatted<'p>(template: &str, args: &[Value<'p>]) -> Result<Value<'p>, Failure> {
    let mut pieces = template.split("{}");
    let mut out = pieces.next().unwrap_or_default().to_string();
    let mut args = args.iter();
    for piece in pieces {
        match args.next() {
            Some(Value::Str(text)) => out += text,
            other => return Err(format!("format() of {other:?}")),
        }
        out += piece;
    }
    if out.contains(['{', '}']) || args.next().is_some() {
        return Err("unsupported format()".to_string());
    }
    Ok(Value::Str(out))
}

/// Python's `str.splitlines()`: lines split at any line boundary, no empty last line.
fn split_lines(text: &str) -> Vec<&str> {
    const BREAKS: &[char] =
        &['\n', '\r', '\u{b}', '\u{c}', '\u{1c}', '\u{1d}', '\u{1e}', '\u{85}', '\u{2028}', '\u{2029}'];
    let mut lines = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(BREAKS) {
        lines.push(&rest[..at]);
        let width =
            if rest[at..].starts_with("\r\n") { 2 } else { rest[at..].chars().next().map_or(1, char::len_utf8) };
        rest = &rest[at + width..];
    }
    if !rest.is_empty() {
        lines.push(rest);
    }
    lines
}

/// `sep.join(list)`: every item must be a string, as in Python.
pub(super) fn joined(list: Value<'_>, sep: &str) -> Result<String, Failure> {
    let parts = items(list)?
        .into_iter()
        .map(|item| match item {
            Value::Str(text) => Ok(text),
            other => Err(format!("join of a non-string {other:?}")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(parts.join(sep))
}

fn call<'p>(name: &str, args: &[Value<'p>]) -> Result<Value<'p>, Failure> {
    Ok(match (name, args) {
        ("str", [Value::Str(text)]) => Value::Str(text.clone()),
        ("str", [Value::Int(n)]) => Value::Str(n.to_string()),
        ("int", [Value::Str(text)]) => {
            Value::Int(text.trim().parse().map_err(|_| format!("invalid literal for int(): {text:?}"))?)
        }
        ("int", [value @ (Value::Int(_) | Value::Bool(_))]) => Value::Int(int(value)?),
        ("len", [Value::Str(text)]) => Value::Int(i64::try_from(text.chars().count()).map_err(|e| e.to_string())?),
        ("len", [Value::List(items)]) => Value::Int(i64::try_from(items.len()).map_err(|e| e.to_string())?),
        ("list", [value]) => Value::List(items(value.clone())?),
        ("max", [Value::Str(text)]) => Value::Str(text.chars().max().ok_or("max() of an empty text")?.to_string()),
        _ => return Err(format!("unsupported call {name}({args:?})")),
    })
}

fn add<'p>(a: Value<'p>, b: Value<'p>) -> Result<Value<'p>, Failure> {
    Ok(match (a, b) {
        (Value::Int(a), Value::Int(b)) => Value::Int(a.checked_add(b).ok_or("overflow")?),
        (Value::Str(a), Value::Str(b)) => Value::Str(a + &b),
        (Value::List(mut a), Value::List(b)) => {
            a.extend(b);
            Value::List(a)
        }
        (a, b) => return Err(format!("cannot add {a:?} and {b:?}")),
    })
}

fn multiply<'p>(a: Value<'p>, b: Value<'p>) -> Result<Value<'p>, Failure> {
    /// Repetition is capped: the table repeats a code twice, never a million times.
    const MOST: i64 = 1000;
    let times = |n: i64| {
        if (0..=MOST).contains(&n) {
            Ok(usize::try_from(n).unwrap_or(0))
        } else {
            Err(format!("{n} repetitions"))
        }
    };
    Ok(match (a, b) {
        (Value::Int(a), Value::Int(b)) => Value::Int(a.checked_mul(b).ok_or("overflow")?),
        (Value::List(items), Value::Int(n)) | (Value::Int(n), Value::List(items)) => {
            Value::List(items.iter().cloned().cycle().take(items.len() * times(n)?).collect())
        }
        (Value::Str(text), Value::Int(n)) | (Value::Int(n), Value::Str(text)) => Value::Str(text.repeat(times(n)?)),
        (a, b) => return Err(format!("cannot multiply {a:?} and {b:?}")),
    })
}
