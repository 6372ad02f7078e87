//! The puzzle's examples and the answers it expects of them, read from the page, so that a
//! day's test and `run --example` start from the puzzle's own words instead of a copy by
//! hand. A wrong expected answer would mark the user's right solution wrong, so an answer
//! is written as stated only where the text plainly gives it; an answer read less surely
//! is written as a guess (shown, never held against a solution), and none at all is
//! better than a wrong one.
//!
//! Each part's `<article>` is read as a sequence of pieces: prose (a paragraph or a list
//! item, with its `<code>`s) and blocks (`<pre>`).
//!
//! * **An example** is a block introduced as one: the prose just before it speaks of an
//!   example ("For example:", "Consider", "Given", "Suppose") and not of one already shown
//!   ("In the above example", "the same example"). Blocks introduced otherwise draw a state
//!   or a transcript, and are skipped. When no block of part 1 is introduced as one, its
//!   first block is taken, and its answers are only guesses. A part with no example block
//!   may give its examples inline: a list item or a sentence that starts an example
//!   (`<li><code>(())</code> results in floor <code>0</code></li>`, "For example, if ...
//!   <code>R8, R4</code> ... <code>4</code> blocks away"): its first `<code>` is the input.
//!   Part 2 reuses part 1's examples unless it introduces its own; an inline example of
//!   part 2 with the input of one of part 1's is that example.
//! * **The answer** an example expects is the last emphasised code (`<code><em>42</em></code>,
//!   `<em><code>42</code></em>`, or the emphasised end of a longer code such as
//!   `<code>0+1 = <em>1</em></code>`) in the prose after it and before the next example:
//!   the site marks the result it asks for that way. An inline example's answer is its own
//!   emphasised code. Part 2's answers before its own first example are about part 1's
//!   (the first, or the one the text names: "the larger example"). Where there is no
//!   emphasised code, the last plain `<code>` of the same place is written as a guess: older
//!   pages write answers that way, but so do they write every other number.
//!
//! Emphasis inside a block is dropped and entities are decoded, so the input is the text the
//! puzzle shows. How often this is right on real pages is in `docs/commands.md`.

use aoc_workspace::examples::Expected;
use aoc_workspace::Part;

use crate::html::{closing, text_of, tokens, Token};

/// An example of the page: its input and what each part expects of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// The example's input, ending in one newline.
    pub input: String,
    /// The part whose article gives it.
    pub part: Part,
    /// Where on the page it was found ("the first code block of part 1").
    pub source: String,
    /// The answer each part expects of it, where the page gives one (or a marked guess).
    pub expected: [Option<Expected>; 2],
    /// Whether the input is surely the example's: when it is one of several blocks the
    /// text may mean, every answer given for it is a guess.
    pub sure: bool,
}

/// The examples of `html`, part 1's first, each with the answers the page expects of it.
pub fn examples(html: &str) -> Vec<Example> {
    let tokens = tokens(html);
    let mut examples: Vec<Example> = Vec::new();
    for (article, part) in articles(&tokens).into_iter().zip(Part::BOTH) {
        let pieces = pieces(article);
        let found = article_examples(&pieces, part);
        let earlier = examples.len();
        // Part 2's inline "examples" that are bits of an input, or that state no answer, are
        // steps on the way: the part's result is about part 1's example.
        let no_example_of_its_own = !found.examples.is_empty()
            && found.examples.iter().all(|e| {
                let stated = e.expected[part.index()].as_ref().is_some_and(|a| !a.guess);
                is_a_piece_of_an_input(e, &examples) || (!stated && !e.source.contains("code block"))
            });
        if part == Part::Two && no_example_of_its_own {
            let prose: Vec<&Piece> =
                pieces.iter().filter(|p| matches!(p, Piece::Prose(q) if q.item.is_none())).collect();
            if let Some((answer, text)) = answers_about_earlier(&prose).pop() {
                if let Some(target) = referred_example(&examples[..earlier], &text).and_then(|at| examples.get_mut(at))
                {
                    if target.expected[part.index()].is_none() {
                        target.expected[part.index()] =
                            Some(if target.sure { answer } else { Expected::guessed(answer.answer) });
                    }
                }
            }
        }
        for mut example in found.examples {
            if is_a_piece_of_an_input(&example, &examples) {
                example.expected[part.index()] =
                    example.expected[part.index()].take().map(|a| Expected::guessed(a.answer));
            }
            // Part 2's inline example of an input part 1 gave is that example.
            match examples[..earlier].iter_mut().find(|e| e.input == example.input && part == Part::Two) {
                Some(same) => same.expected[part.index()] = example.expected[part.index()].clone(),
                None => examples.push(example),
            }
        }
        for (answer, text) in found.about_earlier {
            // A later answer about the same example is the text's final word on it.
            if let Some(target) = referred_example(&examples[..earlier], &text).and_then(|at| examples.get_mut(at)) {
                let answer = if target.sure { answer } else { Expected::guessed(answer.answer) };
                target.expected[part.index()] = Some(answer);
            }
        }
        if part == Part::Two {
            for (input, answer) in item_answers(&pieces) {
                if let Some(same) = examples[..earlier].iter_mut().find(|e| e.input == input) {
                    same.expected[part.index()] = Some(answer);
                }
            }
        }
    }
    if input_is_a_program(&tokens) {
        // The examples draw what the program (the input) does; none is an input to check.
        for example in &mut examples {
            for expected in example.expected.iter_mut().flatten() {
                expected.guess = true;
            }
        }
    }
    examples
}

