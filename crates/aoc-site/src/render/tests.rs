use super::*;

/// Each `fixtures/NAME.html` (a page shaped like the site's, text made up) against its
/// expected renderings `NAME.txt` and `NAME.md`. `BLESS=1` rewrites the expectations from
/// the renderer's output, to be read before committing.
#[test]
fn every_fixture_page_renders_as_expected() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/render/fixtures");
    let mut pages: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    pages.sort();
    assert!(pages.len() >= 4, "fixtures missing in {}", folder.display());
    let bless = std::env::var_os("BLESS").is_some();
    let mut failures = Vec::new();
    for page in &pages {
        let html = std::fs::read_to_string(page).unwrap();
        for (markdown, extension) in [(false, "txt"), (true, "md")] {
            let rendered = render(&html, markdown, "/2099/day/7");
            let expected_path = page.with_extension(extension);
            if bless {
                std::fs::write(&expected_path, &rendered).unwrap();
                continue;
            }
            let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
            if rendered != expected {
                failures.push(format!("{}:\n{rendered}", expected_path.display()));
            }
        }
    }
    assert!(failures.is_empty(), "renderings differ (BLESS=1 rewrites them):\n{}", failures.join("\n"));
}

#[test]
fn emphasis_never_puts_stars_inside_code() {
    let html = "<article><p>x <code><em>42</em></code> y</p><pre><code>a\n<em>b</em>\n</code></pre></article>";
    assert_eq!(render(html, true, "/2099/day/7"), "x *`42`* y\n\n```\na\nb\n```\n");
    assert_eq!(render(html, false, "/2099/day/7"), "x *42* y\n\na\nb\n");
}

#[test]
fn paragraphs_after_a_code_block_start_clean() {
    // The bug this replaced: stars written inside <pre> leaked into the next paragraph.
    let html = "<article><pre><code><em>1</em>\n</code></pre><p>Next.</p></article>";
    for markdown in [false, true] {
        let text = render(html, markdown, "/2099/day/7");
        assert!(text.contains("\nNext.\n") && !text.contains('*'), "{text}");
    }
}

#[test]
fn relative_links_point_into_the_site() {
    let html = "<article><p><a href=\"7/input\">input</a>, <a href=\"/2099\">calendar</a>, <a href=\"https://x.org/\">x</a></p></article>";
    assert_eq!(
        render(html, true, "/2099/day/7"),
        "[input](https://adventofcode.com/2099/day/7/input), [calendar](https://adventofcode.com/2099), [x](https://x.org/)\n"
    );
}

#[test]
fn code_spans_hold_backticks() {
    assert_eq!(code_span("a`b"), "``a`b``");
    assert_eq!(code_span("`"), "`` ` ``");
    assert_eq!(code_span("x"), "`x`");
}
