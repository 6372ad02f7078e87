//! The puzzle's examples and the answers it expects of them, read from the page, so that a
//! day's test and `run --example` start from the puzzle's own words instead of a copy by
//! hand. A wrong expected answer would mark the user's right solution wrong, so an answer
//! is written as stated only where the text plainly gives it; an answer read less surely
//! is written as a guess (shown, never held against a solution), and none at all is
//! better than a wrong one.
//!
//! Each part's `<article>` is read as a sequence of pieces (module `page`): prose (a
//! paragraph or a list item, with its codes) and blocks (`<pre>`).
//!
//! * **An example** is a block introduced as one: the prose just before it speaks of an
//!   example ("For example:", "Consider the following", "Suppose") and not of one already
//!   shown ("In the above example", "the same example"). A block introduced before the
//!   previous example's answer is the same example drawn on its way (its larger block is the
//!   input, and its answers are guesses). A block in a list item with the item's result is
//!   an example each. When no block of part 1 is introduced as one, its first is taken, its
//!   answers only guesses. Examples may be given inline instead (module `inline`): list
//!   items each an input and its result, or a sentence stating the example in one code.
//!   Part 2 reuses part 1's examples unless it introduces its own; its inline example of
//!   one of part 1's inputs is that example. When the text supposes the puzzle input ("if
//!   your key string were <code>flqrgnkx</code>"), the blocks after it draw what that
//!   input makes: the example is the supposed input, with the answers found for them.
//! * **The answer** (module `answer`) is the last emphasised code after the example and
//!   before the next (`<code><em>42</em></code>`, `<em><code>42</code></em>`, or the end of
//!   `<code>0+1 = <em>1</em></code>`): the site marks the result it asks for that way. It is
//!   stated when it is a number alone in its sentence; else, and for plain codes the text
//!   attaches as a result ("would be <code>982</code>"), it is a guess; "the answer is
//!   <code>605</code>" is stated. Part 2's results about part 1's examples go to the one the
//!   text names ("the first example", "the larger example"), else to the last.
//!   An answer stated in the sentence that introduces the next example ("here is a
//!   situation that takes <code><em>6</em></code> steps:") is that example's; "In the second
//!   example, ..." answers the one it names; an answer that comes after three or more other
//!   drawings may be about any of them, so it is a guess. Part 2's answers about part 1's
//!   examples are taken in the text's order, once the text turns to the example.
//! * **Never an input**: a one-line inline example where the page's example blocks have
//!   several lines is a piece of an input, and when the puzzle input is a program ("an
//!   Intcode program (your puzzle input)") the examples draw the program's world: their
//!   answers are guesses only. A block of states ("Initial state:", "After 1 minute:") is
//!   the example drawn step by step (its input is the first state), and a transcript headed
//!   `== Minute 1 ==` is never an example. A block the text says draws what would come of
//!   the example ("suppose there are 9 players. Their turns would produce circles like
//!   this:") is only likely its input: its answers are guesses.
//! * **Never an answer**: prose that asks the puzzle's question or names the puzzle input
//!   speaks of the user's puzzle, not the example.
//!
//! Emphasis inside a block is dropped and entities are decoded, so the input is the text the
//! puzzle shows. How often this is right on real pages is in `docs/commands.md`.
//!
//! A puzzle someone has already read by hand comes first: `examples_of_day` takes the
//! examples aocd-example-parser's checked locators give (module `known`) wherever they read
//! the page, and this rule only for the rest (every puzzle of a new year among them).

use aoc_workspace::examples::Expected;
use aoc_workspace::Part;

use crate::html::{elements, text_of, tokens, Token};

use answer::{answer_in_prose, answers_about_earlier, guessed_unless, has_emphasis, prose_text, stated_if_a_number};
use inline::{
    example_lists, inline_examples, item_answers, states_a_worked_example, states_its_example, supposed_input,
};
use page::{first_state, is_a_step_transcript, pieces, Piece, Prose};
use wording::{introduces_an_example, introduces_another_example, refers_back};

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

impl Example {
    /// An example of `part`'s article, with the answer that part expects of it.
    fn new(input: String, part: Part, source: String, answer: Option<Expected>, sure: bool) -> Example {
        let mut expected = [None, None];
        expected[part.index()] = answer;
        Example { input, part, source, expected, sure }
    }
}

