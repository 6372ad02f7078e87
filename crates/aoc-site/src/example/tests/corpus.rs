//! The extraction rule scored on real puzzle pages against a third party's truth, beside
//! aocd's default rule on the same pages. `cargo test -p aoc-site corpus -- --include-ignored
//! --nocapture` prints the figures `docs/commands.md` quotes.
//!
//! The real pages never enter this repository: Advent of Code asks that puzzle text is not
//! redistributed, and this workspace is a template people fork and publish. They live in a
//! folder beside the checkout, `../shared/corpus` (its README says where each page and its
//! truth come from), or wherever `AOC_CORPUS` names; without one these tests say so in a
//! line and pass. They are `#[ignore]`d, so only the deep checks (`--include-ignored`, which
//! CI runs with the pages beside it) read them.
//!
//! Each part a page shows is scored. A part *states an answer* when the truth has an
//! example with an answer for it. For such a part, the written file has its *input right*
//! when one of its examples has the input of one of the truth's, its *answer right* when
//! one of its answers for the part (stated or guessed) is one of the truth's, and *both
//! right* when one example has both, together. Over every part, a *wrong answer written
//! unflagged* is a stated (not guessed) answer whose example and answer are not a pair of
//! the truth's: the one mistake that marks a right solution wrong.
//!
//! `the_table_and_the_rule_on_real_pages` adds aocd-example-parser's table (module `known`):
//! since the truth is that table's, its figure where the table applies says only how
//! faithfully module `known` reads the locators, and the test asserts it is exact.
//!
//! Pages of a day divisible by 3 are held out: the rule was written looking at the others'
//! failures only, and the held-out figures say whether it generalises.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use aoc_workspace::examples::{self, Expected};
use aoc_workspace::Part;

use super::super::examples as rule;
use crate::html::{elements, text_of, tokens, Token};

/// The real pages, and the corpus's `fresh.txt` (the batches they were added in).
struct Corpus {
    pages: Vec<Page>,
    fresh: String,
}

/// The real pages of `AOC_CORPUS` (which must then exist), else of `../shared/corpus` beside
/// the checkout; `None`, said in one line, where there are none.
fn corpus() -> Option<Corpus> {
    let dir = corpus_dir()?;
    let fresh = std::fs::read_to_string(dir.join("fresh.txt")).unwrap_or_default();
    Some(Corpus { pages: pages(&dir), fresh })
}

fn corpus_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("AOC_CORPUS") {
        let dir = PathBuf::from(dir);
        assert!(dir.is_dir(), "AOC_CORPUS={} is not a folder", dir.display());
        return Some(dir);
    }
    let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if beside.is_dir() {
        return Some(beside);
    }
    println!(
        "skipped: no real pages (they live outside the repository: set AOC_CORPUS, or put them at {})",
        beside.display()
    );
    None
}

/// One stored page and its truth.
struct Page {
    year: u16,
    day: u8,
    html: String,
    truth: Vec<examples::Example>,
}

fn pages(corpus: &Path) -> Vec<Page> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(corpus)
        .unwrap()
        .flat_map(|year| std::fs::read_dir(year.unwrap().path()).into_iter().flatten())
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "html"))
        .collect();
    paths.sort();
    paths.iter().map(|path| page(path)).collect()
}

fn page(path: &Path) -> Page {
    let name = path.file_stem().unwrap().to_string_lossy().into_owned();
    let (year, day) = name.split_once('-').unwrap();
    let truth = std::fs::read_to_string(path.with_extension("truth")).unwrap();
    Page {
        year: year.parse().unwrap(),
        day: day.parse().unwrap(),
        html: std::fs::read_to_string(path).unwrap(),
        truth: examples::parse(&truth).unwrap_or_else(|e| panic!("{name}: {e}")),
    }
}

/// What a rule writes for a page, in the workspace's terms.
type Written = Vec<examples::Example>;

fn ours(html: &str) -> Written {
    rule(html).into_iter().map(Into::into).collect()
}

/// aocd's default rule, as its documentation describes it: the input is the text of part
/// 1's first `<pre>`, each part's answer the last word of the text of its article's last
/// `<code>` (blocks' codes included), none for day 25's part 2; one example, never flagged.
fn aocd_default(html: &str, day: u8) -> Written {
    let tokens = tokens(html);
    let articles = elements(&tokens, "article");
    let Some(first) = articles.first() else { return Vec::new() };
    let Some(input) = texts_of(first, "pre").into_iter().next() else { return Vec::new() };
    let mut expected = [None, None];
    for (part, article) in Part::BOTH.into_iter().zip(&articles) {
        if part == Part::Two && day == 25 {
            continue;
        }
        let last_code = texts_of(article, "code").pop();
        let word = last_code.and_then(|text| text.split_whitespace().next_back().map(str::to_string));
        expected[part.index()] = word.map(super::super::answer::stated);
    }
    vec![examples::Example { input, source: None, expected }]
}

