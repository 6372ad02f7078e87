//! Puzzle input as editors and terminals really write it, and error quotes that help.
//!
//! * [`normalize`]: without a byte-order mark, with every line ending (CRLF, lone CR) a
//!   plain `\n` and no blank lines at the end, so parsers see one shape of text (the
//!   runner applies it to every day's input before the day's parser);
//! * [`quote`]: a line as an error message shows it: at most [`QUOTE_CHARS`] characters
//!   (then `…`), invisible and control characters escaped (`\u{feff}`, `\u{a0}`, `\r`,
//!   `\t`), so that what looks right but is not can be seen, and a 10 MB line never floods
//!   a terminal.

use std::borrow::Cow;

/// The most characters of a line an error quotes: with the rest of the longest message
/// and the runner's prefix (`error: 2016-11 part 1: bad input: `), an error line stays
/// within 200 characters.
pub const QUOTE_CHARS: usize = 60;

/// The most characters a quoted name takes in an error message ([`quote_name`]).
pub const NAME_CHARS: usize = 30;

/// Without a leading byte-order mark, every `\r\n` and lone `\r` a `\n`, and blank lines at
/// the end dropped (a last line's own `\n` stays). Borrows when there is nothing to change
/// (the usual case).
pub fn normalize(input: &str) -> Cow<'_, str> {
    let text = input.strip_prefix('\u{feff}').unwrap_or(input);
    if !text.contains('\r') {
        return Cow::Borrowed(without_trailing_blank_lines(text));
    }
    let unified = text.replace("\r\n", "\n").replace('\r', "\n");
    Cow::Owned(without_trailing_blank_lines(&unified).to_string())
}

/// `text` up to and including its last line that is not blank (spaces and tabs alone are
/// blank): editors and downloads add empty lines at the end that no puzzle means.
fn without_trailing_blank_lines(text: &str) -> &str {
    let content = text.trim_end_matches(['\n', ' ', '\t']);
    if content.is_empty() {
        return "";
    }
    // Keep the last content line whole, up to and including its own line break: the
    // spaces at its end are the line's, not a blank line's.
    match text[content.len()..].find('\n') {
        Some(at) => &text[..content.len() + at + 1],
        None => text,
    }
}

/// `text` as an error message quotes it (see the module documentation).
pub fn quote(text: &str) -> String {
    quote_within(text, QUOTE_CHARS)
}

/// A name as an error message quotes it: at most [`NAME_CHARS`] characters, so that a
/// message naming two of them stays short whatever the input.
pub fn quote_name(name: &str) -> String {
    quote_within(name, NAME_CHARS)
}

/// `text` quoted in at most `limit` characters, escapes and the `…` included.
fn quote_within(text: &str, limit: usize) -> String {
    let mut out = String::new();
    let mut shown = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let piece = match c {
            '\t' => "\\t".to_string(),
            '\r' => "\\r".to_string(),
            '\n' => "\\n".to_string(),
            ' ' => " ".to_string(),
            c if c.is_control() || c.is_whitespace() || is_invisible(c) => format!("\\u{{{:x}}}", u32::from(c)),
            c => c.to_string(),
        };
        let width = piece.chars().count();
        // The limit counts what is shown, escapes included; `…` says something was cut.
        if shown + width > limit || (shown + width == limit && chars.peek().is_some()) {
            out.push('…');
            break;
        }
        out += &piece;
        shown += width;
    }
    out
}

/// Characters that print as nothing (or as a space) and so hide in a quote.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{feff}' | '\u{ad}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_endings_and_the_byte_order_mark_are_normalized() {
        assert!(matches!(normalize("a\nb\n"), Cow::Borrowed("a\nb\n")));
        assert_eq!(normalize("\u{feff}a\r\nb\rc\r\n"), "a\nb\nc\n");
        assert_eq!(normalize("\u{feff}a"), "a");
        assert_eq!(normalize("a\nb\n\n\n"), "a\nb\n", "trailing blank lines go");
        assert!(matches!(normalize("a\n\n"), Cow::Borrowed("a\n")));
        assert_eq!(normalize("\u{feff}a\r\n\r\n \r\n"), "a\n");
        assert_eq!(normalize("a  \n\t\n"), "a  \n", "a line keeps its own spaces");
        assert_eq!(normalize("a"), "a");
        assert_eq!(normalize("\n\n"), "");
    }

    #[test]
    fn quotes_are_short_and_show_invisible_characters() {
        assert_eq!(quote("plain text"), "plain text");
        assert_eq!(quote("\u{feff}The\u{a0}first\tfloor\r"), "\\u{feff}The\\u{a0}first\\tfloor\\r");
        let long = "x".repeat(10_000_000);
        let quoted = quote(&long);
        assert_eq!(quoted.chars().count(), QUOTE_CHARS);
        assert!(quoted.ends_with('…'));
        let nuls = quote(&"\0".repeat(1000));
        assert!(nuls.chars().count() <= QUOTE_CHARS + 1 && nuls.ends_with('…'), "{nuls}");
        assert_eq!(quote(&"y".repeat(QUOTE_CHARS)), "y".repeat(QUOTE_CHARS), "exactly the limit is not cut");
        assert_eq!(quote("a\u{200b}b\u{7}"), "a\\u{200b}b\\u{7}");
        assert_eq!(quote_name(&long).chars().count(), NAME_CHARS);
        assert_eq!(quote_name("hydrogen"), "hydrogen");
    }
}