/// The example as a day holds it (`examples.txt`).
impl From<Example> for aoc_workspace::examples::Example {
    fn from(Example { input, source, expected, .. }: Example) -> Self {
        aoc_workspace::examples::Example { input, source: Some(source), expected }
    }
}

/// The examples of `year`'s `day` on its page `html`, and whether they are the table's
/// (aocd-example-parser's hand-checked locators, module `known`): the table's where it
/// knows the puzzle and reads it on this page, else the rule's.
pub fn examples_of_day(html: &str, year: u16, day: u8) -> (Vec<Example>, bool) {
    match known::examples(html, year, day) {
        Some(found) => (found, true),
        None => (examples(html), false),
    }
}

/// The examples of `html` by the rule, part 1's first, each with the answers the page
/// expects of it.
pub fn examples(html: &str) -> Vec<Example> {
    let tokens = tokens(html);
    let mut examples: Vec<Example> = Vec::new();
    for (article, part) in elements(&tokens, "article").into_iter().zip(Part::BOTH) {
        let pieces = pieces(article);
        let found = article_examples(&pieces, part);
        let earlier = examples.len();
        // The longest example block so far and in this part, which a one-line inline
        // example may be a piece of.
        let blocks = examples.iter().chain(&found.examples).filter(|b| b.source.contains("code block"));
        let block_lines = blocks.map(|b| b.input.lines().count()).max().unwrap_or(0);
        // Part 2's inline "examples" that are bits of an input, or that state no answer, are
        // steps on the way: the part's result is about part 1's example.
        let no_example_of_its_own = !found.examples.is_empty()
            && found.examples.iter().all(|e| {
                let stated = e.expected[part.index()].as_ref().is_some_and(|a| !a.guess);
                is_a_piece_of_an_input(e, block_lines) || (!stated && !e.source.contains("code block"))
            });
        if part == Part::Two && no_example_of_its_own {
            let prose: Vec<&Piece> =
                pieces.iter().filter(|p| matches!(p, Piece::Prose(q) if q.item.is_none())).collect();
            if let Some((answer, text)) = answers_about_earlier(&prose).pop() {
                if let Some(target) = referred_example(&mut examples[..earlier], &text) {
                    target.expected[part.index()].get_or_insert_with(|| guessed_unless(target.sure, answer));
                }
            }
        }
        // Answers about part 1's examples are taken in the order the text gives them: a later
        // answer about the same example is the text's final word on it ("For this tree, this
        // is 4. However, you can do even better: ... 8").
        answer_earlier(&mut examples[..earlier], found.before_its_examples, part);
        for mut example in found.examples {
            if is_a_piece_of_an_input(&example, block_lines) {
                example.expected[part.index()] =
                    example.expected[part.index()].take().map(|a| answer::guessed(a.answer));
            }
            // Part 2's inline example of an input part 1 gave is that example.
            match examples[..earlier].iter_mut().find(|e| e.input == example.input && part == Part::Two) {
                Some(same) => {
                    if example.expected[part.index()].is_some() {
                        same.expected[part.index()] = example.expected[part.index()].clone();
                    }
                }
                None => examples.push(example),
            }
        }
        answer_earlier(&mut examples[..earlier], found.about_earlier, part);
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

/// Gives each of `answers` about part 1's `examples` to the one its text names, as a
/// guess where that example's input is not sure.
fn answer_earlier(examples: &mut [Example], answers: Vec<(Expected, String)>, part: Part) {
    for (answer, text) in answers {
        if let Some(target) = referred_example(examples, &text) {
            target.expected[part.index()] = Some(guessed_unless(target.sure, answer));
        }
    }
}

/// Whether part 1 says the puzzle input is a program ("an Intcode program (your puzzle
/// input)"): its examples are then the program's world, not inputs of the day.
fn input_is_a_program(tokens: &[Token<'_>]) -> bool {
    let Some(first) = elements(tokens, "article").into_iter().next() else { return false };
    let text = text_of(first).to_lowercase();
    text.split(['.', ';']).any(|sentence| sentence.contains("program") && sentence.contains("your puzzle input"))
}

/// Whether an inline example is a piece of an input rather than one: one line, where the
/// page's longest example block has `block_lines`, several (part 2's "<code>17,x,13,19
/// </code> first occurs at ..." after a block of a timestamp and a schedule). Its answer
/// is then only a guess.
fn is_a_piece_of_an_input(example: &Example, block_lines: usize) -> bool {
    !example.source.contains("code block") && example.input.lines().count() == 1 && block_lines > 1
}

/// What one article holds.
struct Found {
    examples: Vec<Example>,
    /// Answers about part 1's examples (part 2's "In the above example, ..."), each with the
    /// prose that may name which example it is about: those given before the article's own
    /// examples, and those after.
    before_its_examples: Vec<(Expected, String)>,
    about_earlier: Vec<(Expected, String)>,
}

fn article_examples(pieces: &[Piece], part: Part) -> Found {
    let listed = listed_blocks(pieces);
    let mut sure = example_blocks(pieces, &listed);
    let stated_inline = (0..pieces.len()).any(|at| states_a_worked_example(pieces, at));
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
    let mut before_its_examples = Vec::new();
    let lists = example_lists(pieces);
    for (n, &start) in starts.iter().enumerate() {
        let Piece::Block(input, _) = &pieces[start] else { continue };
        let next_list = lists.iter().copied().find(|&at| at > start);
        let end = starts.get(n + 1).copied().unwrap_or(pieces.len()).min(next_list.unwrap_or(pieces.len()));
        let segment = &pieces[start + 1..end];
        let mut answer = match listed.iter().find(|&&(at, _)| at == start) {
            Some((_, answer)) => Some(answer.clone()),
            None => own_answer(pieces, start, end, n, &starts).or_else(|| answer_in_introduction(pieces, start)),
        };
        if part == Part::Two && refers_back(&prose_text(segment)) {
            // "Given the same layout as above, ...": about part 1's example, not this block.
            about_earlier.extend(answer.take().map(|a| (a, prose_text(segment))));
        }
        let ordinal = pieces[..=start].iter().filter(|p| matches!(p, Piece::Block(..))).count();
        let source = format!("{} of part {part}", nth_block(ordinal));
        // A block of states one after another is the example drawn step by step: its input
        // is the first state.
        let input = first_state(input).unwrap_or_else(|| input.clone());
        let answer = answer.map(|a| guessed_unless(sure[n].1, a));
        candidates.push(Example::new(input, part, source, answer, sure[n].1));
    }
    if part == Part::One {
        // "In the first example, ... <em>32000000</em>. In the second example, ...": each
        // answer goes to the example it names, over any guess.
        for (n, &start) in starts.iter().enumerate() {
            let end = starts.get(n + 1).copied().unwrap_or(pieces.len());
            for (named, answer) in named_answers(&pieces[start + 1..end]) {
                if let Some(candidate) = candidates.get_mut(named) {
                    if candidate.expected[part.index()].as_ref().is_none_or(|a| a.guess) {
                        candidate.expected[part.index()] = Some(guessed_unless(candidate.sure, answer));
                    }
                }
            }
        }
    }
    if let Some((said_at, supposed)) = supposed_input(pieces) {
        candidates = drawn_for_the_supposed_input(candidates, &starts, said_at, &supposed);
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
        before_its_examples = answers_about_earlier(&leading);
    }
    Found { examples: candidates, before_its_examples, about_earlier }
}

/// The examples of blocks after the text supposes the puzzle input ("if your key string
/// were <code>flqrgnkx</code>"), as that input's: each block draws what it makes, so the
/// example is the supposed input, with the answers found for the blocks (one example,
/// the first answer the text gives, guesses giving way to a stated one). A block that
/// holds the supposed input as a line is an input of its own and stays.
fn drawn_for_the_supposed_input(
    candidates: Vec<Example>,
    starts: &[usize],
    said_at: usize,
    supposed: &str,
) -> Vec<Example> {
    let mut kept: Vec<Example> = Vec::new();
    for (n, mut candidate) in candidates.into_iter().enumerate() {
        let drawn = starts.get(n).is_some_and(|&at| at > said_at)
            && !candidate.input.lines().any(|line| line.trim() == supposed);
        if drawn {
            candidate.input = format!("{supposed}\n");
            candidate.source = format!("the input supposed before {}", candidate.source);
        }
        let at = candidate.part.index();
        // A stated answer over a guess, a guess over none.
        let rank = |answer: &Option<Expected>| answer.as_ref().map_or(0, |a| if a.guess { 1 } else { 2 });
        match kept.iter_mut().find(|k| k.input == candidate.input) {
            Some(same) if rank(&candidate.expected[at]) > rank(&same.expected[at]) => {
                same.expected[at] = candidate.expected[at].take();
            }
            Some(_) => {}
            None => kept.push(candidate),
        }
    }
    kept
}

/// The answer the text gives for the `n`th example, the block at `start`, before `end`: its
/// prose's answer, leaving out the sentence that introduces the next example when that
/// sentence states the next one's answer ("here is a situation that takes <code><em>6
/// </em></code> steps:"), and prose naming another example ("In the first example, ...").
fn own_answer(pieces: &[Piece], start: usize, end: usize, n: usize, starts: &[usize]) -> Option<Expected> {
    let next_states_its_own = starts.get(n + 1) == Some(&end) && answer_in_introduction(pieces, end).is_some();
    let own_end = if next_states_its_own { end - 1 } else { end };
    let segment = &pieces[start + 1..own_end];
    let prose: Vec<&Prose> = segment
        .iter()
        .filter_map(Piece::prose)
        .filter(|prose| named_example(&prose.text).is_none_or(|named| named == n))
        .collect();
    let (answer, text) = answer_in_prose(&prose)?;
    // Three or more other drawings between the example and its answer (the example
    // redrawn with a start marked, a larger loop, its distances): the answer may be about
    // any of them, so it is only a guess. One or two are mostly the example highlighted,
    // and states under a label ("After step 1:") are the example's own steps.
    let before_answer =
        segment.iter().take_while(|p| !matches!(p, Piece::Prose(q) if std::ptr::eq(q.text.as_str(), text)));
    let drawings = before_answer.filter(|p| matches!(p, Piece::Block(block, _) if !is_a_labelled_step(block))).count();
    Some(guessed_unless(drawings < 3, answer))
}

/// Whether a block shows a step under a label ("After step 1:", "== Minute 1 ==").
fn is_a_labelled_step(block: &str) -> bool {
    block.lines().next().is_some_and(|first| first.trim_end().ends_with(':') || is_a_step_transcript(block))
}

/// The answer stated in the sentence that introduces the block at `at`, if that sentence
/// emphasises one: "For example, here is a walk that needs <code><em>6</em></code>
/// moves to reach <code>ZZZ</code>:".
fn answer_in_introduction(pieces: &[Piece], at: usize) -> Option<Expected> {
    let Some(Piece::Prose(intro)) = at.checked_sub(1).and_then(|before| pieces.get(before)) else { return None };
    let stated = intro.last_emphasised()?;
    let last_sentence = intro.text.trim_end().rsplit(". ").next().unwrap_or_default();
    (introduces_an_example(last_sentence) && last_sentence.contains(stated))
        .then(|| answer_in_prose(&[intro]).map(|(answer, _)| answer))
        .flatten()
}

/// Which example of its part prose names by its place ("In the second example, ..."),
/// from 0.
fn named_example(text: &str) -> Option<usize> {
    let text = text.to_lowercase();
    ["first example", "second example", "third example", "fourth example"].iter().position(|words| text.contains(words))
}

/// The answers prose gives by naming the example they are about, each with its place.
fn named_answers(pieces: &[Piece]) -> Vec<(usize, Expected)> {
    pieces
        .iter()
        .filter_map(|piece| match piece {
            Piece::Prose(prose) if prose.item.is_none() && prose.last_emphasised().is_some() => {
                Some((named_example(&prose.text)?, answer_in_prose(&[prose])?.0))
            }
            _ => None,
        })
        .collect()
}

/// The blocks that start an example, each with whether it is certain: a block introduced as
/// an example after the answer to the one before, or as a new one outright ("a larger
/// example"). One introduced before the previous example's answer may draw that example on
/// its way (a grid, then the grid after a step) or be a new one: the two are taken as one
/// example, the larger block its input, and its answers become guesses.
fn example_blocks(pieces: &[Piece], listed: &[(usize, Expected)]) -> Vec<(usize, bool)> {
    let mut starts: Vec<(usize, bool)> = Vec::new();
    let is_listed = |at: usize| listed.iter().any(|&(l, _)| l == at);
    for at in (0..pieces.len()).filter(|&i| is_introduced_block(pieces, i) && !is_listed(i)) {
        let sure = !draws_an_outcome(&pieces[at - 1]);
        let Some(&(previous, _)) = starts.last() else {
            starts.push((at, sure));
            continue;
        };
        let outright = matches!(&pieces[at - 1], Piece::Prose(p) if introduces_another_example(&p.text));
        if outright || has_emphasis(&pieces[previous + 1..at]) {
            starts.push((at, sure));
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

/// Whether the prose before a block says the block draws what would come of the example
/// ("suppose 9 elves play. Each of their moves would leave a ring
/// of beads like this:"): the example's input is then told in words, not drawn, so the
/// block is only likely its input, and its answers are guesses.
fn draws_an_outcome(intro: &Piece) -> bool {
    let Piece::Prose(prose) = intro else { return false };
    let text = prose.text.to_lowercase();
    let last_sentence = text.trim_end().rsplit(". ").next().unwrap_or_default();
    last_sentence.contains(" would ") && last_sentence.contains("like this")
}

/// A block's size as an input: its lines, or a transcript's first state's (a transcript of
/// states is long, but each state in it is small). An input may have several paragraphs
/// (rules, then messages), so all of them count.
fn block_lines(piece: &Piece) -> usize {
    match piece {
        Piece::Block(text, _) if is_a_transcript(text) => {
            text.lines().skip_while(|l| l.trim_end().ends_with(':')).take_while(|l| !l.trim().is_empty()).count()
        }
        Piece::Block(text, _) => text.lines().filter(|l| !l.trim().is_empty()).count(),
        Piece::Prose(_) => 0,
    }
}

/// Whether a block shows states one after another, each under a label ("Before any steps:",
/// "After step 1:").
fn is_a_transcript(text: &str) -> bool {
    text.lines().any(|l| l.trim_end().ends_with(':') && l.to_lowercase().starts_with("after "))
}

/// Blocks given one a list item, with the item's answer: `<li><p>Max thruster signal
/// <em><code>43210</code></em>:</p><pre>...</pre></li>` (with no emphasis, the item's last
/// code, as a guess).
fn listed_blocks(pieces: &[Piece]) -> Vec<(usize, Expected)> {
    let mut found = Vec::new();
    for (at, piece) in pieces.iter().enumerate() {
        let Piece::Block(_, Some(item)) = piece else { continue };
        let prose: Vec<&Prose> = pieces.iter().filter_map(Piece::prose).filter(|p| p.item == Some(*item)).collect();
        let blocks_in_item = pieces.iter().filter(|p| matches!(p, Piece::Block(_, Some(i)) if i == item)).count();
        if blocks_in_item != 1 || prose.iter().all(|p| p.codes.is_empty()) {
            continue;
        }
        let answer = match prose.iter().rev().find_map(|p| p.last_emphasised()) {
            Some(stated) => stated_if_a_number(stated),
            None => answer::guessed(prose.iter().rev().find_map(|p| p.plain_result()).unwrap_or_default()),
        };
        found.push((at, answer));
    }
    found
}

/// Whether the block at `at` is introduced as an example. A transcript of steps (`== Minute
/// 1 ==`) never is, however it is introduced ("consider this approach:"): it works out an
/// example shown before it.
fn is_introduced_block(pieces: &[Piece], at: usize) -> bool {
    matches!(&pieces[at], Piece::Block(text, _) if !is_a_step_transcript(text))
        && at > 0
        && matches!(&pieces[at - 1], Piece::Prose(prose) if introduces_an_example(&prose.text) && !states_its_example(prose))
}

/// Which of part 1's `examples` part 2's `text` is about: the one it names ("the second
/// example"), else the last (the example part 1 built up to, and the one "the larger
/// example" means).
fn referred_example<'e>(examples: &'e mut [Example], text: &str) -> Option<&'e mut Example> {
    let last = examples.len().checked_sub(1)?;
    examples.get_mut(named_example(text).unwrap_or(last).min(last))
}

fn nth_block(ordinal: usize) -> String {
    match ["first", "second", "third"].get(ordinal.wrapping_sub(1)) {
        Some(nth) => format!("the {nth} code block"),
        None => format!("code block {ordinal}"),
    }
}

mod answer;
mod inline;
mod known;
mod page;
mod wording;

#[cfg(test)]
mod tests;
