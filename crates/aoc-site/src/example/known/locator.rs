//! A locator: where on a page one text of an example is, in the closed form
//! `scripts/convert-aocd-examples.py` translates aocd-example-parser's Python expressions
//! into (`a_li[0].codes[-1]` is "list item 1 of part 1, its codes, the last one"). The
//! script reads no page and this module parses nothing: each form means what the
//! Python it came from does, and a step Python would raise on (an index out of range, a
//! method on the wrong kind of value) gives `None`, never a panic.
//!
//! An element (aocd's `Tag`) is the slice of the page's tokens between its opening and its
//! closing tag (module `html`): the site's pages are well nested, so the slice is what
//! BeautifulSoup's tree holds under the element.

use serde::Deserialize;

use crate::html::{closing, elements, text_of, Token};

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum Locator {
    /// A text the table writes itself (`'0'`).
    Literal(String),
    /// Python's `None`: no answer.
    Nothing,
    /// One of aocd's lists of the page (`a_code`, `b_li`, `page_code`), then steps in order.
    Read { from: String, steps: Vec<Step> },
    /// A tuple's texts (joined with a line break, as aocd does), or a `+` or `format` of them.
    Join { with: String, pieces: Vec<Locator> },
    /// `str(int(x) * int(y))`.
    Product(Vec<Locator>),
}

/// What Python does to a value, named after it (`count` and `len` give a number's text,
/// as the table always wraps them in `str`; `is_none` is `str(int(x is None))`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum Step {
    Index(i64),
    Slice([Option<i64>; 3]),
    /// `split()` on whitespace, or `split(sep)`.
    Split(Option<String>),
    Lines,
    Replace(String, String),
    Count(String),
    Len,
    Max,
    Text,
    Codes,
    /// `.code` or `.em`: the first such element inside, or `None`.
    First(String),
    IsNone,
    Children,
    /// A comprehension: these steps on each item.
    Each(Vec<Step>),
    Join(String),
}

#[derive(Debug, Clone)]
pub(super) enum Value<'p> {
    Nothing,
    Text(String),
    Element(Element<'p>),
    List(Vec<Value<'p>>),
}

type Element<'p> = &'p [Token<'p>];

/// A page as the locators read it: the whole, and its articles (part 1's, part 2's).
pub(super) struct Page<'p> {
    root: Element<'p>,
    pub(super) articles: Vec<Element<'p>>,
}

impl<'p> Page<'p> {
    pub(super) fn new(tokens: &'p [Token<'p>]) -> Page<'p> {
        Page { root: tokens, articles: elements(tokens, "article") }
    }

    /// The value `locator` finds here, or `None` where Python would raise.
    pub(super) fn value(&self, locator: &Locator) -> Option<Value<'p>> {
        Some(match locator {
            Locator::Literal(text) => Value::Text(text.clone()),
            Locator::Nothing => Value::Nothing,
            Locator::Read { from, steps } => return steps.iter().try_fold(self.list(from)?, apply),
            Locator::Join { with, pieces } => {
                let texts = pieces.iter().map(|piece| text_only(self.value(piece)?)).collect::<Option<Vec<_>>>()?;
                Value::Text(texts.join(with))
            }
            Locator::Product(factors) => {
                let number = |factor| text_only(self.value(factor)?)?.trim().parse::<i64>().ok();
                let product = factors.iter().try_fold(1_i64, |product, factor| product.checked_mul(number(factor)?));
                Value::Text(product?.to_string())
            }
        })
    }

    /// aocd's lists: each part's texts of its `<code>`s, `<pre>`s and `<em>`s (`a_code`),
    /// its list items (`a_li`), and the page's `<code>` elements (`page_code`).
    fn list(&self, from: &str) -> Option<Value<'p>> {
        let (scope, tag) = from.split_once('_')?;
        let (within, as_elements) = match scope {
            "a" => (*self.articles.first()?, tag == "li"),
            "b" => (*self.articles.get(1)?, tag == "li"),
            "page" => (self.root, true),
            _ => return None,
        };
        let found = elements(within, tag).into_iter();
        Some(Value::List(
            found.map(|e| if as_elements { Value::Element(e) } else { Value::Text(text_of(e)) }).collect(),
        ))
    }
}