fn texts_of(tokens: &[Token<'_>], name: &str) -> Vec<String> {
    elements(tokens, name).into_iter().map(text_of).collect()
}

/// Inputs compared as aocd compares them: trailing whitespace aside.
fn same_input(a: &str, b: &str) -> bool {
    a.trim_end() == b.trim_end()
}

/// How one part of one page went.
#[derive(Debug, Default, Clone, Copy)]
struct Score {
    parts: usize,
    stating: usize,
    input: usize,
    answer: usize,
    both: usize,
    both_stated: usize,
    wrong_unflagged: usize,
    answered_unstated: usize,
}

impl std::ops::AddAssign for Score {
    fn add_assign(&mut self, o: Score) {
        self.parts += o.parts;
        self.stating += o.stating;
        self.input += o.input;
        self.answer += o.answer;
        self.both += o.both;
        self.both_stated += o.both_stated;
        self.wrong_unflagged += o.wrong_unflagged;
        self.answered_unstated += o.answered_unstated;
    }
}

fn score(written: &Written, truth: &[examples::Example], part: Part) -> Score {
    let i = part.index();
    let stated = |e: &examples::Example| e.expected[i].as_ref().map(|x| x.answer.clone());
    let truths: Vec<(&str, String)> = truth.iter().filter_map(|t| Some((t.input.as_str(), stated(t)?))).collect();
    let mut s = Score { parts: 1, ..Score::default() };
    let is_truth_pair = |input: &str, answer: &str| truths.iter().any(|(ti, ta)| same_input(ti, input) && ta == answer);
    for example in written {
        if let Some(Expected { answer, guess: false }) = &example.expected[i] {
            if !is_truth_pair(&example.input, answer) {
                s.wrong_unflagged = 1;
            }
        }
    }
    if truths.is_empty() {
        s.answered_unstated = usize::from(written.iter().any(|e| e.expected(part).is_some()));
        return s;
    }
    s.stating = 1;
    s.input = usize::from(written.iter().any(|e| truths.iter().any(|(ti, _)| same_input(ti, &e.input))));
    let answers = || written.iter().filter_map(|e| Some((e, e.expected[i].as_ref()?)));
    s.answer = usize::from(answers().any(|(_, x)| truths.iter().any(|(_, ta)| *ta == x.answer)));
    s.both = usize::from(answers().any(|(e, x)| is_truth_pair(&e.input, &x.answer)));
    s.both_stated = usize::from(answers().any(|(e, x)| !x.guess && is_truth_pair(&e.input, &x.answer)));
    s
}

/// The kind of page a part is, by its truth: where its stated example is.
fn kind(page: &Page, part: Part) -> &'static str {
    let stating: Vec<&examples::Example> = page.truth.iter().filter(|t| t.expected[part.index()].is_some()).collect();
    if stating.is_empty() {
        return "states no answer";
    }
    if stating.len() > 1 {
        return "several examples";
    }
    let blocks = texts_of(&tokens(&page.html), "pre");
    if blocks.iter().any(|b| same_input(b, &stating[0].input)) {
        "one example block"
    } else {
        "inline example"
    }
}

fn line(name: &str, s: &Score) -> String {
    let pct = |n: usize, of: usize| (n * 100).checked_div(of).map_or("-".to_string(), |pct| format!("{n} ({pct}%)"));
    format!(
        "| {name} | {} | {} | {} | {} | {} | {} | {} | {} |",
        s.parts,
        s.stating,
        pct(s.input, s.stating),
        pct(s.answer, s.stating),
        pct(s.both, s.stating),
        pct(s.both_stated, s.stating),
        pct(s.wrong_unflagged, s.parts),
        s.answered_unstated
    )
}

const HEADER: &str = "| | parts | stating an answer | input right | answer right | both right | both right, stated | wrong answer unflagged (of all parts) | answered where none stated |\n|---|---|---|---|---|---|---|---|---|";

/// A page's place in the corpus's `fresh.txt`: the batch it was added in, and whether that
/// batch was studied after its first score. Pages not listed there are the first corpus.
struct Batch {
    name: String,
    looked_at: bool,
}

