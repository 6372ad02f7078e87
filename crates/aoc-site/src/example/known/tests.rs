use super::*;

/// A made-up page with two parts, in the site's markup.
const PAGE: &str = "<main><article><h2>--- Day 1 ---</h2>\
    <p>For example:</p><pre><code>1 2\n3 x4\n\n5 6\n</code></pre>\
    <ul><li><code>(())</code> and <code>()()</code> both result in floor <code><em>0</em></code>.</li>\
    <li><code>)))</code> results in floor <code>-3</code>.</li></ul>\
    <p>The total is <code>a=<em>10</em></code>; the depth is <code>12</code>.</p></article>\
    <article><h2>--- Part Two ---</h2><pre><code>7 8</code></pre>\
    <ul><li><code>nice</code> is nice, and nice again.</li><li><em>x</em> <code>q</code></li></ul>\
    <p>Now it is <code><em>99</em></code>.</p></article></main>";

/// The value of a converted locator (JSON, as the script writes it) on `PAGE`, as aocd
/// takes it: `Some(None)` for Python's None, `None` where Python would raise.
fn on_page(locator: &str) -> Option<Option<String>> {
    let locator: Locator = serde_json::from_str(locator).unwrap_or_else(|e| panic!("{locator}: {e}"));
    let tokens = crate::html::tokens(PAGE);
    let page = Page::new(&tokens);
    page.value(&locator).and_then(text)
}

