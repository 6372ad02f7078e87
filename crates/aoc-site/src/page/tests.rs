use super::*;

/// A page shaped like the site's, with `answers` shown for solved parts.
pub(crate) fn page(answers: &[&str]) -> String {
    let mut html = String::from(
        "<!DOCTYPE html>\n<html><head><title>Day 11</title></head><body><main>\n<article class=\"day-desc\"><h2>--- Day 11: Radioisotope Thermoelectric Generators ---</h2><p>You find a stack of <em>four floors</em> &amp; a lift. The input is like <code>a &lt;b&gt;</code>, see <a href=\"https://example.com/x\">this</a>.</p>\n<pre><code>F4 .  .\nF1 E  HM\n</code></pre>\n<ul><li>First item</li><li>Second <em>item</em></li></ul>\n<p>What is the <em>minimum number of steps</em>?</p>\n</article>\n",
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
    assert_eq!(record_shown_answers(root.path(), id, &page(&["31"])).unwrap(), [(Part::One, "31".to_string())]);
    assert_eq!(record_shown_answers(root.path(), id, &page(&["31", "55"])).unwrap(), [(Part::Two, "55".to_string())]);
    let answers = Answers::load(&answers_path(root.path(), id)).unwrap();
    assert_eq!((answers.accepted(Part::One), answers.accepted(Part::Two)), (Some("31"), Some("55")));
    std::fs::create_dir_all(puzzle_page_path(root.path(), id).parent().unwrap()).unwrap();
    std::fs::write(puzzle_page_path(root.path(), id), "cached").unwrap();
    assert!(!wanted(root.path(), id).unwrap(), "cached, and both answers known");
    std::fs::write(answers_path(root.path(), id), "[part1\n").unwrap();
    assert!(wanted(root.path(), id).unwrap_err().to_string().contains("day11.answers.toml"));
}

#[test]
fn a_cached_page_is_behind_once_part_one_is_accepted_after_it() {
    let mut answers = Answers::default();
    assert!(!behind(&page(&[]), &answers), "part 1 shown, nothing solved");
    answers.record_accepted(Part::One, "31");
    assert!(behind(&page(&[]), &answers), "part 1 solved since the page was saved: part 2 is out");
    assert!(!behind(&page(&["31"]), &answers));
    assert_eq!(parts_shown(&page(&["31", "55"])), 2);
    // A script that holds the word is not a part (the stand-in site serves one).
    let scripted = page(&[]).replace("<main>", "<script>var x = '<article>';</script><main>");
    assert_eq!(parts_shown(&scripted), 1);
    assert!(behind(&scripted, &answers), "part 1 accepted, one part shown: behind");
}
