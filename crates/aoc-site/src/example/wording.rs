//! The words by which a puzzle's text introduces an example, or refers back to one shown.

/// Whether prose introduces a new example, not one the puzzle showed before ("the
/// example", "the example above", "the same example").
pub(super) fn introduces_an_example(prose: &str) -> bool {
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
        "some example",
        "few example",
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

/// Whether prose introduces an example as new outright: "a larger example", "another example".
pub(super) fn introduces_another_example(prose: &str) -> bool {
    let text = prose.to_lowercase();
    [
        "larger example",
        "another example",
        "bigger example",
        "more complex example",
        "longer example",
        "different example",
        "new example",
        "second example",
    ]
    .iter()
    .any(|w| text.contains(w))
}

/// Whether prose speaks of an example shown before ("In the above example", "the
/// example"), not of the one just shown.
pub(super) fn refers_back(prose: &str) -> bool {
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
