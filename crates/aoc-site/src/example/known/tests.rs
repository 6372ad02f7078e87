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

/// The value of `locator` on `PAGE`, as aocd takes it: `Ok(None)` for Python's None.
fn on_page(locator: &str) -> Result<Option<String>, String> {
    let root = tree::parse(PAGE);
    let articles = root.find_all("article");
    let scope = scope(&root, &articles);
    evaluate(&parse(locator)?, &scope).and_then(text)
}

fn value(locator: &str) -> String {
    on_page(locator).unwrap_or_else(|e| panic!("{locator}: {e}")).unwrap_or_else(|| "None".to_string())
}

#[test]
fn indexes_of_each_kind_of_text() {
    assert_eq!(value("a_code[0]"), "1 2\n3 x4\n\n5 6");
    assert_eq!(value("a_code[-1]"), "12");
    assert_eq!(value("b_code[-1]"), "99");
    assert_eq!(value("a_pre[0]"), "1 2\n3 x4\n\n5 6");
    assert_eq!(value("b_pre[0]"), "7 8");
    assert_eq!(value("a_em[0]"), "0");
    assert_eq!(value("b_em[-1]"), "99");
    assert_eq!(value("a_li[1].codes[-1]"), "-3");
    assert_eq!(value("b_li[0].codes[0]"), "nice");
    assert_eq!(value("a_li[0].text.split()[-1]"), "0.");
    assert_eq!(value("a_li[0].text.split()[-1][:-1]"), "0");
    assert_eq!(value("a_li[0].text.split(' and ')[0]"), "(())");
}

#[test]
fn literals_none_and_string_methods() {
    assert_eq!(value("'1000000'"), "1000000");
    assert_eq!(value("\"a\\nb\""), "a\nb");
    assert_eq!(value("None"), "None");
    assert_eq!(value("a_pre[0].split()[3]"), "x4");
    assert_eq!(value("a_code[0].split('\\n\\n')[1].split()[0]"), "5");
    assert_eq!(value("a_pre[0].split('\\n\\n')[0].split('3 ')[1]"), "x4");
    assert_eq!(value("a_pre[0].splitlines()[1]"), "3 x4");
    assert_eq!(value("a_pre[0].replace('x', 'y')"), "1 2\n3 y4\n\n5 6");
    assert_eq!(value("a_code[-2].split('=')[-1]"), "10");
    assert_eq!(value("a_pre[0][2:5]"), "2\n3");
}

#[test]
fn calls_counts_and_arithmetic() {
    assert_eq!(value("str(len(a_li[0].codes[0]))"), "4");
    assert_eq!(value("str(len(a_code[1]))"), "4");
    assert_eq!(value("str(b_li[0].text.count('nice'))"), "3");
    assert_eq!(value("str(a_pre[0].count(' '))"), "3");
    assert_eq!(value("str(int(a_li[1].em is None))"), "1");
    assert_eq!(value("str(int(b_li[1].em is None))"), "0");
    assert_eq!(value("str(int(a_code[-1]) * int(b_code[-1]))"), "1188");
    assert_eq!(value("str(0b001 + 0b110 + 0b010)"), "9");
    assert_eq!(value("'depth: ' + a_code[-1]"), "depth: 12");
    assert_eq!(value("max(b_pre[0])"), "8");
    assert_eq!(value("'A {}\\nB {}'.format(a_code[-1], b_code[-1])"), "A 12\nB 99");
}

#[test]
fn lists_tuples_joins_and_comprehensions() {
    assert_eq!(value("'0', b_code[-1]"), "0\n99");
    // As in Python: the block keeps its own line break, and the join adds one.
    assert_eq!(value("a_pre[0], a_code[-1]"), "1 2\n3 x4\n\n5 6\n\n12");
    assert_eq!(value("'-'.join([a_code[-1]]*2)"), "12-12");
    assert_eq!(value("','.join(a_code[1:3])"), "(()),()()");
    assert_eq!(value("[li.code.text for li in a_li]"), "(())\n)))");
    assert_eq!(value("[li.codes[0] for li in a_li[1:]]"), ")))");
    assert_eq!(value("[line.split()[0] for line in a_pre[0].split('\\n\\n')[0].splitlines()]"), "1\n3");
    assert_eq!(value("list(page.soup.find_all('li')[3].children)[1::2]"), " ");
}

