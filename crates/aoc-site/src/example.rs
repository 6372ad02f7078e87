//! The puzzle's examples and the answers it expects of them, read from the page: a guess
//! for the user to check, written into the day so that its test and `run --example` start
//! from the puzzle's own words instead of a copy by hand.
//!
//! Each part's `<article>` is read in page order:
//!
//! * **An example** is a `<pre>` block introduced as one: the paragraph before it speaks of
//!   an example ("For example:", "Here is a larger example:"), and not of one already shown
//!   ("In the above example", "the same example"). Blocks introduced otherwise draw a state
//!   or a legend, and are skipped. When no block of part 1 is introduced as an example, its
//!   first block is taken; part 2 often has none of its own and reuses part 1's. A part with
//!   no `<pre>` at all may give its examples as a list, an item each (`<li><code>(())</code>
//!   results in floor <code>0</code></li>`): the item's first `<code>` is the input, its last
//!   the answer.
//! * **The answer** an example expects is the last emphasised code (`<code><em>42</em></code>`,
//!   or `<em><code>42</code></em>`) after it and before the next example: the site marks the
//!   result it asks for that way, while numbers in the running text are plain `<code>` or
//!   plain `<em>`. Emphasised code in part 2 before its own first example belongs to part 1's
//!   first example ("In the above example, ... is <code><em>36</em></code>"). When a part has
//!   no emphasised code at all, the last word of its last `<code>` is taken (the rule of
//!   aocd, the Python tool), and said to be a weaker guess.
//!
//! Emphasis inside a block is dropped and entities are decoded, so the input is the text the
//! puzzle shows. How often this is right on the page fixtures is in `docs/commands.md`.

use crate::html::{closing, text_of, tokens, Token};

/// An example of the page: its input and what each part expects of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// The example's input, ending in one newline.
    pub input: String,
    /// The part whose article gives it: 0 for part 1, 1 for part 2.
    pub part: usize,
    /// Where on the page it was found ("the first code block of part 1").
    pub source: String,
    /// The answer each part expects of it, where the page gives one.
    pub expected: [Option<Expected>; 2],
}

/// An expected answer and where it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected {
    /// The answer, as the page writes it.
    pub answer: String,
    /// True when taken by the fallback rule (no emphasised code in the part).
    pub weak: bool,
}

/// The examples of `html`, part 1's first, each with the answers the page expects of it.
pub fn examples(html: &str) -> Vec<Example> {
    let tokens = tokens(html);
    let mut examples: Vec<Example> = Vec::new();
    for (part, article) in articles(&tokens).into_iter().enumerate().take(2) {
        let found = article_examples(article, part);
        // Part 2's answers before its own first example are about part 1's first one.
        if let Some(answer) = found.leading_answer {
            if let Some(earlier) = examples.first_mut() {
                earlier.expected[part] = Some(answer);
            }
        }
        examples.extend(found.examples);
    }
    examples
}

/// What one article holds.
struct Found {
    examples: Vec<Example>,
    /// The answer given before the article's first example (part 2's, about part 1's).
    leading_answer: Option<Expected>,
}

/// The tokens inside each `<article>`, in page order.
fn articles<'t, 'a>(tokens: &'t [Token<'a>]) -> Vec<&'t [Token<'a>]> {
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(open) = tokens[at..].iter().position(|t| is_open(t, "article")).map(|i| at + i) {
        let close = closing(tokens, open, "article");
        found.push(&tokens[open + 1..close.min(tokens.len())]);
        at = close + 1;
        if at >= tokens.len() {
            break;
        }
    }
    found
}

fn is_open(token: &Token<'_>, name: &str) -> bool {
    matches!(token, Token::Open(n, _) if n == name)
}

fn is_close(token: &Token<'_>, name: &str) -> bool {
    matches!(token, Token::Close(n) if n == name)
}

/// A `<pre>` block of an article: where it starts and ends, and the text before it.
struct Block {
    start: usize,
    end: usize,
    introduced_as_example: bool,
}

