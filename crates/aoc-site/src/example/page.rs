//! A puzzle article as the rule reads it: a sequence of pieces, prose (a paragraph or a list
//! item, with its codes and the results it emphasises) and blocks (`<pre>`).

use crate::html::{closing, text_of, Token};

/// A piece of an article, in page order.
#[derive(Debug)]
pub(super) enum Piece {
    /// A paragraph or a list item.
    Prose(Prose),
    /// A `<pre>` block's text, ending in one newline, and the list item it is in.
    Block(String, Option<usize>),
}

impl Piece {
    pub(super) fn prose(&self) -> Option<&Prose> {
        match self {
            Piece::Prose(prose) => Some(prose),
            Piece::Block(..) => None,
        }
    }
}

#[derive(Debug, Default)]
pub(super) struct Prose {
    /// Its text, tags dropped.
    pub(super) text: String,
    /// Its `<code>`s, in order.
    pub(super) codes: Vec<Code>,
    /// Numbers emphasised outside any code after an `=` ("1749 - 161 = <em>1588</em>"), each
    /// with how many codes come before it: some pages mark results so.
    pub(super) results: Vec<(usize, String)>,
    /// Numbers emphasised outside any code after a word that attaches them as a result ("the
    /// largest area is <em>17</em>"): older pages' answers, read as guesses.
    pub(super) soft_results: Vec<String>,
    /// The list item it is (or is in), numbered in page order.
    pub(super) item: Option<usize>,
    /// Whether it speaks of the user's own puzzle rather than an example: it asks the
    /// puzzle's question ("What is the sum of ...?") or names the puzzle input. Its codes and
    /// emphasis are never an example's answer.
    pub(super) about_your_puzzle: bool,
}

#[derive(Debug)]
pub(super) struct Code {
    /// The code's whole text.
    pub(super) text: String,
    /// The prose's text just before it, lower-case: what may attach it as a result.
    pub(super) before: String,
    /// Its emphasised text, if any of it is emphasised: what the site marks as a result.
    pub(super) emphasised: Option<String>,
    /// Where it starts in the prose's text.
    pub(super) at: usize,
}

impl Prose {
    pub(super) fn last_emphasised(&self) -> Option<&str> {
        let code = self
            .codes
            .iter()
            .enumerate()
            .rev()
            .find_map(|(i, c)| c.emphasised.as_deref().filter(|t| !t.is_empty()).map(|t| (i + 1, t)));
        let plain = self.results.last().map(|(after, text)| (*after, text.as_str()));
        match (code, plain) {
            (Some((i, code)), Some((after, plain))) => Some(if after >= i { plain } else { code }),
            (code, plain) => code.or(plain).map(|(_, text)| text),
        }
    }

    pub(super) fn last_plain(&self) -> Option<&str> {
        self.codes.last().map(|c| c.text.as_str()).filter(|t| !t.is_empty())
    }

    pub(super) fn last_plain_number(&self) -> Option<&str> {
        self.codes.iter().rev().map(|c| c.text.as_str()).find(|t| is_a_number(t))
    }

    /// Its result as a guess reads it: its last number in code, else the last word of its
    /// last code ("... = <code>966</code>").
    pub(super) fn plain_result(&self) -> Option<String> {
        self.last_plain_number().map(str::to_string).or_else(|| self.last_plain().map(last_word))
    }