/// `from`'s list, then `steps` (JSON).
fn read(from: &str, steps: &str) -> String {
    format!(r#"{{"read": {{"from": "{from}", "steps": [{steps}]}}}}"#)
}

fn value(from: &str, steps: &str) -> String {
    let locator = read(from, steps);
    on_page(&locator).unwrap_or_else(|| panic!("{locator} missed")).unwrap_or_else(|| "None".to_string())
}

#[test]
fn indexes_of_each_kind_of_text() {
    assert_eq!(value("a_code", r#"{"index": 0}"#), "1 2\n3 x4\n\n5 6");
    assert_eq!(value("a_code", r#"{"index": -1}"#), "12");
    assert_eq!(value("b_code", r#"{"index": -1}"#), "99");
    assert_eq!(value("b_pre", r#"{"index": 0}"#), "7 8");
    assert_eq!(value("a_em", r#"{"index": 0}"#), "0");
    assert_eq!(value("a_li", r#"{"index": 1}, "codes", {"index": -1}"#), "-3");
    assert_eq!(value("a_li", r#"{"index": 0}, "text", {"split": null}, {"index": -1}"#), "0.");
    assert_eq!(
        value("a_li", r#"{"index": 0}, "text", {"split": null}, {"index": -1}, {"slice": [null, -1, null]}"#),
        "0"
    );
    assert_eq!(value("a_pre", r#"{"index": 0}, {"slice": [2, 5, null]}"#), "2\n3");
    assert_eq!(value("a_pre", r#"{"index": 0}, {"index": 4}"#), "3");
}

#[test]
fn string_steps() {
    assert_eq!(value("a_pre", r#"{"index": 0}, {"split": null}, {"index": 3}"#), "x4");
    assert_eq!(value("a_code", r#"{"index": 0}, {"split": "\n\n"}, {"index": 1}, {"split": null}, {"index": 0}"#), "5");
    assert_eq!(value("a_pre", r#"{"index": 0}, "lines", {"index": 1}"#), "3 x4");
    assert_eq!(value("a_pre", r#"{"index": 0}, {"replace": ["x", "y"]}"#), "1 2\n3 y4\n\n5 6");
    assert_eq!(value("a_code", r#"{"index": -2}, {"split": "="}, {"index": -1}"#), "10");
}

#[test]
fn numbers_as_the_table_writes_them() {
    assert_eq!(value("a_li", r#"{"index": 0}, "codes", {"index": 0}, "len""#), "4");
    assert_eq!(value("a_li", r#""len""#), "2"); // `str(len(a_li))`
    assert_eq!(value("b_li", r#"{"index": 0}, "text", {"count": "nice"}"#), "3");
    assert_eq!(value("a_li", r#"{"index": 1}, {"first": "em"}, "is_none""#), "1");
    assert_eq!(value("b_li", r#"{"index": 1}, {"first": "em"}, "is_none""#), "0");
    assert_eq!(value("b_pre", r#"{"index": 0}, "max""#), "8");
    let product =
        format!(r#"{{"product": [{}, {}]}}"#, read("a_code", r#"{"index": -1}"#), read("b_code", r#"{"index": -1}"#));
    assert_eq!(on_page(&product), Some(Some("1188".to_string())));
}

#[test]
fn lists_joins_and_comprehensions() {
    let joined = |with: &str, pieces: &[&str]| {
        on_page(&format!(r#"{{"join": {{"with": "{with}", "pieces": [{}]}}}}"#, pieces.join(",")))
    };
    let (pre, last) = (read("a_pre", r#"{"index": 0}"#), read("a_code", r#"{"index": -1}"#));
    // A tuple, as in Python: the block keeps its own line break, and the join adds one.
    assert_eq!(joined("\\n", &[&pre, &last]), Some(Some("1 2\n3 x4\n\n5 6\n\n12".to_string())));
    assert_eq!(joined("", &[r#"{"literal": "depth: "}"#, &last]), Some(Some("depth: 12".to_string())));
    assert_eq!(joined("-", &[&last, &last]), Some(Some("12-12".to_string())));
    assert_eq!(value("a_code", r#"{"slice": [1, 3, null]}, {"join": ","}"#), "(()),()()");
    assert_eq!(value("a_li", r#"{"each": [{"first": "code"}, "text"]}"#), "(())\n)))");
    assert_eq!(value("a_li", r#"{"slice": [1, null, null]}, {"each": ["codes", {"index": 0}]}"#), ")))");
    let first_words =
        r#"{"index": 0}, {"split": "\n\n"}, {"index": 0}, "lines", {"each": [{"split": null}, {"index": 0}]}"#;
    assert_eq!(value("a_pre", first_words), "1\n3");
    // `list(page.soup.find_all('li')[3].children)[1::2]`
    assert_eq!(value("page_li", r#"{"index": 3}, "children", {"slice": [1, null, 2]}"#), " ");
}

#[test]
fn an_element_is_what_lies_between_its_tags() {
    let tokens = crate::html::tokens(
        "<article><pre>1\n2<br>3</article><article><ul><li>a <code>x</code><em>y</em>\
        </li><li><code>z</code></li></ul></article>",
    );
    let page = Page::new(&tokens);
    let value = |locator: &str| page.value(&serde_json::from_str(locator).unwrap()).and_then(text);
    // An unclosed block runs to the end of what holds it.
    assert_eq!(value(r#"{"read": {"from": "a_pre", "steps": [{"index": 0}]}}"#), Some(Some("1\n23".to_string())));
    assert_eq!(value(r#"{"read": {"from": "b_li", "steps": [{"index": 0}, "codes"]}}"#), Some(Some("x".to_string())));
    assert_eq!(value(r#"{"read": {"from": "b_li", "steps": [{"index": 1}, "text"]}}"#), Some(Some("z".to_string())));
    // `<br>` is a child that holds nothing, between the two texts of the block.
    let every_other =
        r#"{"read": {"from": "page_pre", "steps": [{"index": 0}, "children", {"slice": [null, null, 2]}]}}"#;
    assert_eq!(value(every_other), Some(Some("1\n2\n3".to_string())));
    let code = r#"{"read": {"from": "page_li", "steps": [{"index": 0}, "children", {"index": 1}, "text"]}}"#;
    assert_eq!(value(code), Some(Some("x".to_string())));
    // Python's `join` takes only texts: a list holding an element is no text.
    let with_element = r#"{"read": {"from": "page_li", "steps": [{"index": 0}, "children"]}}"#;
    assert_eq!(value(with_element), None);
}

#[test]
fn a_miss_is_none_never_a_panic() {
    for (from, steps) in [
        ("a_code", r#"{"index": 99}"#),
        ("a_code", r#"{"index": -99}"#),
        ("a_code", r#"{"index": -9223372036854775808}"#),
        ("a_code", r#"{"slice": [-9223372036854775808, null, null]}, {"index": 0}, {"index": 99}"#),
        ("a_li", r#"{"index": 5}, "codes", {"index": 0}"#),
        ("a_pre", r#"{"index": 0}, {"split": null}, {"index": 40}"#),
        ("c_code", r#"{"index": 0}"#),
        ("nothing", ""),
        ("a_li", r#"{"index": 1}, {"first": "em"}, "text""#),
        ("a_code", r#"{"index": 0}, {"split": ""}"#),
        ("a_code", r#"{"index": 0}, "text""#),
        ("a_li", r#"{"join": "-"}"#),
        ("a_li", r#"{"index": 0}"#),
        ("a_code", r#"{"slice": [null, null, 0]}"#),
        ("a_code", r#"{"slice": [null, null, -1]}"#),
    ] {
        let locator = read(from, steps);
        assert_eq!(on_page(&locator), None, "{locator}");
    }
    let overflow = format!(
        r#"{{"product": [{{"literal": "9999999999"}}, {{"literal": "9999999999"}}, {}]}}"#,
        read("a_code", r#"{"index": -1}"#)
    );
    assert_eq!(on_page(&overflow), None);
    assert_eq!(on_page(r#"{"product": [{"literal": "x"}]}"#), None);
    assert_eq!(on_page(r#""nothing""#), Some(None));
}

#[test]
fn every_puzzle_of_the_table_but_one_is_converted() {
    let source: serde_json::Value = serde_json::from_str(include_str!("../../../data/aocd-examples.json")).unwrap();
    let puzzles: Vec<(u16, u8)> = source
        .as_object()
        .unwrap()
        .keys()
        .filter_map(|key| {
            let (year, day) = key.split_once('/')?;
            Some((year.parse().ok()?, day.parse().ok()?))
        })
        .collect();
    assert_eq!(puzzles.len(), 201);
    let unsupported: Vec<_> = puzzles.iter().filter(|&&(year, day)| locators(year, day).is_none()).collect();
    // 2015/24's input sorts a set comprehension's numbers: used once in the table.
    assert_eq!(unsupported, [&(2015, 24)]);
}

/// The committed `aocd-locators.json` is what the script writes from the vendored table.
/// Where there is no `python3` (the script's only need) this says so and checks nothing.
#[test]
fn the_converted_table_is_what_the_script_writes() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let run = std::process::Command::new("python3")
        .args(["scripts/convert-aocd-examples.py", "--check"])
        .current_dir(root)
        .output();
    match run {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => eprintln!("no python3: the conversion is not checked"),
        Err(e) => panic!("python3: {e}"),
        Ok(out) => assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr)),
    }
}

/// A made-up page in the shape 2020/01's locators read: the input is `a_pre[0]` (the
/// default), the answers `a_code[-2]` and `b_code[-2]`.
fn day_page(part_two: bool) -> String {
    let one = "<article><p>For example:</p><pre><code>1721\n979\n</code></pre>\
        <p>Multiplying them together produces <code><em>514579</em></code>.</p>\
        <p>Find the two entries that sum to <code>2020</code>.</p></article>";
    let two = "<article><p>They multiply to <code><em>241861950</em></code>.</p>\
        <p>Find the three entries that sum to <code>2020</code>.</p></article>";
    if part_two {
        format!("{one}{two}")
    } else {
        one.to_string()
    }
}

#[test]
fn a_listed_puzzle_is_read_by_its_locators() {
    let locators = locators(2020, 1).unwrap();
    assert_eq!(locators.len(), 1, "{locators:?}");
    let found = examples(&day_page(true), 2020, 1).unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].input, "1721\n979\n");
    assert_eq!(found[0].expected, [Some(stated("514579")), Some(stated("241861950"))]);
    assert!(found[0].source.contains("a_pre[0]"), "{}", found[0].source);
}

#[test]
fn part_two_is_read_only_once_the_page_shows_it() {
    let found = examples(&day_page(false), 2020, 1).unwrap();
    assert_eq!(found[0].expected, [Some(stated("514579")), None]);
}

#[test]
fn day_25_has_no_part_two_answer() {
    // 2020/25's input is `a_code[5], a_code[10]`, its answers the defaults.
    let codes: String = (0..11).map(|n| format!("<code>{}</code> ", 100 + n)).collect();
    let page = format!(
        "<article><p>{codes}the key is <code>14897079</code>.</p></article><article><p><code>x 7</code></p></article>"
    );
    let found = examples(&page, 2020, 25).unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].input, "105\n110\n");
    assert_eq!(found[0].expected, [Some(stated("14897079")), None]);
}

#[test]
fn an_unlisted_puzzle_or_a_page_the_locators_miss_is_left_to_the_rule() {
    assert!(examples(&day_page(true), 2031, 1).is_none());
    assert!(examples("<article><p>Nothing here.</p></article>", 2020, 1).is_none());
    assert!(examples("", 2020, 1).is_none());
    // 2015/24's locators are not converted.
    assert!(examples(&day_page(true), 2015, 24).is_none());
}

#[test]
fn a_checked_puzzle_the_table_does_not_list_is_read_by_the_default_locators() {
    // 2016/06 is not listed: aocd checked that its default locators read it right (the
    // first `<pre>`, each part's last `<code>`'s last word).
    assert!(locators(2016, 6).is_some_and(|l| l.len() == 1));
    let found = examples(PAGE, 2016, 6).unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].input, "1 2\n3 x4\n\n5 6\n");
    let answers: Vec<Option<&str>> = found[0].expected.iter().map(|e| e.as_ref().map(|e| e.answer.as_str())).collect();
    assert_eq!(answers, [Some("12"), Some("99")]);
    // A puzzle after the table's version is not checked: the rule reads it.
    assert!(locators(2026, 1).is_none());
}

#[test]
fn a_puzzle_listed_with_no_examples_gets_none() {
    // The table lists 2019/02 (an Intcode day) with no example.
    assert_eq!(examples(&day_page(true), 2019, 2).map(|found| found.len()), Some(0));
}

#[test]
fn an_answer_that_needs_a_setting_is_a_guess() {
    // 2015/10's answers hold after one iteration (`extra`).
    let page = "<article><p>For example:</p><ul>\
        <li><code>1</code> becomes <code>11</code></li><li><code>11</code> becomes <code>21</code></li>\
        <li><code>21</code> becomes <code>1211</code></li><li><code>1211</code> becomes <code>111221</code></li>\
        <li><code>111221</code> becomes <code>312211</code></li></ul>\
        <p>Do this to your puzzle input many times. How <em>long</em> does it get?</p></article>";
    let found = examples(page, 2015, 10).expect("2015/10's locators read the page");
    assert_eq!(found.len(), 6);
    for example in &found {
        assert!(example.expected[0].as_ref().is_some_and(|a| a.guess), "{example:?}");
        assert!(example.source.contains("iterations=1"), "{}", example.source);
    }
    assert_eq!(found[1].input, "1\n");
    assert_eq!(found[1].expected[0], Some(guessed("2")));
}

#[test]
fn a_placeholder_or_a_value_no_answer_can_be_is_a_guess() {
    // 2022/10's part 2 answer is `'CRT'`, standing for the screen the example draws; its
    // input is `a_code[30]`, part 1's answer the default (the last code's last word).
    let codes: String = (0..30).map(|n| format!("<code>{n}</code> ")).collect();
    let page = format!(
        "<article><p>{codes}<code>noop\naddx 3</code> gives <code>13140</code>.</p></article>\
        <article><p>It draws this:</p><pre><code>##..##..</code></pre></article>"
    );
    let found = examples(&page, 2022, 10).expect("2022/10's locators read the page");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].input, "noop\naddx 3\n");
    assert_eq!(found[0].expected, [Some(stated("13140")), Some(guessed("CRT"))]);
    for answer in ["514579", "2=-1=0", "mxmxvkd,sqjhc", "-3"] {
        assert!(can_be_an_answer(answer), "{answer}");
    }
    for value in ["CRT", "□", "⟋", "a b c", "x\ty"] {
        assert!(!can_be_an_answer(value), "{value}");
    }
}
