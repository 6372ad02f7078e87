//! The hand-written comment and string blanker `cargo xtask remove` still reads Rust
//! with (its line-based reading goes when it moves to [`super::day_modules`] and the syn
//! reading); nothing else uses it.

/// `text` with its comments (`//` to the end of the line, `/* */` nested, doc comments
/// alike) and the contents of its string literals blanked out (their quotes kept), every
/// line kept where it was: a name in a string or a comment is no use of it.
pub fn code_without_comments_or_strings(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    // Comments become spaces (newlines stay), so the line structure is kept.
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < chars.len() {
        let next = chars.get(i + 1).copied();
        match (chars[i], next) {
            ('/', Some('/')) => {
                while i < chars.len() && chars[i] != '\n' {
                    out.push(' ');
                    i += 1;
                }
            }
            ('/', Some('*')) => {
                let mut depth = 0;
                while i < chars.len() {
                    match (chars[i], chars.get(i + 1).copied()) {
                        ('/', Some('*')) => {
                            depth += 1;
                            out.push_str("  ");
                            i += 2;
                        }
                        ('*', Some('/')) => {
                            depth -= 1;
                            out.push_str("  ");
                            i += 2;
                            if depth == 0 {
                                break;
                            }
                        }
                        (c, _) => {
                            out.push(blank(c));
                            i += 1;
                        }
                    }
                }
            }
            ('"', _) => {
                let from = out.len();
                i = copy_literal(&chars, i, &mut out);
                blank_inside(&mut out, from);
            }
            ('r', Some('"' | '#')) if !continues_identifier(&chars, i) => {
                let from = out.len();
                i = copy_raw_string(&chars, i, &mut out);
                blank_inside(&mut out, from);
            }
            ('\'', _) => i = copy_char_literal(&chars, i, &mut out),
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// Blanks what `out` holds after byte `from` but its first and last characters (a
/// literal's quotes), line breaks kept.
fn blank_inside(out: &mut String, from: usize) {
    let literal: Vec<char> = out[from..].chars().collect();
    let last = literal.len().saturating_sub(1);
    let blanked: String =
        literal.iter().enumerate().map(|(k, &c)| if k == 0 || k == last || c == '\n' { c } else { ' ' }).collect();
    out.truncate(from);
    out.push_str(&blanked);
}

/// Whether the character before `i` makes `chars[i]` part of an identifier (`for"` is no raw string).
fn continues_identifier(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// Copies the string literal opening at `start` (escapes honoured); the index after it.
fn copy_literal(chars: &[char], start: usize, out: &mut String) -> usize {
    out.push('"');
    let mut i = start + 1;
    while i < chars.len() {
        out.push(chars[i]);
        match chars[i] {
            '\\' if i + 1 < chars.len() => {
                out.push(chars[i + 1]);
                i += 2;
            }
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// Copies the raw string literal (`r"..."`, `r#"..."#`) opening at `start`, or just the `r`
/// when it is none (`r#type`); the index after what was copied.
fn copy_raw_string(chars: &[char], start: usize, out: &mut String) -> usize {
    let hashes = chars[start + 1..].iter().take_while(|&&c| c == '#').count();
    if chars.get(start + 1 + hashes) != Some(&'"') {
        out.push('r');
        return start + 1;
    }
    let body = start + 2 + hashes;
    let closing: Vec<char> = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
    let end =
        (body..chars.len()).find(|&j| chars[j..].starts_with(&closing)).map_or(chars.len(), |j| j + closing.len());
    out.extend(&chars[start..end]);
    end
}

/// Copies a character literal (`'"'`, `'\''`) opening at `start`, or the quote alone when it
/// opens a lifetime or label (`'a`); the index after what was copied.
fn copy_char_literal(chars: &[char], start: usize, out: &mut String) -> usize {
    let end = match (chars.get(start + 1), chars.get(start + 2)) {
        (Some('\\'), _) => (start + 2..chars.len()).find(|&j| chars[j] == '\'' && j > start + 2).map(|j| j + 1),
        (Some(_), Some('\'')) => Some(start + 3),
        _ => None,
    };
    let end = end.unwrap_or(start + 1);
    out.extend(&chars[start..end]);
    end
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
    }
}
