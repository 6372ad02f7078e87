//! Examples given in the prose instead of a block: list items of an input and its result,
//! and sentences that state an example in one code.

use aoc_workspace::examples::Expected;
use aoc_workspace::Part;

use super::answer::{answer_outside_lists, guessed, guessed_unless, stated, stated_if_a_number};
use super::page::{Piece, Prose};
use super::wording::introduces_an_example;
use super::Example;

/// Where prose outside a list introduces examples given one a list item ("Here are a few
/// more examples:" and items of an input and its answer each). An item may hold one code
/// only ("The empty string becomes <code>a258...</code>"): the list is of examples when
/// one of its items holds an input and a result.
pub(super) fn example_lists(pieces: &[Piece]) -> Vec<usize> {
    (0..pieces.len().saturating_sub(1))
        .filter(|&at| {
            let items = pieces[at + 1..].iter().map_while(|p| match p {
                Piece::Prose(item) if item.item.is_some() => Some(item),
                _ => None,
            });
            matches!(&pieces[at], Piece::Prose(intro) if intro.item.is_none() && introduces_an_example(&intro.text))
                && items.into_iter().any(|item| item.codes.len() >= 2)
        })
        .collect()
}

/// Whether prose gives its example inline, in one code at a sentence's end ("suppose your
/// cup labeling were <code>389125467</code>."): a block after it works the example out.
pub(super) fn states_its_example(prose: &Prose) -> bool {
    prose.item.is_none() && prose.codes.len() == 1 && ends_with_its_code(prose)
}

/// Examples given in the prose, one a list item or a sentence that starts an example: its
/// first code is the input, its emphasised code (else its last code, as a guess) the answer.
/// A sentence's emphasised code is the example's answer only when it is the part's last:
/// earlier ones are steps on the way ("its loop size must be <em>8</em>"). A sentence that
/// starts an example with one code ("suppose the starting numbers are <code>0,3,6</code>:")
/// is an example whose list items after it are its workings, and whose answer is the last
/// emphasised code of the prose after them.
pub(super) fn inline_examples(pieces: &[Piece], part: Part) -> Vec<Example> {
    let last_emphasised =
        pieces.iter().rposition(|p| matches!(p, Piece::Prose(prose) if prose.last_emphasised().is_some()));
    let mut found = Vec::new();
    let mut in_examples = false;
    let mut workings = false;
    for (at, piece) in pieces.iter().enumerate() {
        let Piece::Prose(prose) = piece else { continue };
        if prose.item.is_none() {
            in_examples = introduces_an_example(&prose.text);
            workings = states_a_worked_example(pieces, at);
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
                    guessed_unless(last, answer)
                });
                let source = format!("sentence {} of part {part}", found.len() + 1);
                found.push(Example::new(format!("{}\n", prose.codes[0].text), part, source, answer, true));
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
            _ if prose.item.is_some() => item_answer(prose),
            // A sentence of just an input and its result, the part's last.
            Some(stated) if Some(at) == last_emphasised && prose.codes.len() == 2 => stated_if_a_number(stated),
            Some(step) => guessed(step),
            None => match prose.cued() {
                Some((answer, true)) => stated(answer),
                Some((answer, false)) => guessed(answer),
                None => guessed(prose.plain_result().unwrap_or_default()),
            },
        };
        let kind = if prose.item.is_some() { "list item" } else { "sentence" };
        let source = format!("{kind} {} of part {part}", found.len() + 1);
        found.push(Example::new(format!("{input}\n"), part, source, Some(answer), true));
    }
    found
}

/// Whether prose ends with its code ("suppose your cup labeling were <code>389125467</code>."):
/// the code is the example, and what follows works it out.
pub(super) fn ends_with_its_code(prose: &Prose) -> bool {
    prose.codes.first().is_some_and(|code| {
        let tail = prose.text.rsplit(code.text.as_str()).next().unwrap_or("").trim_start();
        tail.is_empty() || tail.starts_with(['.', ':'])
    })
}

/// Whether the prose at `at` introduces an example stated in its one code, worked out after
/// it by a list or a block ("suppose the starting numbers are <code>0,3,6</code>:").
pub(super) fn states_a_worked_example(pieces: &[Piece], at: usize) -> bool {
    let followed_by_items = matches!(pieces.get(at + 1), Some(Piece::Prose(item)) if item.item.is_some());
    matches!(&pieces[at], Piece::Prose(prose) if prose.item.is_none() && prose.codes.len() == 1
        && introduces_an_example(&prose.text) && (followed_by_items || ends_with_its_code(prose)))
}

/// The list items of `pieces` that give an answer for an input (`<code>bvwb...</code>: first
/// marker after character <code><em>23</em></code>`): part 2's answers for part 1's inputs.
pub(super) fn item_answers(pieces: &[Piece]) -> Vec<(String, Expected)> {
    let items = pieces.iter().filter_map(Piece::prose);
    let items = items.filter(|p| p.item.is_some() && p.codes.len() >= 2 && p.codes[0].emphasised.is_none());
    items.map(|item| (format!("{}\n", item.codes[0].text), item_answer(item))).collect()
}

/// A list item's answer for its input: its emphasised result, a number the text calls the
/// answer outright, else its last code ("... = <code>966</code>") as a guess.
fn item_answer(item: &Prose) -> Expected {
    match (item.last_emphasised(), item.cued()) {
        (Some(stated), _) => stated_if_a_number(stated),
        (None, Some((answer, true))) => stated(answer),
        _ => guessed(item.plain_result().unwrap_or_default()),
    }
}

/// The input the text supposes, and the piece that supposes it: "a key string (your puzzle
/// input)" ... "if your key string were <code>flqrgnkx</code>, ...". Blocks after it draw
/// what that input makes (its grid, its first rows): they are its workings, not inputs.
/// Only the thing the text calls the puzzle input counts, so a supposed step of the
/// workings ("if the next instruction were <code>204,-34</code>") is never taken.
pub(super) fn supposed_input(pieces: &[Piece]) -> Option<(usize, String)> {
    let prose = || pieces.iter().enumerate().filter_map(|(at, p)| Some((at, p.prose()?)));
    let names: Vec<String> = prose().filter_map(|(_, p)| name_of_the_input(&p.text)).collect();
    prose().find_map(|(at, p)| {
        let text = p.text.to_lowercase();
        let supposed = p.codes.iter().find(|code| {
            let value = code.text.to_lowercase();
            names.iter().any(|name| {
                // "if ... were": the text supposes, it does not tell a step.
                let said = text.find(&format!("{name} were {value}"));
                said.is_some_and(|at| text[..at].contains("if "))
            })
        })?;
        Some((at, supposed.text.clone()))
    })
}

/// What the text calls the puzzle input, by the two words before "(your puzzle input)":
/// "the office designer's favorite number (your puzzle input)" names "favorite number".
fn name_of_the_input(text: &str) -> Option<String> {
    let text = text.to_lowercase();
    let before = &text[..text.find("(your puzzle input)")?];
    let words: Vec<&str> = before.split_whitespace().rev().take(2).collect();
    let words_only = words.len() == 2 && words.iter().all(|w| w.chars().all(char::is_alphabetic));
    words_only.then(|| format!("{} {}", words[1], words[0]))
}