fn batch_of(fresh: &str, page: &Page) -> Option<Batch> {
    let name = format!("{}-{:02}", page.year, page.day);
    let mut heading = "";
    for line in fresh.lines().map(str::trim) {
        if let Some(batch) = line.strip_prefix("# batch ") {
            heading = batch;
        } else if line == name {
            return Some(Batch { name: format!("fresh, batch {heading}"), looked_at: heading.contains("looked at") });
        }
    }
    None
}

/// The two rules' scores on every part of every page, with how each part is grouped.
fn scored(corpus: &Corpus) -> Vec<(String, String, String, Score, Score)> {
    let mut rows = Vec::new();
    for page in &corpus.pages {
        let group = match batch_of(&corpus.fresh, page) {
            Some(batch) => batch.name,
            None if page.day % 3 == 0 => "held out at first (day divisible by 3)".to_string(),
            None => "looked at while writing the rule".to_string(),
        };
        let parts = crate::html::articles(&page.html).min(2);
        let (ours, theirs) = (ours(&page.html), aocd_default(&page.html, page.day));
        for part in Part::BOTH.into_iter().take(parts) {
            rows.push((
                page.year.to_string(),
                kind(page, part).to_string(),
                group.clone(),
                score(&ours, &page.truth, part),
                score(&theirs, &page.truth, part),
            ));
        }
    }
    rows
}

/// A part's year, kind of page, group, and the two rules' scores on it.
type Row = (String, String, String, Score, Score);

fn table(rows: &[Row], group: impl Fn(&Row) -> String) -> (String, Score, Score) {
    let mut ours: BTreeMap<String, Score> = BTreeMap::new();
    let mut theirs: BTreeMap<String, Score> = BTreeMap::new();
    let (mut all_ours, mut all_theirs) = (Score::default(), Score::default());
    for row in rows {
        *ours.entry(group(row)).or_default() += row.3;
        *theirs.entry(group(row)).or_default() += row.4;
        all_ours += row.3;
        all_theirs += row.4;
    }
    let mut out = format!("{HEADER}\n");
    for (key, s) in &ours {
        out += &line(&format!("{key}: ours"), s);
        out += "\n";
        out += &line(&format!("{key}: aocd"), &theirs[key]);
        out += "\n";
    }
    out += &line("all: ours", &all_ours);
    out += "\n";
    out += &line("all: aocd", &all_theirs);
    out += "\n";
    (out, all_ours, all_theirs)
}

#[test]
#[ignore]
fn the_rule_on_real_pages_against_aocds_truth() {
    let Some(corpus) = corpus() else { return };
    let rows = scored(&corpus);
    let pages = rows.len();
    assert!(pages >= 100, "the corpus has {pages} parts");
    let (by_year, ours, theirs) = table(&rows, |r| r.0.clone());
    let (by_kind, _, _) = table(&rows, |r| r.1.clone());
    let (by_split, _, _) = table(&rows, |r| r.2.clone());
    println!("By year:\n{by_year}\nBy kind of page:\n{by_kind}\nBy how the rule was written:\n{by_split}");
    // Regression guards at what the rule reaches (docs/commands.md has the figures): a
    // wrong answer written unflagged on at most 5% of all parts, both right on 75% of the
    // parts stating an answer (batches 6 and 7, mostly 2015-2017 pages, brought it down
    // from 80%), and more parts right than aocd's rule.
    assert!(ours.wrong_unflagged * 20 <= ours.parts, "{ours:?}");
    assert!(ours.both * 100 >= ours.stating * 75, "{ours:?}");
    assert!(ours.both > theirs.both && ours.wrong_unflagged < theirs.wrong_unflagged, "{ours:?} {theirs:?}");
}

