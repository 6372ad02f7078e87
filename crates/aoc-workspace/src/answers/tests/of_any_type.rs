//! Answers of any type that prints: the refusals before a submit compare negative numbers as
//! numbers and never apply a numeric bound to a word. (Kept apart from `answers.rs`'s own
//! tests, so that the answers file's format can change without touching these.)

use crate::answers::{Answers, Integer, Refusal, Wrong};
use crate::Part;

#[test]
fn negative_bounds_are_compared_as_numbers() {
    let mut answers = Answers::default();
    answers.record_rejected(Part::One, "-30", Wrong::TooLow, 0);
    answers.record_rejected(Part::One, "-5", Wrong::TooHigh, 60);
    answers.record_rejected(Part::One, "-16", Wrong::TooLow, 120);
    assert_eq!(answers.part(Part::One).greater_than, Some((-16).into()), "-16 is the larger too-low");
    assert_eq!(answers.refusal(Part::One, "-17"), Some(Refusal::NotAbove((-16).into())));
    assert!(matches!(answers.refusal(Part::One, "-5"), Some(Refusal::AlreadyRejected(_))));
    assert_eq!(answers.refusal(Part::One, "-4"), Some(Refusal::NotBelow((-5).into())));
    assert_eq!(answers.refusal(Part::One, "-15"), None);
    // Beyond 64 bits still compares as a number.
    assert_eq!(answers.refusal(Part::One, "-99999999999999999999"), Some(Refusal::NotAbove((-16).into())));
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
    assert_eq!(answers.part(Part::One).less_than, Some(100.into()), "a word teaches no bound");
}

/// Past `i128` (2^127 is 170141183460469231731687303715884105728): a bound still refuses,
/// and a verdict on such an answer still teaches its bound.
#[test]
fn bounds_hold_for_integers_of_any_length() {
    let mut answers = Answers::default();
    answers.record_rejected(Part::One, "200", Wrong::TooHigh, 0);
    assert_eq!(answers.refusal(Part::One, "1000"), Some(Refusal::NotBelow(200.into())));
    let huge = "340282366920938463463374607431768211457";
    assert_eq!(answers.refusal(Part::One, huge), Some(Refusal::NotBelow(200.into())));
    assert_eq!(answers.refusal(Part::One, &format!("+{huge}0")), Some(Refusal::NotBelow(200.into())));
    answers.record_rejected(Part::One, &format!("-{huge}"), Wrong::TooLow, 60);
    let bound = answers.part(Part::One).greater_than.clone().expect("a too-low verdict on a huge negative is a bound");
    assert_eq!(bound.to_string(), format!("-{huge}"));
    assert_eq!(answers.refusal(Part::One, &format!("-{huge}1")), Some(Refusal::NotAbove(bound.clone())));
    assert_eq!(answers.refusal(Part::One, &format!("-000{huge}")), Some(Refusal::NotAbove(bound.clone())));
    assert_eq!(answers.refusal(Part::One, "-340282366920938463463374607431768211456"), None);
    assert_eq!(answers.refusal(Part::One, "199"), None);
    // Saved and read back, the bounds are the same numbers.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("day1.answers.toml");
    answers.save(&path, "test").unwrap();
    assert_eq!(Answers::load(&path).unwrap(), answers);
}

proptest::proptest! {
    /// Integers order as numbers: checked against `i128` wherever it holds them, with
    /// signs and leading zeros as an answer may have them.
    #[test]
    fn integers_order_as_numbers(a in proptest::num::i128::ANY, b in proptest::num::i128::ANY, zeros in 0..3usize, plus: bool) {
        let written = |n: i128| {
            let sign = if n < 0 { "-" } else if plus { "+" } else { "" };
            format!("{sign}{}{}", "0".repeat(zeros), n.unsigned_abs())
        };
        let (x, y): (Integer, Integer) = (written(a).parse().unwrap(), written(b).parse().unwrap());
        proptest::prop_assert_eq!(x.cmp(&y), a.cmp(&b));
        proptest::prop_assert_eq!(x.to_string(), a.to_string());
        proptest::prop_assert_eq!(x, Integer::from(a));
    }
}