    /// The last code the text attaches as a result ("the answer is <code>609043</code>", "the
    /// code would be <code>5DB3</code>"), with whether it is a number the text calls *the
    /// answer* outright: older pages mark answers so, in plain code.
    pub(super) fn cued(&self) -> Option<(&str, bool)> {
        self.codes.iter().rev().find_map(|code| {
            let before = code.before.trim_end();
            let outright = ANSWER_CUES.iter().any(|cue| before.ends_with(cue));
            let cued = outright || RESULT_CUES.iter().any(|cue| before.ends_with(cue));
            // A word or code is a guess however it is cued: pages cue many a non-answer so.
            let one_token = !code.text.is_empty() && !code.text.contains(char::is_whitespace);
            // "the answer would be <code>10 * 24 = 240</code>": the result of the sum.
            let result = code.text.rsplit_once('=').map(|(_, result)| result.trim()).filter(|r| is_a_number(r));
            match result {
                Some(result) if outright => Some((result, true)),
                _ => (cued && one_token).then_some((code.text.as_str(), outright && is_a_number(&code.text))),
            }
        })
    }
}

/// Words that attach a plain code as the example's answer outright.
pub(super) const ANSWER_CUES: &[&str] =
    &["the answer is", "the answer would be", "the answer there would be", "answer is", "answer would be"];

/// Words that attach a plain code as a result, less surely.
pub(super) const RESULT_CUES: &[&str] = &[
    "would be",
    "a total of",
    "total of",
    "is",
    "are",
    "of",
    "produces",
    "results in",
    "result is",
    "would get",
    "you get",
    "there are",
];

/// Words after which a plain emphasised number is likely a result (a guess).
pub(super) const SOFT_CUES: &[&str] =
    &[" is", " of", " be", " are", " was", " total", " get", " take", " takes", " only", " in"];

