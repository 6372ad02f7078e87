use super::*;
use aoc_workspace::sources::Solution;

#[test]
fn a_name_the_runner_cannot_use_is_a_build_error_naming_it() {
    for bad in ["fast-2", "r#type", "a b"] {
        let solution = Solution { day: 5, part: 1, name: Some(bad.into()) };
        let source = days_source(Some(2015), &[solution], &scan::tests::scaffolded(&[5]));
        assert!(source.contains("compile_error!("), "{bad}: {source}");
        assert!(source.contains(&format!("the solution name `{bad}`")), "{source}");
        assert!(source.contains("use letters, digits and `_` only"), "{source}");
    }
    for taken in ["default", "Default", "DEFAULT"] {
        let source = days_source(
            Some(2015),
            &[Solution { day: 5, part: 1, name: Some(taken.into()) }],
            &scan::tests::scaffolded(&[5]),
        );
        assert!(source.contains(&format!("the solution name `{taken}` is taken")), "{source}");
    }
    for good in ["fast", "ñandú", "astar_2", "2nd"] {
        assert_eq!(unusable_name(good), None, "{good}");
    }
}
