use super::*;
use aoc_workspace::Part;

mod corpus;

/// The page fixtures: made-up puzzles in the site's markup, each with the extraction a
/// person would make by hand (`NAME.expected`: `== example`, its lines, then
/// `== part N: ANSWER` or `none`, `(guess)` after an answer written as a guess).
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/example/fixtures");

fn written(examples: &[Example]) -> String {
    let mut out = String::new();
    for example in examples {
        out += "== example\n";
        out += &example.input;
        for part in Part::BOTH {
            let answer = match &example.expected[part.index()] {
                None => "none".to_string(),
                Some(Expected { answer, guess: true }) => format!("{answer} (guess)"),
                Some(Expected { answer, guess: false }) => answer.clone(),
            };
            out += &format!("== part {part}: {answer}\n");
        }
    }
    out
}

fn fixtures() -> Vec<(String, String, String)> {
    let mut found: Vec<_> = std::fs::read_dir(FIXTURES)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "html"))
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let html = std::fs::read_to_string(&path).unwrap();
            let expected = std::fs::read_to_string(path.with_extension("expected")).unwrap();
            (name, html, expected)
        })
        .collect();
    found.sort();
    found
}

#[test]
fn every_fixture_is_extracted_as_by_hand() {
    let fixtures = fixtures();
    assert!(fixtures.len() >= 12, "the issue asks for at least twelve fixtures");
    let wrong: Vec<String> = fixtures
        .iter()
        .filter_map(|(name, html, expected)| {
            let got = written(&examples(html));
            (got != *expected).then(|| format!("{name}:\n--- expected\n{expected}--- got\n{got}"))
        })
        .collect();
    println!("example extraction: {} of {} fixtures right", fixtures.len() - wrong.len(), fixtures.len());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_page_without_articles_or_blocks_has_no_example() {
    assert!(examples("<html><body><p>Please log in.</p></body></html>").is_empty());
    assert!(examples("<article><p>No example here.</p></article>").is_empty());
}

#[test]
fn an_unclosed_page_is_read_as_far_as_it_goes() {
    let cut = "<article><p>For example:</p><pre><code>1 2\n3";
    let found = examples(cut);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].input, "1 2\n3\n");
    assert_eq!(found[0].expected, [None, None]);
}
