use super::*;

/// The stand-in site's page of 2016-11, with `answers` shown for solved parts.
pub(crate) fn page(answers: &[&str]) -> String {
    crate::testsite::page("2016", "11", answers)
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
    // A script that holds the word is not a part (the stand-in page has one).
    assert!(page(&[]).contains("<script>var x = '<article>"));
    assert_eq!(crate::html::articles(&page(&["31", "55"])), 2);
}
