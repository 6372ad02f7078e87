//! Answers of any type that prints: the refusals before a submit compare negative numbers as
//! numbers and never apply a numeric bound to a word. (Kept apart from `answers.rs`'s own
//! tests, so that the answers file's format can change without touching these.)
#![cfg(feature = "answers")]

use aoc_workspace::answers::{Answers, Refusal, Wrong};
use aoc_workspace::Part;

#[test]
fn negative_bounds_are_compared_as_numbers() {
    let mut answers = Answers::default();
    answers.record_rejected(Part::One, "-30", Wrong::TooLow, 0);
    answers.record_rejected(Part::One, "-5", Wrong::TooHigh, 60);
    answers.record_rejected(Part::One, "-16", Wrong::TooLow, 120);
    assert_eq!(answers.part(Part::One).greater_than, Some(-16), "-16 is the larger too-low");
    assert_eq!(answers.refusal(Part::One, "-17"), Some(Refusal::NotAbove(-16)));
    assert!(matches!(answers.refusal(Part::One, "-5"), Some(Refusal::AlreadyRejected(_))));
    assert_eq!(answers.refusal(Part::One, "-4"), Some(Refusal::NotBelow(-5)));
    assert_eq!(answers.refusal(Part::One, "-15"), None);
    // Beyond 64 bits still compares as a number.
    assert_eq!(answers.refusal(Part::One, "-99999999999999999999"), Some(Refusal::NotAbove(-16)));
}

#[test]
fn words_are_compared_as_words_and_never_bounded() {
    let mut answers = Answers::default();
    answers.record_rejected(Part::One, "100", Wrong::TooHigh, 0);
    answers.record_rejected(Part::One, "minus", Wrong::Wrong, 60);
    assert!(matches!(answers.refusal(Part::One, "minus"), Some(Refusal::AlreadyRejected(_))));
    assert_eq!(answers.refusal(Part::One, "plus"), None, "a numeric bound says nothing of a word");
    assert_eq!(answers.refusal(Part::One, "Minus"), None, "words are compared exactly");
    answers.record_rejected(Part::One, "zzz", Wrong::TooHigh, 120);
    assert_eq!(answers.part(Part::One).less_than, Some(100), "a word teaches no bound");
}