/// The parts where the rule is not both right, or writes a wrong answer unflagged: what to
/// look at when changing it (`-- --ignored --nocapture`; `BRIEF=1` for a line each,
/// `HELD_OUT=1` to show the held-out pages too). Fresh batches not marked "looked at" in
/// `fresh.txt` stay hidden: they are the figure for pages the rule has not seen.
#[test]
#[ignore]
fn show_the_rules_misses() {
    let Some(corpus) = corpus() else { return };
    for page in &corpus.pages {
        match batch_of(&corpus.fresh, page) {
            Some(batch) if !batch.looked_at => continue, // never looked at
            Some(_) => {}
            None if page.day % 3 == 0 && std::env::var_os("HELD_OUT").is_none() => continue, // held out
            None => {}
        }
        let written = ours(&page.html);
        for part in Part::BOTH.into_iter().take(crate::html::articles(&page.html).min(2)) {
            let s = score(&written, &page.truth, part);
            if (s.stating == 1 && s.both == 0) || s.wrong_unflagged == 1 {
                let why = if s.wrong_unflagged == 1 { "WRONG" } else { "MISSED" };
                if std::env::var_os("BRIEF").is_some() {
                    let brief = |w: &Written| {
                        w.iter()
                            .map(|e| {
                                let first = e.input.lines().next().unwrap_or("").chars().take(30).collect::<String>();
                                let a = |x: &Option<Expected>| match x {
                                    None => "-".to_string(),
                                    Some(Expected { answer, guess: true }) => format!("{answer}?"),
                                    Some(Expected { answer, .. }) => answer.clone(),
                                };
                                format!("[{first} | {} | {}]", a(&e.expected[0]), a(&e.expected[1]))
                            })
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    println!(
                        "{why} {}-{:02} p{part} {}\n  truth {}\n  ours  {}",
                        page.year,
                        page.day,
                        kind(page, part),
                        brief(&page.truth),
                        brief(&written)
                    );
                    continue;
                }
                println!(
                    "==== {why} {}-{:02} part {part} ({})\n-- truth\n{}-- ours\n{}",
                    page.year,
                    page.day,
                    kind(page, part),
                    crate::fill::render(&page.truth),
                    crate::fill::render(&written)
                );
            }
        }
    }
}

/// How the rule reads one page, piece by piece: `PAGE=2021-14 cargo test -p aoc-site
/// debug_page -- --ignored --nocapture`.
#[test]
#[ignore]
fn debug_page() {
    let (Ok(name), Some(dir)) = (std::env::var("PAGE"), corpus_dir()) else { return };
    let html = std::fs::read_to_string(dir.join(&name[..4]).join(format!("{name}.html"))).unwrap();
    let tokens = tokens(&html);
    for (i, article) in crate::html::elements(&tokens, "article").into_iter().enumerate() {
        for piece in super::super::pieces(article) {
            match piece {
                super::super::Piece::Block(text, item) => println!("{i} BLOCK {item:?} {:?}", text.lines().next()),
                super::super::Piece::Prose(p) => println!(
                    "{i} PROSE {:?} intro={} em={:?} {:?}",
                    p.item,
                    super::super::introduces_an_example(&p.text),
                    p.last_emphasised(),
                    p.text.chars().take(90).collect::<String>()
                ),
            }
        }
    }
}

/// What aocd-example-parser's table (module `known`) writes for a page, where it applies.
fn table_of(page: &Page) -> Option<Written> {
    Some(super::super::known::examples(&page.html, page.year, page.day)?.into_iter().map(Into::into).collect())
}

/// Whether `written` is the truth exactly: the same inputs with the same answers, in order
/// (a guess counted as its answer).
fn is_the_truth(written: &Written, truth: &[examples::Example]) -> bool {
    let answers = |e: &examples::Example| e.expected.clone().map(|x| x.map(|x| x.answer));
    written.len() == truth.len()
        && written.iter().zip(truth).all(|(w, t)| same_input(&w.input, &t.input) && answers(w) == answers(t))
}

/// The three figures `docs/commands.md` quotes for the known-puzzles table, by year: the
/// rule alone (what a puzzle the table does not know gets), the table where it applies
/// (the truth is computed from the same table, so this is the evaluator's fidelity to
/// `truth.py`, not an accuracy), and what `fetch` writes (the table, else the rule).
#[test]
#[ignore]
fn the_table_and_the_rule_on_real_pages() {
    let Some(corpus) = corpus() else { return };
    let mut supported = BTreeMap::<bool, (usize, usize)>::new();
    let table: serde_json::Value = serde_json::from_str(include_str!("../../../data/aocd-examples.json")).unwrap();
    for key in table.as_object().unwrap().keys().filter(|k| *k != "default_locators") {
        let (year, day) = key.split_once('/').unwrap();
        let (year, day): (u16, u8) = (year.parse().unwrap(), day.parse().unwrap());
        let entry = supported.entry(year >= 2025).or_default();
        entry.0 += 1;
        entry.1 += usize::from(super::super::known::locators(year, day).is_some());
    }
    for (new, (listed, ok)) in &supported {
        let years = if *new { "2025" } else { "2015-2024" };
        println!("puzzles of {years} in the table: {listed}, every locator supported: {ok}");
    }
    let mut rows: BTreeMap<String, [Score; 3]> = BTreeMap::new();
    let (mut applied, mut exact) = (BTreeMap::<String, usize>::new(), BTreeMap::<String, usize>::new());
    for page in &corpus.pages {
        let year = page.year.to_string();
        let rule = ours(&page.html);
        let table = table_of(page);
        if let Some(table) = &table {
            *applied.entry(year.clone()).or_default() += 1;
            let right = is_the_truth(table, &page.truth);
            *exact.entry(year.clone()).or_default() += usize::from(right);
            if !right {
                println!(
                    "table differs from truth on {}-{:02}:\n-- truth\n{}-- table\n{}",
                    page.year,
                    page.day,
                    crate::fill::render(&page.truth),
                    crate::fill::render(table)
                );
            }
        }
        let fetch = table.clone().unwrap_or_else(|| rule.clone());
        let scores = rows.entry(year).or_default();
        for part in Part::BOTH.into_iter().take(crate::html::articles(&page.html).min(2)) {
            scores[0] += score(&rule, &page.truth, part);
            if let Some(table) = &table {
                scores[1] += score(table, &page.truth, part);
            }
            scores[2] += score(&fetch, &page.truth, part);
        }
    }
    let mut out = format!("{HEADER}\n");
    let mut all = [Score::default(); 3];
    for (year, scores) in &rows {
        let (pages, same) = (applied.get(year).copied().unwrap_or(0), exact.get(year).copied().unwrap_or(0));
        let names = [
            "(1) rule".to_string(),
            format!("(2) table where it applies ({same} of {pages} pages exact)"),
            "(3) fetch".to_string(),
        ];
        for ((name, s), total) in names.iter().zip(scores).zip(&mut all) {
            out += &line(&format!("{year}: {name}"), s);
            out += "\n";
            *total += *s;
        }
    }
    let (pages, same) = (applied.values().sum::<usize>(), exact.values().sum::<usize>());
    let names = [
        "(1) rule".to_string(),
        format!("(2) table where it applies ({same} of {pages} pages exact)"),
        "(3) fetch".to_string(),
    ];
    for (name, s) in names.iter().zip(&all) {
        out += &line(&format!("all: {name}"), s);
        out += "\n";
    }
    println!("{out}");
    // The table's locators are the truth's: where the table applies it must give the truth
    // exactly, or the evaluator reads a form differently from `truth.py`.
    assert_eq!(same, pages, "the table differs from the truth on {} pages", pages - same);
    assert!(all[2].both >= all[0].both && all[2].wrong_unflagged <= all[0].wrong_unflagged, "{all:?}");
}

/// No tracked file of the repository holds a run of [`QUOTE`] words of a real page's prose
/// (its example blocks apart: a day's short example input may be kept). Advent of Code asks
/// that puzzle text is not redistributed; fixtures and doc comments are made up.
#[test]
#[ignore]
fn no_tracked_file_quotes_a_real_page() {
    let Some(corpus) = corpus() else { return };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let Ok(listed) = std::process::Command::new("git").arg("-C").arg(&root).arg("ls-files").output() else {
        println!("skipped: git is not available to list the tracked files");
        return;
    };
    let mut runs = std::collections::HashMap::new();
    for page in &corpus.pages {
        let words = words(&prose_of(&page.html));
        for run in words.windows(QUOTE) {
            runs.insert(run.join(" "), format!("{}-{:02}", page.year, page.day));
        }
    }
    let mut quoting = Vec::new();
    for file in String::from_utf8_lossy(&listed.stdout).lines() {
        let Ok(text) = std::fs::read_to_string(root.join(file)) else { continue };
        // As written, and as a page's text (a fixture's tags split its sentences).
        let mut found = [words(&text), words(&crate::html::text_of(&tokens(&text)))]
            .into_iter()
            .filter_map(|words| words.windows(QUOTE).find_map(|run| runs.get(&run.join(" "))).cloned());
        if let Some(page) = found.next() {
            quoting.push(format!("{file} quotes {page}"));
        }
    }
    assert!(quoting.is_empty(), "tracked files quote real pages:\n{}", quoting.join("\n"));
}

/// How many words in a row make a quotation.
const QUOTE: usize = 10;

/// A page's text outside its `<pre>` blocks.
fn prose_of(html: &str) -> String {
    let mut prose = String::new();
    let mut rest = html;
    while let Some(start) = rest.find("<pre") {
        prose += &rest[..start];
        rest = rest[start..].split_once("</pre>").map_or("", |(_, after)| after);
    }
    prose += rest;
    crate::html::text_of(&tokens(&prose))
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric() && c != '\'').filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}
