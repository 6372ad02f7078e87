//! Which answer prose states, and how surely: an emphasised code or result is stated (when
//! it is a number alone in its sentence), a plain one the text attaches is a guess.

use aoc_workspace::examples::Expected;

use super::page::{is_a_number, last_word, Piece, Prose};

pub(super) fn has_emphasis(pieces: &[Piece]) -> bool {
    pieces.iter().any(|p| matches!(p, Piece::Prose(prose) if prose.last_emphasised().is_some()))
}

/// Part 2's answers about part 1's examples, in order, each with the prose since the one
/// before (which may name the example: "The second example above ...").
pub(super) fn answers_about_earlier(pieces: &[&Piece]) -> Vec<(Expected, String)> {
    // Results about an example shown before come once the text turns to it ("the example
    // above"); a number emphasised before that is a fact of the user's puzzle ("The actual
    // number of steps he needs is <em>26501365</em>").
    let turns_to_it =
        pieces.iter().position(|p| matches!(p, Piece::Prose(q) if mentions_an_earlier_example(&q.text))).unwrap_or(0);
    let pieces = &pieces[turns_to_it..];
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
            if let Some((answer, _)) = answer_in_prose(&[prose]) {
                found.push((answer, std::mem::take(&mut since)));
            }
        }
    }
    if found.is_empty() {
        // No emphasised answer: a plain one, as a guess.
        let prose: Vec<&Prose> = pieces.iter().filter_map(|p| p.prose()).collect();
        found.extend(answer_in_prose(&prose).map(|(answer, text)| (guessed(answer.answer), text.to_string())));
    }
    found
}

fn mentions_an_earlier_example(text: &str) -> bool {
    let text = text.to_lowercase();
    text.contains("example") || text.contains("above")
}

/// The answer the prose states, and the text of the prose it is in: its last emphasised
/// code (a guess when the same sentence emphasises another number too: "<em>7</em>
/// differences of 1 and <em>5</em> of 3" asks for a product the page does not write);
/// failing one, its last plain code, as a guess.
pub(super) fn answer_in_prose<'p>(prose: &[&'p Prose]) -> Option<(Expected, &'p str)> {
    let prose = || prose.iter().copied();
    if let Some(last) = prose().rfind(|p| p.last_emphasised().is_some()) {
        let stated = last.last_emphasised().unwrap_or_default();
        let emphasised = last.codes.iter().filter_map(|c| c.emphasised.as_deref());
        let others = emphasised.chain(last.results.iter().map(|(_, t)| t.as_str())).filter(|e| *e != stated).count();
        let answer = if others == 0 { stated_if_a_number(stated) } else { guessed(stated) };
        return Some((answer, last.text.as_str()));
    }
    // Failing emphasis, the plain codes of the prose that does not ask the puzzle's
    // question: a question's codes are about the user's input ("after <code>10000</code>
    // bursts, how many ...?"), not the example's answer.
    let answering = || prose().filter(|p| !p.about_your_puzzle);
    let cued = answering().filter_map(|p| Some((p, p.cued()?))).next_back();
    if let Some((prose, (answer, true))) = cued {
        return Some((stated(answer), prose.text.as_str()));
    }
    // An emphasised number after a cue ("this is only <em>23</em> steps") is likelier the
    // result than a plain code after one ("the tile is <code>AA</code>").
    if let Some(last) = answering().rfind(|p| !p.soft_results.is_empty()) {
        let answer = last.soft_results.last().map(String::as_str).unwrap_or_default();
        return Some((guessed(answer), last.text.as_str()));
    }
    if let Some((prose, (answer, _))) = cued {
        return Some((guessed(answer), prose.text.as_str()));
    }
    // A number, where the text has one, is likelier an answer than a word of it.
    if let Some(last) = answering().rfind(|p| p.last_plain_number().is_some()) {
        return Some((guessed(last.last_plain_number().unwrap_or_default()), last.text.as_str()));
    }
    let last = answering().rfind(|p| p.last_plain().is_some())?;
    Some((guessed(last_word(last.last_plain().unwrap_or_default())), last.text.as_str()))
}

/// An answer the page states.
pub(super) fn stated(answer: impl Into<String>) -> Expected {
    Expected { answer: answer.into(), guess: false }
}

/// An answer guessed from the page: shown beside the part's, never held against it.
pub(super) fn guessed(answer: impl Into<String>) -> Expected {
    Expected { answer: answer.into(), guess: true }
}

/// An emphasised answer as stated when it is a number; any other (a letter of a drawing, a
/// word of the text) only as a guess, since the site emphasises those too.
pub(super) fn stated_if_a_number(answer: &str) -> Expected {
    if is_a_number(answer) {
        stated(answer)
    } else {
        guessed(answer)
    }
}

/// `answer`, or the same answer as a guess unless it is `sure`.
pub(super) fn guessed_unless(sure: bool, answer: Expected) -> Expected {
    Expected { guess: answer.guess || !sure, ..answer }
}

pub(super) fn prose_text(pieces: &[Piece]) -> String {
    pieces.iter().filter_map(|p| Some(p.prose()?.text.as_str())).collect()
}

/// The last emphasised code of the prose outside lists in `pieces` (a list there holds
/// the workings).
pub(super) fn answer_outside_lists(pieces: &[Piece]) -> Option<Expected> {
    let prose: Vec<&Prose> = pieces.iter().filter_map(Piece::prose).filter(|p| p.item.is_none()).collect();
    match prose.iter().rev().find_map(|p| p.last_emphasised()) {
        Some(stated) => Some(stated_if_a_number(stated)),
        // No emphasis: a plain answer, as a guess.
        None => answer_in_prose(&prose).map(|(answer, _)| guessed(answer.answer)),
    }
}