#[test]
fn a_miss_is_an_error_never_a_panic() {
    for missing in [
        "a_code[99]",
        "a_code[-99]",
        "a_li[5].codes[0]",
        "a_pre[0].split()[40]",
        "c_code[0]",
        "a_li[1].em.text",
        "a_code[0].split('')",
        "'-'.join([a_li[0]])",
        "int(a_code[0])",
        "str(int(a_code[-1]) * 9999999999 * 9999999999)",
        "[a_code[0]] * 100000",
        "a_code[::-1]",
    ] {
        assert!(on_page(missing).is_err(), "{missing} gave {:?}", on_page(missing));
    }
}

#[test]
fn forms_outside_the_subset_do_not_parse() {
    for unsupported in [
        "sorted({n for n in a_pre[0].split() if n.isdigit()}, key=int)",
        "[n for n in a_code if n]",
        "a_code[0] if a_code else None",
        "lambda: 1",
        "a_code[0",
        "'unterminated",
        "a_code[1:2:3:4]",
        "a_code[]",
    ] {
        assert!(parse(unsupported).is_err(), "{unsupported} parsed");
    }
    for unsupported in ["a_code[0].upper()", "sorted(a_code)", "a_li[0].parent"] {
        assert!(parse(unsupported).is_err(), "{unsupported} parsed");
    }
    assert!(on_page("'{0}'.format(a_code[0])").is_err());
    assert!(on_page("'{}'.format(a_code[0], a_code[1])").is_err());
}

#[test]
fn every_puzzle_of_the_table_but_one_is_in_the_subset() {
    let table: serde_json::Value = serde_json::from_str(TABLE).unwrap();
    let puzzles: Vec<(u16, u8)> = table
        .as_object()
        .unwrap()
        .keys()
        .filter_map(|key| {
            let (year, day) = key.split_once('/')?;
            Some((year.parse().ok()?, day.parse().ok()?))
        })
        .collect();
    assert_eq!(puzzles.len(), 201);
    let unsupported: Vec<_> =
        puzzles.iter().filter(|&&(year, day)| locators(year, day).is_none_or(|l| l.is_err())).collect();
    // 2015/24's input sorts a set comprehension's numbers: used once in the table.
    assert_eq!(unsupported, [&(2015, 24)]);
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
    let locators = locators(2020, 1).unwrap().unwrap();
    assert_eq!(locators.len(), 1, "{locators:?}");
    let found = examples(&day_page(true), 2020, 1).unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].input, "1721\n979\n");
    assert_eq!(found[0].expected, [Some(Expected::stated("514579")), Some(Expected::stated("241861950"))]);
    assert!(found[0].source.contains("a_pre[0]"), "{}", found[0].source);
}

#[test]
fn part_two_is_read_only_once_the_page_shows_it() {
    let found = examples(&day_page(false), 2020, 1).unwrap();
    assert_eq!(found[0].expected, [Some(Expected::stated("514579")), None]);
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
    assert_eq!(found[0].expected, [Some(Expected::stated("14897079")), None]);
}

#[test]
fn an_unlisted_puzzle_or_a_page_the_locators_miss_is_left_to_the_rule() {
    assert!(examples(&day_page(true), 2031, 1).is_none());
    assert!(examples("<article><p>Nothing here.</p></article>", 2020, 1).is_none());
    assert!(examples("", 2020, 1).is_none());
    // 2015/24's locators are outside the subset.
    assert!(examples(&day_page(true), 2015, 24).is_none());
}

#[test]
fn a_checked_puzzle_the_table_does_not_list_is_read_by_the_default_locators() {
    // 2016/06 is not listed: aocd checked that its default locators read it right (the
    // first `<pre>`, each part's last `<code>`'s last word).
    assert!(locators(2016, 6).is_some_and(|l| l.is_ok_and(|l| l.len() == 1)));
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
        <p>Starting with the digits in your puzzle input, apply this process 40 times. \
        What is <em>the length of the result</em>?</p></article>";
    if let Some(found) = examples(page, 2015, 10) {
        assert!(!found.is_empty());
        for example in &found {
            assert!(example.expected[0].as_ref().is_none_or(|a| a.guess), "{example:?}");
            assert!(example.source.contains("iterations=1"), "{}", example.source);
        }
    } else {
        panic!("2015/10's locators missed the page");
    }
}
