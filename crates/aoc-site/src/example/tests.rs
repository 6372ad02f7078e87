use super::*;

/// The page fixtures: made-up puzzles in the site's markup, each with the extraction a
/// person would make by hand (`NAME.expected`: `== example`, its lines, then
/// `== part N: ANSWER` or `none`, `(weak)` after an answer taken by the fallback rule).
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/example/fixtures");

fn written(examples: &[Example]) -> String {
    let mut out = String::new();
    for example in examples {
        out += "== example\n";
        out += &example.input;
        for (part, expected) in example.expected.iter().enumerate() {
            let answer = match expected {
                None => "none".to_string(),
                Some(Expected { answer, weak: true }) => format!("{answer} (weak)"),
                Some(Expected { answer, weak: false }) => answer.clone(),
            };
            out += &format!("== part {}: {answer}\n", part + 1);
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

/// aocd's default rule (the first `<pre>` of the article, the last word of its last
/// `<code>`), on the same fixtures: what the better rule is measured against.
fn aocd_default(html: &str) -> Vec<(String, Option<String>)> {
    let tokens = tokens(html);
    articles(&tokens)
        .into_iter()
        .map(|article| {
            let input = blocks(article).first().map(|b| block_text(&article[b.start..b.end])).unwrap_or_default();
            (input, last_code_word(article))
        })
        .collect()
}

#[test]
fn the_rule_beats_aocds_default_on_the_fixtures() {
    let fixtures = fixtures();
    let score = |right: &dyn Fn(&str, &str) -> bool| fixtures.iter().filter(|(_, html, exp)| right(html, exp)).count();
    let ours = score(&|html, expected| written(&examples(html)) == expected);
    // aocd's rule is right on a fixture when its part 1 input and both answers match ours by hand.
    let theirs = score(&|html, expected| {
        let guesses = aocd_default(html);
        let Some((input, answer)) = guesses.first() else { return false };
        let first = expected.split("== example\n").nth(1).unwrap_or("");
        let want_input = first.split("== part").next().unwrap_or("");
        let want_answer = first.lines().find_map(|l| l.strip_prefix("== part 1: ")).unwrap_or("none");
        input == want_input && answer.as_deref().unwrap_or("none") == want_answer.trim_end_matches(" (weak)")
    });
    println!("example extraction on {} fixtures: ours {ours}, aocd's default {theirs}", fixtures.len());
    assert!(ours > theirs, "ours {ours}, aocd's default {theirs}");
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
