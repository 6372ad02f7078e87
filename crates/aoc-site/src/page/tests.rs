use super::*;

/// A page shaped like the site's, with `answers` shown for solved parts.
pub(crate) fn page(answers: &[&str]) -> String {
    let mut html = String::from(
        "<!DOCTYPE html>\n<html><head><title>Day 11</title></head><body><main>\n<article class=\"day-desc\"><h2>--- Day 11: Radioisotope Thermoelectric Generators ---</h2><p>You come upon a column of <em>four floors</em> &amp; an elevator. The input is like <code>a &lt;b&gt;</code>, see <a href=\"https://example.com/x\">this</a>.</p>\n<pre><code>F4 .  .\nF1 E  HM\n</code></pre>\n<ul><li>First item</li><li>Second <em>item</em></li></ul>\n<p>What is the <em>minimum number of steps</em>?</p>\n</article>\n",
    );
    if let Some(first) = answers.first() {
        html += &format!("<p>Your puzzle answer was <code>{first}</code>.</p>");
        html += "<article class=\"day-desc\"><h2 id=\"part2\">--- Part Two ---</h2><p>Two more pairs.</p></article>\n";
    }
    if let Some(second) = answers.get(1) {
        html += &format!("<p>Your puzzle answer was <code>{second}</code>.</p><p class=\"day-success\">Both parts of this puzzle are complete!</p>");
    }
    html + "</main></body></html>\n"
}

#[test]
fn answers_are_harvested_from_pages_with_none_one_and_two() {
    assert!(shown_answers(&page(&[])).is_empty());
    assert_eq!(shown_answers(&page(&["31"])), ["31"]);
    assert_eq!(shown_answers(&page(&["31", "x&lt;y"])), ["31", "x<y"]);
}

#[test]
fn harvested_answers_go_into_the_answers_file_once() {
    let root = tempfile::tempdir().unwrap();
    let id: DayId = "2016-11".parse().unwrap();
    assert!(record_shown_answers(root.path(), id, &page(&[])).unwrap().is_empty());
    assert!(!answers_path(root.path(), id).exists(), "nothing to record, nothing written");
    assert_eq!(record_shown_answers(root.path(), id, &page(&["31"])).unwrap(), [(1, "31".to_string())]);
    assert_eq!(record_shown_answers(root.path(), id, &page(&["31", "55"])).unwrap(), [(2, "55".to_string())]);
    let answers = Answers::load(&answers_path(root.path(), id)).unwrap();
    assert_eq!((answers.accepted(1), answers.accepted(2)), (Some("31"), Some("55")));
    std::fs::create_dir_all(puzzle_page_path(root.path(), id).parent().unwrap()).unwrap();
    std::fs::write(puzzle_page_path(root.path(), id), "cached").unwrap();
    assert!(!wanted(root.path(), id).unwrap(), "cached, and both answers known");
    std::fs::write(answers_path(root.path(), id), "[part1\n").unwrap();
    assert!(wanted(root.path(), id).unwrap_err().to_string().contains("day11.answers.toml"));
}

#[test]
fn the_puzzle_text_renders_as_terminal_text_and_markdown() {
    let text = render(&page(&["31"]), false);
    assert!(text.starts_with("Day 11: Radioisotope Thermoelectric Generators\n====="), "{text}");
    assert!(
        text.contains("You come upon a column of *four floors* & an elevator. The input is like a <b>,\nsee this."),
        "{text}"
    );
    assert!(text.contains("F4 .  .\nF1 E  HM\n"), "{text}");
    assert!(text.contains("  - First item\n  - Second *item*\n"), "{text}");
    assert!(text.contains("Part Two\n========\n\nTwo more pairs."), "{text}");
    assert!(text.ends_with("Your part 1 answer was 31.\n"), "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    let md = render(&page(&["31"]), true);
    assert!(md.starts_with("## Day 11: Radioisotope Thermoelectric Generators\n\n"), "{md}");
    assert!(md.contains("is like `a <b>`, see [this](https://example.com/x)."), "{md}");
    assert!(md.contains("```\nF4 .  .\nF1 E  HM\n```"), "{md}");
    assert!(md.ends_with("Your part 1 answer was `31`.\n"), "{md}");
}

#[test]
fn entities_decode_and_stray_ampersands_stay() {
    assert_eq!(decode_entities("a &lt;&gt; &amp;&quot;&#39;&#x41;&#66; & b &bogus;"), "a <> &\"'AB & b &bogus;");
}