pub(super) fn is_a_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// The article's prose and blocks, in order.
pub(super) fn pieces(article: &[Token<'_>]) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut prose = Prose::default();
    let mut items: Vec<usize> = Vec::new();
    let mut items_seen = 0;
    let mut at = 0;
    while at < article.len() {
        let token = &article[at];
        if token.is_open("pre") {
            flush(&mut prose, &mut pieces, &items);
            let end = closing(article, at, "pre").min(article.len());
            pieces.push(Piece::Block(block_text(&article[at + 1..end]), items.last().copied()));
            at = end + 1;
            continue;
        }
        if token.is_open("li") {
            flush(&mut prose, &mut pieces, &items);
            items_seen += 1;
            items.push(items_seen);
        } else if token.is_close("li") {
            flush(&mut prose, &mut pieces, &items);
            items.pop();
        } else if token.is_open("p") || token.is_close("p") {
            flush(&mut prose, &mut pieces, &items);
        } else if token.is_open("code") {
            let end = closing(article, at, "code").min(article.len());
            let inner = &article[at + 1..end];
            let wrapped =
                at > 0 && article[at - 1].is_open("em") && article.get(end + 1).is_some_and(|t| t.is_close("em"));
            let text = text_of(inner).trim().to_string();
            let emphasised = if wrapped { Some(text.clone()) } else { emphasised_text(inner) };
            let before =
                prose.text.chars().rev().take(40).collect::<String>().chars().rev().collect::<String>().to_lowercase();
            let starts_at = prose.text.len();
            prose.text += &text_of(inner);
            prose.codes.push(Code { text, before, emphasised, at: starts_at });
            at = end + 1;
            continue;
        } else if token.is_open("em") && !token_has_class(token, "star") {
            let end = closing(article, at, "em").min(article.len());
            let inner = &article[at + 1..end];
            let text = text_of(inner).trim().to_string();
            // Only the result of a sum written out: emphasis alone marks many another number.
            let a_result = prose.text.trim_end().ends_with('=');
            let cued = SOFT_CUES.iter().any(|cue| prose.text.trim_end().to_lowercase().ends_with(cue));
            if !inner.iter().any(|t| t.is_open("code")) && is_a_number(&text) {
                if a_result {
                    prose.results.push((prose.codes.len(), text));
                } else if cued {
                    prose.soft_results.push(text);
                }
            }
        } else if let Token::Text(text) = token {
            prose.text += text;
        }
        at += 1;
    }
    flush(&mut prose, &mut pieces, &items);
    pieces
}

pub(super) fn token_has_class(token: &Token<'_>, class: &str) -> bool {
    matches!(token, Token::Open(_, tag) if crate::html::attribute(tag, "class").is_some_and(|c| c.split_whitespace().any(|c| c == class)))
}

pub(super) fn flush(prose: &mut Prose, pieces: &mut Vec<Piece>, items: &[usize]) {
    if !prose.text.trim().is_empty() || !prose.codes.is_empty() {
        prose.item = items.last().copied();
        prose.about_your_puzzle = prose.item.is_none() && is_about_your_puzzle(prose);
        if prose.about_your_puzzle {
            prose.results.clear();
            prose.soft_results.clear();
            prose.codes.iter_mut().for_each(|code| code.emphasised = None);
        }
        pieces.push(Piece::Prose(std::mem::take(prose)));
    }
    *prose = Prose::default();
}

/// Whether prose speaks of the user's own puzzle: it names the puzzle input, or asks a
/// question with no code after it (a question may end with the example's answer: "(In the
/// example, the answer would be <code>240</code>.)").
fn is_about_your_puzzle(prose: &Prose) -> bool {
    let asks = prose.text.rfind('?').is_some_and(|question| prose.codes.iter().all(|code| code.at < question));
    asks || prose.text.to_lowercase().contains("your puzzle input")
}

/// The emphasised text of a code the site marks as a result: all of it emphasised, or its
/// emphasised end after an `=` (`0+1 + 1+10 = <em>12</em>`). Emphasis elsewhere in a code
/// highlights characters of an input, not a result.
pub(super) fn emphasised_text(inner: &[Token<'_>]) -> Option<String> {
    let open = inner.iter().rposition(|t| t.is_open("em"))?;
    let end = closing(inner, open, "em").min(inner.len());
    let after = text_of(&inner[(end + 1).min(inner.len())..]);
    let before = text_of(&inner[..open]);
    let whole = before.trim().is_empty() && after.trim().is_empty();
    let result = after.trim().is_empty() && before.trim_end().ends_with('=');
    (whole || result).then(|| text_of(&inner[open + 1..end]).trim().to_string())
}

/// Whether a block is a transcript of steps headed like `== Minute 1 ==`: no puzzle input
/// starts so, and the site draws a worked answer that way.
pub(super) fn is_a_step_transcript(block: &str) -> bool {
    block.lines().next().is_some_and(|first| first.starts_with("== ") && first.trim_end().ends_with(" =="))
}

/// The starting state of a block that shows states one after another ("Initial state:",
/// its grid, then "After 1 minute:" and the next): the puzzle's input is that first
/// state, without its label. `None` for any other block.
pub(super) fn first_state(block: &str) -> Option<String> {
    let mut lines = block.lines();
    let label = lines.next()?.trim_end();
    let (heading, inline_state) = label.split_once(':')?;
    let heading = heading.to_lowercase();
    if !["initial", "before", "start"].iter().any(|word| heading.starts_with(word)) {
        return None;
    }
    let state: Vec<&str> = if inline_state.trim().is_empty() {
        lines.by_ref().take_while(|l| !l.trim().is_empty()).collect()
    } else {
        // "Initial state: 3,4,3,1,2", then a line a step.
        vec![inline_state.trim()]
    };
    let later_steps = block.lines().skip(1).any(|l| l.trim_start().to_lowercase().starts_with("after "));
    (!state.is_empty() && later_steps).then(|| state.join("\n") + "\n")
}

/// A block's text: emphasis dropped, entities decoded, ending in exactly one newline.
pub(super) fn block_text(tokens: &[Token<'_>]) -> String {
    let text = text_of(tokens);
    let trimmed = text.trim_end_matches(['\n', '\r']).trim_start_matches(['\n', '\r']);
    format!("{trimmed}\n")
}

/// The last word of `text` (all of it when it has none).
pub(super) fn last_word(text: &str) -> String {
    text.split_whitespace().next_back().unwrap_or(text).to_string()
}