/// Whether part 1 says the puzzle input is a program ("an Intcode program (your puzzle
/// input)"): its examples are then the program's world, not inputs of the day.
fn input_is_a_program(tokens: &[Token<'_>]) -> bool {
    let Some(first) = articles(tokens).into_iter().next() else { return false };
    let text = text_of(first).to_lowercase();
    text.split(['.', ';']).any(|sentence| sentence.contains("program") && sentence.contains("your puzzle input"))
}

/// Whether an inline example is a piece of an input rather than one: one line, where the
/// page's example blocks are several (part 2's "<code>17,x,13,19</code> first occurs at
/// ..." after a block of a timestamp and a schedule). Its answer is then only a guess.
fn is_a_piece_of_an_input(example: &Example, blocks: &[Example]) -> bool {
    let inline = !example.source.contains("code block");
    let block_lines = blocks.iter().filter(|b| b.source.contains("code block")).map(|b| b.input.lines().count()).max();
    inline && example.input.lines().count() == 1 && block_lines.is_some_and(|lines| lines > 1)
}

/// What one article holds.
struct Found {
    examples: Vec<Example>,
    /// Answers about part 1's examples (part 2's "In the above example, ..."), each with the
    /// prose that may name which example it is about.
    about_earlier: Vec<(Expected, String)>,
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

/// A piece of an article, in page order.
#[derive(Debug)]
enum Piece {
    /// A paragraph or a list item.
    Prose(Prose),
    /// A `<pre>` block's text, ending in one newline, and the list item it is in.
    Block(String, Option<usize>),
}

#[derive(Debug, Default)]
struct Prose {
    /// Its text, tags dropped.
    text: String,
    /// Its `<code>`s, in order.
    codes: Vec<Code>,
    /// Numbers emphasised outside any code after an `=` ("1749 - 161 = <em>1588</em>"), each
    /// with how many codes come before it: some pages mark results so.
    results: Vec<(usize, String)>,
    /// Numbers emphasised outside any code after a word that attaches them as a result ("the
    /// largest area is <em>17</em>"): older pages' answers, read as guesses.
    soft_results: Vec<String>,
    /// The list item it is (or is in), numbered in page order.
    item: Option<usize>,
}

#[derive(Debug)]
struct Code {
    /// The code's whole text.
    text: String,
    /// The prose's text just before it, lower-case: what may attach it as a result.
    before: String,
    /// Its emphasised text, if any of it is emphasised: what the site marks as a result.
    emphasised: Option<String>,
}

impl Prose {
    fn last_emphasised(&self) -> Option<&str> {
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

    fn last_plain(&self) -> Option<&str> {
        self.codes.last().map(|c| c.text.as_str()).filter(|t| !t.is_empty())
    }

    fn last_plain_number(&self) -> Option<&str> {
        self.codes.iter().rev().map(|c| c.text.as_str()).find(|t| is_a_number(t))
    }

    /// The last code the text attaches as a result ("the answer is <code>609043</code>", "the
    /// code would be <code>5DB3</code>"), with whether it is a number the text calls *the
    /// answer* outright: older pages mark answers so, in plain code.
    fn cued(&self) -> Option<(&str, bool)> {
        self.codes.iter().rev().find_map(|code| {
            let before = code.before.trim_end();
            let outright = ANSWER_CUES.iter().any(|cue| before.ends_with(cue));
            let cued = outright || RESULT_CUES.iter().any(|cue| before.ends_with(cue));
            // A word or code is a guess however it is cued: pages cue many a non-answer so.
            let one_token = !code.text.is_empty() && !code.text.contains(char::is_whitespace);
            (cued && one_token).then_some((code.text.as_str(), outright && is_a_number(&code.text)))
        })
    }
}

/// Words that attach a plain code as the example's answer outright.
const ANSWER_CUES: &[&str] =
    &["the answer is", "the answer would be", "the answer there would be", "answer is", "answer would be"];

/// Words that attach a plain code as a result, less surely.
const RESULT_CUES: &[&str] = &[
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
const SOFT_CUES: &[&str] = &[" is", " of", " be", " are", " was", " total", " get"];

fn is_a_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// The article's prose and blocks, in order.
fn pieces(article: &[Token<'_>]) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut prose = Prose::default();
    let mut items: Vec<usize> = Vec::new();
    let mut items_seen = 0;
    let mut at = 0;
    while at < article.len() {
        let token = &article[at];
        if is_open(token, "pre") {
            flush(&mut prose, &mut pieces, &items);
            let end = closing(article, at, "pre").min(article.len());
            pieces.push(Piece::Block(block_text(&article[at + 1..end]), items.last().copied()));
            at = end + 1;
            continue;
        }
        if is_open(token, "li") {
            flush(&mut prose, &mut pieces, &items);
            items_seen += 1;
            items.push(items_seen);
        } else if is_close(token, "li") {
            flush(&mut prose, &mut pieces, &items);
            items.pop();
        } else if is_open(token, "p") || is_close(token, "p") {
            flush(&mut prose, &mut pieces, &items);
        } else if is_open(token, "code") {
            let end = closing(article, at, "code").min(article.len());
            let inner = &article[at + 1..end];
            let wrapped =
                at > 0 && is_open(&article[at - 1], "em") && article.get(end + 1).is_some_and(|t| is_close(t, "em"));
            let text = text_of(inner).trim().to_string();
            let emphasised = if wrapped { Some(text.clone()) } else { emphasised_text(inner) };
            let before =
                prose.text.chars().rev().take(40).collect::<String>().chars().rev().collect::<String>().to_lowercase();
            prose.text += &text_of(inner);
            prose.codes.push(Code { text, before, emphasised });
            at = end + 1;
            continue;
        } else if is_open(token, "em") && !token_has_class(token, "star") {
            let end = closing(article, at, "em").min(article.len());
            let inner = &article[at + 1..end];
            let text = text_of(inner).trim().to_string();
            // Only the result of a sum written out: emphasis alone marks many another number.
            let a_result = prose.text.trim_end().ends_with('=');
            let cued = SOFT_CUES.iter().any(|cue| prose.text.trim_end().to_lowercase().ends_with(cue));
            if !inner.iter().any(|t| is_open(t, "code")) && is_a_number(&text) {
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

fn token_has_class(token: &Token<'_>, class: &str) -> bool {
    matches!(token, Token::Open(_, tag) if crate::html::attribute(tag, "class").is_some_and(|c| c.split_whitespace().any(|c| c == class)))
}

fn flush(prose: &mut Prose, pieces: &mut Vec<Piece>, items: &[usize]) {
    if !prose.text.trim().is_empty() || !prose.codes.is_empty() {
        prose.item = items.last().copied();
        pieces.push(Piece::Prose(std::mem::take(prose)));
    }
    *prose = Prose::default();
}

/// The emphasised text of a code the site marks as a result: all of it emphasised, or its
/// emphasised end after an `=` (`0+1 + 1+10 = <em>12</em>`). Emphasis elsewhere in a code
/// highlights characters of an input, not a result.
fn emphasised_text(inner: &[Token<'_>]) -> Option<String> {
    let open = inner.iter().rposition(|t| is_open(t, "em"))?;
    let end = closing(inner, open, "em").min(inner.len());
    let after = text_of(&inner[(end + 1).min(inner.len())..]);
    let before = text_of(&inner[..open]);
    let whole = before.trim().is_empty() && after.trim().is_empty();
    let result = after.trim().is_empty() && before.trim_end().ends_with('=');
    (whole || result).then(|| text_of(&inner[open + 1..end]).trim().to_string())
}

/// A block's text: emphasis dropped, entities decoded, ending in exactly one newline.
fn block_text(tokens: &[Token<'_>]) -> String {
    let text = text_of(tokens);
    let trimmed = text.trim_end_matches(['\n', '\r']).trim_start_matches(['\n', '\r']);
    format!("{trimmed}\n")
}

/// Whether prose introduces a new example, not one the puzzle showed before ("the
/// example", "the example above", "the same example").
fn introduces_an_example(prose: &str) -> bool {
    let text = prose.to_lowercase();
    let new = [
        "for example",
        "for instance",
        "suppose",
        "consider the",
        "consider this",
        "consider these",
        "consider a ",
        "consider an ",
        "given the following",
        "an example",
        "another example",
        "larger example",
        "smaller example",
        "following example",
        "examples",
        "example:",
    ]
    .iter()
    .any(|w| text.contains(w));
    // "the following example" is a new one.
    let definite = text.replace("the following", "following");
    let shown_before = [
        "above",
        "the example",
        "same example",
        "first example",
        "previous",
        "earlier",
        "again",
        "example from before",
        "that example",
    ]
    .iter()
    .any(|w| definite.contains(w));
    new && !shown_before
}

/// An example found in an article, before it is numbered into the page's.
struct Candidate {
    input: String,
    source: String,
    answer: Option<Expected>,
    /// Whether the input is surely the example's (not one of several blocks it may be).
    sure: bool,
}

fn article_examples(pieces: &[Piece], part: Part) -> Found {
    let listed = listed_blocks(pieces);
    let mut sure = example_blocks(pieces, &listed);
    // An example stated inline in one code, worked out after it by a list or a block.
    let stated_inline = (0..pieces.len()).any(|at| {
        matches!(&pieces[at], Piece::Prose(prose) if introduces_an_example(&prose.text)
            && (states_its_example(prose) || (prose.item.is_none() && prose.codes.len() == 1 && followed_by_items(&pieces[at + 1..]))))
    });
    if sure.is_empty() && listed.is_empty() && part == Part::One && !stated_inline {
        if let Some(first) = pieces.iter().position(|p| matches!(p, Piece::Block(..))) {
            // No block is said to be an example: the first is the likeliest, its answer a guess.
            sure.push((first, false));
        }
    }
    sure.extend(listed.iter().map(|&(at, _)| (at, true)));
    sure.sort_unstable();
    let starts: Vec<usize> = sure.iter().map(|&(at, _)| at).collect();
    let mut candidates = Vec::new();
    let mut about_earlier = Vec::new();
    let lists = example_lists(pieces);
    for (n, &start) in starts.iter().enumerate() {
        let Piece::Block(input, _) = &pieces[start] else { continue };
        let next_list = lists.iter().copied().find(|&at| at > start);
        let end = starts.get(n + 1).copied().unwrap_or(pieces.len()).min(next_list.unwrap_or(pieces.len()));
        let segment = &pieces[start + 1..end];
        let mut answer = match listed.iter().find(|&&(at, _)| at == start) {
            Some((_, answer)) => answer.clone(),
            None => answer_in(segment).map(|(answer, _)| answer),
        };
        if part == Part::Two && refers_back(&prose_text(segment)) {
            // "Given the same layout as above, ...": about part 1's example, not this block.
            about_earlier.extend(answer.take().map(|a| (a, prose_text(segment))));
        }
        if !sure[n].1 {
            answer = answer.map(|a| Expected::guessed(a.answer));
        }
        let ordinal = pieces[..=start].iter().filter(|p| matches!(p, Piece::Block(..))).count();
        candidates.push(Candidate {
            input: input.clone(),
            source: format!("{} of part {part}", nth_block(ordinal)),
            answer,
            sure: sure[n].1,
        });
    }
    let leading_end = starts.first().copied().unwrap_or(pieces.len());
    if starts.is_empty() {
        candidates = inline_examples(pieces, part);
    } else if let Some(&list) = lists.iter().find(|&&at| at > leading_end) {
        // "Here are a few more examples:" after a block: an example a list item.
        let items = inline_examples(&pieces[list..], part).into_iter().filter(|c| c.source.starts_with("list item"));
        candidates.extend(items);
    }
    if candidates.is_empty() || !starts.is_empty() {
        // The prose of a listed block's own item is that block's, not about part 1's.
        let items: Vec<usize> = starts
            .iter()
            .filter_map(|&at| if let Piece::Block(_, item) = &pieces[at] { *item } else { None })
            .collect();
        let leading: Vec<&Piece> = pieces[..leading_end]
            .iter()
            .filter(|p| !matches!(p, Piece::Prose(prose) if prose.item.is_some_and(|i| items.contains(&i))))
            .collect();
        about_earlier.splice(0..0, answers_about_earlier(&leading));
    }
    let blocks: Vec<Example> = candidates
        .iter()
        .filter(|c| c.source.contains("code block"))
        .map(|c| Example {
            input: c.input.clone(),
            part,
            source: c.source.clone(),
            expected: [None, None],
            sure: c.sure,
        })
        .collect();
    for candidate in candidates.iter_mut() {
        let example = Example {
            input: candidate.input.clone(),
            part,
            source: candidate.source.clone(),
            expected: [None, None],
            sure: true,
        };
        if is_a_piece_of_an_input(&example, &blocks) {
            candidate.answer = candidate.answer.take().map(|a| Expected::guessed(a.answer));
        }
    }
    let examples = candidates
        .into_iter()
        .map(|c| {
            let mut expected = [None, None];
            expected[part.index()] = c.answer;
            Example { input: c.input, part, source: c.source, expected, sure: c.sure }
        })
        .collect();
    Found { examples, about_earlier }
}

/// The blocks that start an example, each with whether it is certain: a block introduced as
/// an example after the answer to the one before, or as a new one outright ("a larger
/// example"). One introduced before the previous example's answer may draw that example on
/// its way (a grid, then the grid after a step) or be a new one: the two are taken as one
/// example, the larger block its input, and its answers become guesses.
fn example_blocks(pieces: &[Piece], listed: &[(usize, Option<Expected>)]) -> Vec<(usize, bool)> {
    let mut starts: Vec<(usize, bool)> = Vec::new();
    let is_listed = |at: usize| listed.iter().any(|&(l, _)| l == at);
    for at in (0..pieces.len()).filter(|&i| is_introduced_block(pieces, i) && !is_listed(i)) {
        let Some(&(previous, _)) = starts.last() else {
            starts.push((at, true));
            continue;
        };
        let outright = matches!(&pieces[at - 1], Piece::Prose(p) if introduces_another_example(&p.text));
        if outright || has_emphasis(&pieces[previous + 1..at]) {
            starts.push((at, true));
        } else if let Some(last) = starts.last_mut() {
            // Of the blocks one example may be, its input is likelier the larger: the others
            // are a detail of it drawn on the way.
            if block_lines(&pieces[at]) > block_lines(&pieces[last.0]) {
                last.0 = at;
            }
            last.1 = false;
        }
    }
    starts
}

/// A block's size as an input: the lines of its first paragraph, a label line ("Before any
/// steps:") aside. A transcript of states is long, but each state in it is small.
fn block_lines(piece: &Piece) -> usize {
    match piece {
        Piece::Block(text, _) => {
            text.lines().skip_while(|l| l.trim_end().ends_with(':')).take_while(|l| !l.trim().is_empty()).count()
        }
        Piece::Prose(_) => 0,
    }
}

/// Whether prose introduces an example as new outright: "a larger example", "another example".
fn introduces_another_example(prose: &str) -> bool {
    let text = prose.to_lowercase();
    ["larger example", "another example", "bigger example", "more complex example", "new example", "second example"]
        .iter()
        .any(|w| text.contains(w))
}

/// Where prose outside a list introduces examples given one a list item ("Here are a few
/// more examples:" and items of an input and its answer each).
fn example_lists(pieces: &[Piece]) -> Vec<usize> {
    (0..pieces.len().saturating_sub(1))
        .filter(|&at| {
            matches!(&pieces[at], Piece::Prose(intro) if intro.item.is_none() && introduces_an_example(&intro.text))
                && matches!(&pieces[at + 1], Piece::Prose(item) if item.item.is_some() && item.codes.len() >= 2)
        })
        .collect()
}

/// Blocks given one a list item, with the item's answer: `<li><p>Max thruster signal
/// <em><code>43210</code></em>:</p><pre>...</pre></li>` (with no emphasis, the item's last
/// code, as a guess).
fn listed_blocks(pieces: &[Piece]) -> Vec<(usize, Option<Expected>)> {
    let mut found = Vec::new();
    for (at, piece) in pieces.iter().enumerate() {
        let Piece::Block(_, Some(item)) = piece else { continue };
        let prose: Vec<&Prose> = pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Prose(prose) if prose.item == Some(*item) => Some(prose),
                _ => None,
            })
            .collect();
        let blocks_in_item = pieces.iter().filter(|p| matches!(p, Piece::Block(_, Some(i)) if i == item)).count();
        if blocks_in_item != 1 || prose.iter().all(|p| p.codes.is_empty()) {
            continue;
        }
        let answer = match prose.iter().rev().find_map(|p| p.last_emphasised()) {
            Some(stated) => stated_if_a_number(stated),
            None => Expected::guessed(
                prose
                    .iter()
                    .rev()
                    .find_map(|p| p.last_plain_number().map(str::to_string).or_else(|| p.last_plain().map(last_word)))
                    .unwrap_or_default(),
            ),
        };
        found.push((at, Some(answer)));
    }
    found
}

fn has_emphasis(pieces: &[Piece]) -> bool {
    pieces.iter().any(|p| matches!(p, Piece::Prose(prose) if prose.last_emphasised().is_some()))
}

/// Part 2's answers about part 1's examples, in order, each with the prose since the one
/// before (which may name the example: "The second example above ...").
fn answers_about_earlier(pieces: &[&Piece]) -> Vec<(Expected, String)> {
    let mut found = Vec::new();
    let mut since = String::new();
    // Emphasis in a list is workings when the prose around it states a result too.
    let outside_lists =
        pieces.iter().any(|p| matches!(p, Piece::Prose(q) if q.item.is_none() && q.last_emphasised().is_some()));
    for &piece in pieces {
        let Piece::Prose(prose) = piece else { continue };
        since += &prose.text;
        if outside_lists && prose.item.is_some() {
            continue;
        }
        since.push('\n');
        if prose.last_emphasised().is_some() {
            if let Some((answer, _)) = answer_in(std::slice::from_ref(piece)) {
                found.push((answer, std::mem::take(&mut since)));
            }
        }
    }
    if found.is_empty() {
        // No emphasised answer: a plain one, as a guess.
        let prose: Vec<&Prose> =
            pieces.iter().filter_map(|p| if let Piece::Prose(prose) = p { Some(prose) } else { None }).collect();
        found
            .extend(answer_in_prose(&prose).map(|(answer, text)| (Expected::guessed(answer.answer), text.to_string())));
    }
    found
}

fn is_introduced_block(pieces: &[Piece], at: usize) -> bool {
    matches!(pieces[at], Piece::Block(..))
        && at > 0
        && matches!(&pieces[at - 1], Piece::Prose(prose) if introduces_an_example(&prose.text) && !states_its_example(prose))
}

/// Whether prose gives its example inline, in one code at a sentence's end ("suppose your
/// cup labeling were <code>389125467</code>."): a block after it works the example out.
fn states_its_example(prose: &Prose) -> bool {
    prose.item.is_none() && prose.codes.len() == 1 && ends_with_its_code(prose)
}

/// The answer the prose of `pieces` states, and the text of the prose it is in: its last
/// emphasised code (a guess when the same sentence emphasises another number too: "<em>7
/// </em> differences of 1 and <em>5</em> of 3" asks for a product the page does not write);
/// failing one, its last plain code, as a guess.
fn answer_in(pieces: &[Piece]) -> Option<(Expected, &str)> {
    let prose: Vec<&Prose> =
        pieces.iter().filter_map(|p| if let Piece::Prose(prose) = p { Some(prose) } else { None }).collect();
    answer_in_prose(&prose)
}

/// [`answer_in`], of prose alone.
fn answer_in_prose<'p>(prose: &[&'p Prose]) -> Option<(Expected, &'p str)> {
    let prose = || prose.iter().copied();
    if let Some(last) = prose().rfind(|p| p.last_emphasised().is_some()) {
        let stated = last.last_emphasised().unwrap_or_default();
        let emphasised = last.codes.iter().filter_map(|c| c.emphasised.as_deref());
        let others = emphasised.chain(last.results.iter().map(|(_, t)| t.as_str())).filter(|e| *e != stated).count();
        let answer = if others == 0 { stated_if_a_number(stated) } else { Expected::guessed(stated) };
        return Some((answer, last.text.as_str()));
    }
    if let Some((prose, (answer, outright))) = prose().filter_map(|p| Some((p, p.cued()?))).next_back() {
        let answer = if outright { Expected::stated(answer) } else { Expected::guessed(answer) };
        return Some((answer, prose.text.as_str()));
    }
    if let Some(last) = prose().rfind(|p| !p.soft_results.is_empty()) {
        let answer = last.soft_results.last().map(String::as_str).unwrap_or_default();
        return Some((Expected::guessed(answer), last.text.as_str()));
    }
    // A number, where the text has one, is likelier an answer than a word of it.
    if let Some(last) = prose().rfind(|p| p.last_plain_number().is_some()) {
        return Some((Expected::guessed(last.last_plain_number().unwrap_or_default()), last.text.as_str()));
    }
    let last = prose().rfind(|p| p.last_plain().is_some())?;
    Some((Expected::guessed(last_word(last.last_plain().unwrap_or_default())), last.text.as_str()))
}

/// An emphasised answer as stated when it is a number; any other (a letter of a drawing, a
/// word of the text) only as a guess, since the site emphasises those too.
fn stated_if_a_number(answer: &str) -> Expected {
    if is_a_number(answer) {
        Expected::stated(answer)
    } else {
        Expected::guessed(answer)
    }
}

/// Whether prose speaks of an example shown before ("In the above example", "the
/// example"), not of the one just shown.
fn refers_back(prose: &str) -> bool {
    let text = prose.to_lowercase();
    [
        "example above",
        "above example",
        "as above",
        "same example",
        "original example",
        "previous example",
        "first example",
    ]
    .iter()
    .any(|w| text.contains(w))
}

fn last_word(text: &str) -> String {
    text.split_whitespace().next_back().unwrap_or(text).to_string()
}

fn prose_text(pieces: &[Piece]) -> String {
    pieces.iter().filter_map(|p| if let Piece::Prose(prose) = p { Some(prose.text.as_str()) } else { None }).collect()
}

/// Examples given in the prose, one a list item or a sentence that starts an example: its
/// first code is the input, its emphasised code (else its last code, as a guess) the answer.
/// A sentence's emphasised code is the example's answer only when it is the part's last:
/// earlier ones are steps on the way ("its loop size must be <em>8</em>"). A sentence that
/// starts an example with one code ("suppose the starting numbers are <code>0,3,6</code>:")
/// is an example whose list items after it are its workings, and whose answer is the last
/// emphasised code of the prose after them.
fn inline_examples(pieces: &[Piece], part: Part) -> Vec<Candidate> {
    let last_emphasised =
        pieces.iter().rposition(|p| matches!(p, Piece::Prose(prose) if prose.last_emphasised().is_some()));
    let mut found = Vec::new();
    let mut in_examples = false;
    let mut workings = false;
    for (at, piece) in pieces.iter().enumerate() {
        let Piece::Prose(prose) = piece else { continue };
        if prose.item.is_none() {
            in_examples = introduces_an_example(&prose.text);
            workings = in_examples
                && prose.codes.len() == 1
                && (followed_by_items(&pieces[at + 1..]) || ends_with_its_code(prose));
            if workings {
                let next_intro = pieces[at + 1..]
                    .iter()
                    .position(|p| matches!(p, Piece::Prose(q) if q.item.is_none() && introduces_an_example(&q.text)))
                    .map_or(pieces.len(), |i| at + 1 + i);
                let answer = answer_outside_lists(&pieces[at + 1..next_intro]).map(|answer| {
                    // A step on the way unless it is the part's last result.
                    let last = pieces[at + 1..next_intro]
                        .iter()
                        .any(|p| matches!(p, Piece::Prose(q) if q.item.is_none() && q.last_emphasised().is_some()))
                        && last_emphasised.is_some_and(|l| l < next_intro);
                    if last {
                        answer
                    } else {
                        Expected::guessed(answer.answer)
                    }
                });
                found.push(Candidate {
                    input: format!("{}\n", prose.codes[0].text),
                    source: format!("sentence {} of part {part}", found.len() + 1),
                    answer,
                    sure: true,
                });
                continue;
            }
        }
        let holds_block =
            prose.item.is_some_and(|i| pieces.iter().any(|p| matches!(p, Piece::Block(_, Some(b)) if *b == i)));
        if !in_examples || workings || holds_block || prose.codes.len() < 2 {
            continue;
        }
        let input = &prose.codes[0].text;
        if input.is_empty() || prose.codes[0].emphasised.is_some() {
            continue;
        }
        let answer = match prose.last_emphasised() {
            Some(stated) if prose.item.is_some() => stated_if_a_number(stated),
            // A sentence of just an input and its result, the part's last.
            Some(stated) if Some(at) == last_emphasised && prose.codes.len() == 2 => stated_if_a_number(stated),
            Some(step) => Expected::guessed(step),
            None => match prose.cued() {
                Some((answer, true)) => Expected::stated(answer),
                Some((answer, false)) if prose.item.is_none() => Expected::guessed(answer),
                // A list item's result is its last code ("... = <code>966</code>").
                _ => Expected::guessed(result_of_item(prose)),
            },
        };
        let kind = if prose.item.is_some() { "list item" } else { "sentence" };
        found.push(Candidate {
            input: format!("{input}\n"),
            source: format!("{kind} {} of part {part}", found.len() + 1),
            answer: Some(answer),
            sure: true,
        });
    }
    found
}

/// The last emphasised code of the prose outside lists in `pieces` (a list there holds
/// the workings).
fn answer_outside_lists(pieces: &[Piece]) -> Option<Expected> {
    let prose: Vec<&Prose> = pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Prose(prose) if prose.item.is_none() => Some(prose),
            _ => None,
        })
        .collect();
    match prose.iter().rev().find_map(|p| p.last_emphasised()) {
        Some(stated) => Some(stated_if_a_number(stated)),
        // No emphasis: a plain answer, as a guess.
        None => answer_in_prose(&prose).map(|(answer, _)| Expected::guessed(answer.answer)),
    }
}

/// Whether prose ends with its code ("suppose your cup labeling were <code>389125467</code>."):
/// the code is the example, and what follows works it out.
fn ends_with_its_code(prose: &Prose) -> bool {
    prose.codes.first().is_some_and(|code| {
        let tail = prose.text.rsplit(code.text.as_str()).next().unwrap_or("").trim_start();
        tail.is_empty() || tail.starts_with(['.', ':'])
    })
}

/// A list item's result, as a guess: its last number in code, else the last word of its
/// last code ("... = <code>966</code>").
fn result_of_item(prose: &Prose) -> String {
    match prose.last_plain_number() {
        Some(number) => number.to_string(),
        None => prose.codes.last().map_or(String::new(), |c| last_word(&c.text)),
    }
}

fn followed_by_items(pieces: &[Piece]) -> bool {
    matches!(pieces.first(), Some(Piece::Prose(item)) if item.item.is_some())
}

/// The list items of `pieces` that give an answer for an input (`<code>bvwb...</code>: first
/// marker after character <code><em>23</em></code>`): part 2's answers for part 1's inputs.
fn item_answers(pieces: &[Piece]) -> Vec<(String, Expected)> {
    let mut found = Vec::new();
    for piece in pieces {
        let Piece::Prose(prose) = piece else { continue };
        if prose.item.is_none() || prose.codes.len() < 2 || prose.codes[0].emphasised.is_some() {
            continue;
        }
        let answer = match (prose.last_emphasised(), prose.cued()) {
            (Some(stated), _) => stated_if_a_number(stated),
            (None, Some((answer, true))) => Expected::stated(answer),
            _ => Expected::guessed(result_of_item(prose)),
        };
        found.push((format!("{}\n", prose.codes[0].text), answer));
    }
    found
}

/// Which of part 1's `examples` part 2's `text` is about: the one it names ("the larger
/// example", "the second example"), else the last (the example part 1 built up to).
fn referred_example(examples: &[Example], text: &str) -> Option<usize> {
    let last = examples.len().checked_sub(1)?;
    let text = text.to_lowercase();
    let named = [
        ("first example", 0),
        ("second example", 1),
        ("third example", 2),
        ("larger example", last),
        ("large example", last),
        ("last example", last),
        ("bigger example", last),
    ];
    let at = named.iter().find(|(words, _)| text.contains(words)).map_or(last, |&(_, at)| at);
    Some(at.min(last))
}

fn nth_block(ordinal: usize) -> String {
    match ordinal {
        1 => "the first code block".to_string(),
        2 => "the second code block".to_string(),
        3 => "the third code block".to_string(),
        n => format!("code block {n}"),
    }
}

#[cfg(test)]
mod corpus;
#[cfg(test)]
mod tests;
