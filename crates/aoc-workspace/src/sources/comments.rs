//! The code of a Rust file as text, its comments and the contents of its string literals
//! blanked out, each token on its line: what `cargo xtask remove` still reads with line
//! patterns until it moves to [`super::day_modules`]. The tokens are the compiler's
//! (`proc_macro2`'s lexer); nothing else uses this.

use proc_macro2::{Delimiter, LineColumn, TokenStream, TokenTree};

/// `text` with its comments (doc comments alike) and the contents of its string literals
/// blanked out (their quotes kept), every token on the line where it was: a name in a
/// string or a comment is no use of it. Text that does not lex (an unclosed delimiter) is
/// returned whole: a name too many is the safe side for its reader.
pub fn code_without_comments_or_strings(text: &str) -> String {
    let Ok(tokens) = text.parse::<TokenStream>() else { return text.to_string() };
    let mut lines = vec![String::new(); text.lines().count().max(1)];
    place(tokens, &mut lines);
    lines.join("\n") + if text.ends_with('\n') { "\n" } else { "" }
}

fn place(tokens: TokenStream, lines: &mut [String]) {
    for tree in tokens {
        match tree {
            TokenTree::Group(group) => {
                let (open, close) = match group.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::None => ("", ""),
                };
                put(lines, group.span_open().start(), open);
                place(group.stream(), lines);
                put(lines, group.span_close().start(), close);
            }
            TokenTree::Literal(literal) => {
                let shown = literal.to_string();
                // A string's prefix (`r#`, `b`) and quotes stay; a character stays whole.
                let blanked = match shown.find('"').filter(|_| !shown.ends_with('\'')) {
                    Some(quote) => format!("{}\"\"", &shown[..quote]),
                    None => shown,
                };
                put(lines, literal.span().start(), &blanked);
            }
            other => put(lines, other.span().start(), &other.to_string()),
        }
    }
}

/// Writes `token` into its line at its column (after what the line holds, if further).
fn put(lines: &mut [String], at: LineColumn, token: &str) {
    let Some(line) = at.line.checked_sub(1).and_then(|l| lines.get_mut(l)) else { return };
    let width = line.chars().count();
    line.extend(std::iter::repeat_n(' ', at.column.saturating_sub(width)));
    line.push_str(token);
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_strings_are_blanked_lines_kept() {
        let text = "let a = \"use aoc2016::day11;\"; // aoc2016\nlet b = r#\"x\ny\"#; use aoc2016::day11;\n/* aoc2016 /* nested */ */ let c = '\"';\n";
        let code = code_without_comments_or_strings(text);
        assert_eq!(code.lines().count(), 4, "line breaks kept");
        assert_eq!(code.matches("aoc2016").count(), 1, "{code}");
        assert!(code.contains("use aoc2016::day11;\n"), "{code}");
        let doc = "/// see aoc2016::day11\nfn f<'a>(x: &'a str) -> char { '\"' }\n";
        assert!(!code_without_comments_or_strings(doc).contains("aoc2016"), "a doc comment is a comment");
        assert_eq!(code_without_comments_or_strings("fn f( {\n"), "fn f( {\n", "what does not lex stays whole");
    }
}