fn article_examples(article: &[Token<'_>], part: usize) -> Found {
    let blocks = blocks(article);
    let mut chosen: Vec<&Block> = blocks.iter().filter(|b| b.introduced_as_example).collect();
    let mut first_taken = false;
    if chosen.is_empty() && part == 0 {
        chosen.extend(blocks.first());
        first_taken = true;
    }
    if chosen.is_empty() && blocks.is_empty() {
        let listed = listed_examples(article, part);
        if !listed.is_empty() {
            return Found { examples: listed, leading_answer: None };
        }
    }
    let ordinal = |block: &Block| blocks.iter().position(|b| b.start == block.start).unwrap_or(0);
    let mut examples = Vec::new();
    for (i, block) in chosen.iter().enumerate() {
        let segment_end = chosen.get(i + 1).map_or(article.len(), |next| next.start);
        let which = if first_taken { "the first code block".to_string() } else { nth_block(ordinal(block)) };
        let mut expected = [None, None];
        expected[part] = last_emphasised_code(&article[block.end..segment_end]).map(strong);
        examples.push(Example {
            input: block_text(&article[block.start..block.end]),
            part,
            source: format!("{which} of part {}", part + 1),
            expected,
        });
    }
    let leading_end = chosen.first().map_or(article.len(), |first| first.start);
    let mut leading_answer = last_emphasised_code(&article[..leading_end]).map(strong);
    if !any_emphasised_code(article) {
        // The weaker rule, for the part's last example or, failing one, part 1's.
        let fallback = last_code_word(article).map(|answer| Expected { answer, weak: true });
        match examples.last_mut() {
            Some(last) => last.expected[part] = fallback,
            None => leading_answer = fallback,
        }
    }
    Found { examples, leading_answer }
}

fn strong(answer: String) -> Expected {
    Expected { answer, weak: false }
}

fn nth_block(index: usize) -> String {
    match index {
        0 => "the first code block".to_string(),
        1 => "the second code block".to_string(),
        2 => "the third code block".to_string(),
        n => format!("code block {}", n + 1),
    }
}

/// The article's `<pre>` blocks, each marked by how the text before it introduces it.
fn blocks(article: &[Token<'_>]) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut at = 0;
    let mut previous_end = 0;
    while let Some(start) = article[at..].iter().position(|t| is_open(t, "pre")).map(|i| at + i) {
        let end = closing(article, start, "pre").min(article.len());
        let intro = last_paragraph(&article[previous_end..start]);
        blocks.push(Block { start: start + 1, end, introduced_as_example: introduces_an_example(&intro) });
        previous_end = end;
        at = end;
    }
    blocks
}

/// The text of the last paragraph (or list item) in `tokens`: what introduces what follows.
fn last_paragraph(tokens: &[Token<'_>]) -> String {
    let start = tokens.iter().rposition(|t| is_open(t, "p") || is_open(t, "li")).unwrap_or(0);
    text_of(&tokens[start..])
}

/// Whether a paragraph introduces a new example, not one the puzzle showed before.
fn introduces_an_example(paragraph: &str) -> bool {
    let text = paragraph.to_lowercase();
    let new = ["example", "for instance", "suppose", "consider the following"].iter().any(|w| text.contains(w));
    let shown_before = ["above", "same example", "previous example", "earlier example", "that example", "this example"]
        .iter()
        .any(|w| text.contains(w));
    new && !shown_before
}

/// A block's text: emphasis dropped, entities decoded, ending in exactly one newline.
fn block_text(tokens: &[Token<'_>]) -> String {
    let text = text_of(tokens);
    let trimmed = text.trim_end_matches(['\n', '\r']).trim_start_matches(['\n', '\r']);
    format!("{trimmed}\n")
}

/// The text of each `<code>` element of the running text in `tokens`, with whether it is
/// emphasised (`<code><em>x</em></code>` or `<em><code>x</code></em>`). Code inside `<pre>`
/// blocks is an input or a drawing, whose highlighted cells are no answer: it is skipped.
fn codes(tokens: &[Token<'_>]) -> Vec<(String, bool)> {
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(open) = tokens[at..].iter().position(|t| is_open(t, "code") || is_open(t, "pre")).map(|i| at + i) {
        if is_open(&tokens[open], "pre") {
            at = closing(tokens, open, "pre") + 1;
            if at >= tokens.len() {
                break;
            }
            continue;
        }
        let close = closing(tokens, open, "code").min(tokens.len());
        let inner = &tokens[open + 1..close];
        let wrapped =
            open > 0 && is_open(&tokens[open - 1], "em") && tokens.get(close + 1).is_some_and(|t| is_close(t, "em"));
        let emphasised = wrapped || inner.iter().any(|t| is_open(t, "em"));
        found.push((text_of(inner).trim().to_string(), emphasised));
        at = close + 1;
        if at >= tokens.len() {
            break;
        }
    }
    found
}

fn last_emphasised_code(tokens: &[Token<'_>]) -> Option<String> {
    codes(tokens).into_iter().rev().find(|(text, emphasised)| *emphasised && !text.is_empty()).map(|(text, _)| text)
}

fn any_emphasised_code(tokens: &[Token<'_>]) -> bool {
    codes(tokens).iter().any(|(_, emphasised)| *emphasised)
}

fn last_code_word(tokens: &[Token<'_>]) -> Option<String> {
    let (text, _) = codes(tokens).into_iter().next_back()?;
    text.split_whitespace().next_back().map(str::to_string)
}

/// Examples given as a list, an item each: the item's first code is the input, its last
/// the answer (emphasised or not: in such lists every answer is plain code).
fn listed_examples(article: &[Token<'_>], part: usize) -> Vec<Example> {
    let mut examples = Vec::new();
    let mut at = 0;
    while let Some(open) = article[at..].iter().position(|t| is_open(t, "li")).map(|i| at + i) {
        let close = closing(article, open, "li").min(article.len());
        let item = codes(&article[open + 1..close]);
        if let (Some((input, _)), true) = (item.first(), item.len() >= 2) {
            let answer = item.iter().rev().find(|(_, e)| *e).or(item.last()).map(|(text, _)| text.clone());
            let mut expected = [None, None];
            expected[part] = answer.map(strong);
            examples.push(Example {
                input: format!("{input}\n"),
                part,
                source: format!("list item {} of part {}", examples.len() + 1, part + 1),
                expected,
            });
        }
        at = close + 1;
        if at >= article.len() {
            break;
        }
    }
    examples
}

#[cfg(test)]
mod tests;