fn apply<'p>(value: Value<'p>, step: &Step) -> Option<Value<'p>> {
    use Value::{Element, List, Text};
    let texts = |parts: Vec<&str>| List(parts.into_iter().map(|part| Text(part.to_string())).collect());
    Some(match (step, value) {
        (Step::Index(index), List(mut items)) => items.swap_remove(position(*index, items.len())?),
        (Step::Index(index), Text(text)) => Text(text.chars().nth(position(*index, text.chars().count())?)?.into()),
        (Step::Slice(bounds), List(items)) => {
            List(positions(items.len(), bounds)?.filter_map(|at| items.get(at).cloned()).collect())
        }
        (Step::Slice(bounds), Text(text)) => {
            let chars: Vec<char> = text.chars().collect();
            Text(positions(chars.len(), bounds)?.filter_map(|at| chars.get(at)).collect())
        }
        (Step::Split(None), Text(text)) => texts(text.split_whitespace().collect()),
        (Step::Split(Some(sep)), Text(text)) if !sep.is_empty() => texts(text.split(sep.as_str()).collect()),
        // Python's `splitlines` also breaks at a lone `\r` and rarer breaks, which the pages
        // the table reads do not hold in their examples.
        (Step::Lines, Text(text)) => texts(text.lines().collect()),
        (Step::Replace(from, to), Text(text)) => Text(text.replace(from.as_str(), to)),
        (Step::Count(what), Text(text)) => Text(text.matches(what.as_str()).count().to_string()),
        (Step::Len, Text(text)) => Text(text.chars().count().to_string()),
        (Step::Len, List(items)) => Text(items.len().to_string()),
        (Step::Max, Text(text)) => Text(text.chars().max()?.into()),
        (Step::Text, Element(e)) => Text(text_of(e)),
        (Step::Codes, Element(e)) => List(elements(e, "code").into_iter().map(|code| Text(text_of(code))).collect()),
        (Step::First(tag), Element(e)) => elements(e, tag).first().map_or(Value::Nothing, |first| Element(first)),
        (Step::IsNone, value) => Text(u8::from(matches!(value, Value::Nothing)).to_string()),
        (Step::Children, Element(e)) => List(children(e)),
        (Step::Each(steps), List(items)) => {
            List(items.into_iter().map(|item| steps.iter().try_fold(item, apply)).collect::<Option<_>>()?)
        }
        (Step::Join(sep), List(items)) => Text(items.into_iter().map(text_only).collect::<Option<Vec<_>>>()?.join(sep)),
        _ => return None,
    })
}

/// A value as aocd writes it: a list is its texts a line each (Python's `join` takes only
/// texts), trailing line breaks go; `Some(None)` for `None`, `None` for an element.
pub(super) fn text(value: Value<'_>) -> Option<Option<String>> {
    let text = match value {
        Value::Nothing => return Some(None),
        list @ Value::List(_) => text_only(apply(list, &Step::Join("\n".to_string()))?)?,
        other => text_only(other)?,
    };
    Some(Some(text.trim_end_matches(['\r', '\n']).to_string()))
}

fn text_only(value: Value<'_>) -> Option<String> {
    match value {
        Value::Text(text) => Some(text),
        _ => None,
    }
}

/// Python's position for `index` in a sequence of `len`: a negative one counts from the end.
fn position(index: i64, len: usize) -> Option<usize> {
    let at = if index < 0 { index.checked_add(i64::try_from(len).ok()?)? } else { index };
    usize::try_from(at).ok().filter(|&at| at < len)
}

/// The positions Python's `[start:stop:step]` takes from a sequence of `len`: bounds clamped,
/// never out of range (the script converts only a positive step).
fn positions(len: usize, [start, stop, step]: &[Option<i64>; 3]) -> Option<impl Iterator<Item = usize>> {
    let len = i64::try_from(len).ok()?;
    let clamp = |bound: i64| if bound < 0 { bound.saturating_add(len).max(0) } else { bound.min(len) };
    let (start, stop) = (start.map_or(0, clamp), stop.map_or(len, clamp));
    let step = usize::try_from(step.unwrap_or(1)).ok().filter(|&step| step > 0)?;
    Some((start..stop.max(start)).step_by(step).filter_map(|at| usize::try_from(at).ok()))
}

/// The texts and elements directly inside `within`, as BeautifulSoup's `children` (an
/// element that holds nothing, `<br>`, is closed at once by module `html`).
fn children<'p>(within: Element<'p>) -> Vec<Value<'p>> {
    let (mut children, mut at) = (Vec::new(), 0);
    while let Some(token) = within.get(at) {
        at += 1;
        match token {
            Token::Text(text) => children.push(Value::Text(text.clone())),
            Token::Open(name, _) => {
                let end = closing(within, at - 1, name);
                children.push(Value::Element(&within[at..end]));
                at = end + 1;
            }
            Token::Close(_) => {}
        }
    }
    children
}
