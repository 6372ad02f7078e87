//! Every reader of a page against pages no site should send, but a proxy, a truncated
//! download or a hostile server can: deep nesting, unclosed tags, huge attributes, invalid
//! UTF-8, tens of megabytes. Each must finish, quickly and without a panic.

use proptest::prelude::*;

use crate::{example, html, page, render, submit};

/// Runs every reader of a page over `html`, as `fetch`, `read`, `submit` and `today` do.
fn read_every_way(html: &str) {
    let _ = render::render(html, false, "/2015/day/1");
    let _ = render::render(html, true, "/2015/day/1");
    for (year, day) in [(2022, 10), (2099, 1)] {
        let _ = example::examples_of_day(html, year, day);
    }
    let _ = page::shown_answers(html);
    let _ = html::articles(html);
    let _ = submit::verdict(html);
    let _ = html::looks_like_html(html);
}

/// A page shaped like the site's around `middle`.
fn page_around(middle: &str) -> String {
    format!("<html><body><main><article class=\"day-desc\"><h2>--- Day 1: X ---</h2><p>For example:</p>{middle}</article></main></body></html>")
}

#[test]
fn deep_and_unclosed_nesting_neither_overflows_nor_hangs() {
    for tag in ["b", "em", "code", "p", "ul", "li", "pre", "article", "span title=\"x\"", "a href=\"/\""] {
        read_every_way(&page_around(&format!("<{tag}>").repeat(300_000)));
    }
    read_every_way(&page_around(&"<em><code>".repeat(100_000)));
    read_every_way(&page_around(&format!("{}{}", "<ul><li>".repeat(50_000), "</li></ul>".repeat(50_000))));
}

#[test]
#[ignore = "deep check (seconds of parsing unoptimised): AOC_DEEP_TESTS=1 cargo test -- --include-ignored"]
fn huge_and_broken_markup_is_read() {
    read_every_way(&page_around(&format!("<a href=\"{}\">x</a>", "y".repeat(10_000_000))));
    read_every_way(&page_around(&"<".repeat(300_000)));
    read_every_way(&page_around(&"<!--".repeat(100_000)));
    read_every_way(&page_around(&"<script></script>".repeat(20_000)));
    read_every_way(&page_around(&"&#x".repeat(100_000)));
    read_every_way("<pre><code>");
    let invalid = [b"<p>".as_slice(), &[0xff, 0xfe, 0xc3], b"</p>"].concat();
    read_every_way(&String::from_utf8_lossy(&invalid));
}

#[test]
#[ignore = "deep check (a second of parsing unoptimised): AOC_DEEP_TESTS=1 cargo test -- --include-ignored"]
fn a_fifty_megabyte_page_is_read() {
    let paragraph = "<p>For example, <code>1 2 3</code> gives <code><em>6</em></code>.</p>\n";
    read_every_way(&page_around(&paragraph.repeat(50_000_000 / paragraph.len())));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if std::env::var_os("AOC_DEEP_TESTS").is_some() { 2_000 } else { 16 }))]

    #[test]
    fn random_markup_is_read(pieces in proptest::collection::vec(piece(), 0..400)) {
        read_every_way(&pieces.concat());
    }
}

/// A piece of markup: the site's tags, opened and closed at random, text, entities, junk.
fn piece() -> impl Strategy<Value = String> {
    const TAGS: &[&str] = &["article", "p", "pre", "code", "em", "ul", "li", "a", "span", "h2", "main", "script", "b"];
    prop_oneof![
        proptest::sample::select(TAGS).prop_map(|t| format!("<{t}>")),
        proptest::sample::select(TAGS).prop_map(|t| format!("</{t}>")),
        "[a-zA-Z0-9 .,:?!=()*+-]{0,20}",
        Just("Your puzzle answer was <code>42</code>.".to_string()),
        Just("For example:".to_string()),
        Just("\n".to_string()),
        "&[a-z#x0-9]{0,6};?",
        "<[^>]{0,10}",
        any::<String>(),
    ]
}
