//! Which days a workspace has, read from the year crates' sources: each year crate's
//! `aoc_lib! { year = ... }` and its `#[aoc(dayN, partM[, name])]` attributes, comments left
//! out. The year crates' build scripts (crate `aoc-build`) read them so to write the `DAYS`
//! the runner links, and the tools ([`implemented_days`]: the xtask, the site client) so to
//! know the days without building anything, also while a day does not compile: one reading,
//! one answer everywhere.
//!
//! Conventions (kept by `cargo xtask scaffold`): day `N` of a year is the module
//! `crate::dayN` (`src/dayN.rs` or `src/dayN/mod.rs`) of the crate `crates/aoc<year>`.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::DayId;

/// One `#[aoc(dayN, partM[, name])]` solution.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Solution {
    /// The day of December.
    pub day: u8,
    /// 1 or 2.
    pub part: u8,
    /// The optional name of an alternative solution.
    pub name: Option<String>,
}

/// `aoc_lib! { year = 2016 }` -> 2016.
pub fn aoc_lib_year(line: &str) -> Option<u16> {
    let rest = line.strip_prefix("aoc_lib!")?;
    let rest = &rest[rest.find("year")? + 4..];
    let digits: String = rest.trim_start_matches([' ', '=']).chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// `text` with its comments (`//` to the end of the line, `/* */` nested, doc comments
/// alike) blanked out, every line kept where it was: an attribute inside a comment is no
/// solution. String and character literals are read past, so a `"/*"` in one opens nothing.
pub fn code_without_comments(text: &str) -> String {
    code(text, false)
}

/// [`code_without_comments`], the contents of string and character literals blanked too
/// (their quotes kept): a name in a string (`"use aoc2016::day11;"`) is no use of it.
pub fn code_without_comments_or_strings(text: &str) -> String {
    code(text, true)
}

fn code(text: &str, blank_literals: bool) -> String {
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
                if blank_literals {
                    blank_inside(&mut out, from);
                }
            }
            ('r', Some('"' | '#')) if !continues_identifier(&chars, i) => {
                let from = out.len();
                i = copy_raw_string(&chars, i, &mut out);
                if blank_literals {
                    blank_inside(&mut out, from);
                }
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

/// `#[aoc(day11, part1)]` / `#[aoc(day11, part2, fast)]` -> the solution.
pub fn aoc_attribute(line: &str) -> Option<Solution> {
    let inner = line.strip_prefix("#[aoc(")?.split(")]").next()?;
    let mut args = inner.split(',').map(str::trim);
    let day = args.next()?.strip_prefix("day")?.parse().ok()?;
    let part = args.next()?.strip_prefix("part")?.parse().ok().filter(|p| (1..=2).contains(p))?;
    let name = args.next().filter(|n| !n.is_empty()).map(str::to_string);
    Some(Solution { day, part, name })
}

/// What a year crate's sources declare: its year (`aoc_lib!`) and its `#[aoc]` solutions.
#[derive(Debug, Default)]
pub struct YearSources {
    /// The year its `aoc_lib!` names.
    pub year: Option<u16>,
    /// Its `#[aoc]` solutions, in order (not deduplicated: two solutions of a part with one
    /// name are an error the build names).
    pub solutions: Vec<Solution>,
    /// The newest source's modification time.
    pub newest: Option<SystemTime>,
}

/// Reads every `.rs` file below `crate_dir/src`.
pub fn read_year_crate(crate_dir: &Path) -> YearSources {
    let mut found = YearSources::default();
    for path in rust_files(&crate_dir.join("src")) {
        let Ok(text) = fs::read_to_string(&path) else { continue };
        if let Ok(modified) = fs::metadata(&path).and_then(|m| m.modified()) {
            found.newest = Some(found.newest.map_or(modified, |n| n.max(modified)));
        }
        for line in code_without_comments(&text).lines().map(str::trim) {
            found.year = found.year.or(aoc_lib_year(line));
            found.solutions.extend(aoc_attribute(line));
        }
    }
    // Not deduplicated: two solutions of a part with one name are an error `days_source` names.
    found.solutions.sort();
    found
}

/// Whether day `day`'s module file exists in `crate_dir` (`src/dayN.rs` or `src/dayN/mod.rs`).
pub fn module_exists(crate_dir: &Path, day: u8) -> bool {
    let src = crate_dir.join("src");
    src.join(format!("day{day}.rs")).is_file() || src.join(format!("day{day}/mod.rs")).is_file()
}

/// Every implemented day of the workspace at `root`, as `(year, day)` in order, read from the
/// year crates' sources exactly as their build scripts read them (the days the runner
/// links), without building anything: so the xtask knows them while a day does not compile.
pub fn implemented_days(root: &Path) -> Vec<DayId> {
    let mut days = Vec::new();
    let Ok(entries) = fs::read_dir(root.join("crates")) else { return days };
    for entry in entries.flatten() {
        let dir = entry.path();
        let named_year = entry.file_name().to_str().and_then(|n| n.strip_prefix("aoc")?.parse::<u16>().ok());
        if named_year.is_none() {
            continue;
        }
        let sources = read_year_crate(&dir);
        let Some(year) = sources.year else { continue };
        days.extend(
            sources.solutions.iter().map(|s| s.day).filter(|&d| module_exists(&dir, d)).map(|day| DayId { year, day }),
        );
    }
    days.sort_unstable();
    days.dedup();
    days
}

/// Every `.rs` file below `dir`, sorted.
pub(crate) fn rust_files(dir: &Path) -> Vec<PathBuf> {
    fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                collect(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    collect(dir, &mut files);
    files.sort();
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solution(day: u8, part: u8, name: Option<&str>) -> Solution {
        Solution { day, part, name: name.map(str::to_string) }
    }

    #[test]
    fn strings_can_be_blanked_with_the_comments() {
        let text = "let a = \"use aoc2016::day11;\"; // aoc2016\nlet b = r#\"x\ny\"#; use aoc2016::day11;\n";
        let code = code_without_comments_or_strings(text);
        assert_eq!(code.lines().count(), 3, "line breaks kept");
        assert_eq!(code.matches("aoc2016").count(), 1, "{code}");
        assert!(code.ends_with("use aoc2016::day11;\n"), "{code}");
        assert!(code_without_comments(text).contains("\"use aoc2016::day11;\""));
    }

    #[test]
    fn attributes_and_years_are_read() {
        assert_eq!(aoc_lib_year("aoc_lib! { year = 2016 }"), Some(2016));
        assert_eq!(aoc_lib_year("aoc_lib!{year=2021}"), Some(2021));
        assert_eq!(aoc_lib_year("use aoc_runner_derive::aoc_lib;"), None);
        assert_eq!(aoc_attribute("#[aoc(day11, part1)]"), Some(solution(11, 1, None)));
        assert_eq!(aoc_attribute("#[aoc(day3, part2, Fast)]"), Some(solution(3, 2, Some("Fast"))));
        assert_eq!(aoc_attribute("#[aoc(day3, part3)]"), None);
        assert_eq!(aoc_attribute("#[aoc_generator(day3)]"), None);
    }

    /// A year crate folder under `root/crates/<name>` with the given source files.
    fn year_crate_at(root: &Path, name: &str, files: &[(&str, &str)]) {
        for (path, text) in files {
            let path = root.join("crates").join(name).join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
    }

    #[test]
    fn the_implemented_days_are_read_as_the_build_scripts_read_them() {
        let dir = std::env::temp_dir().join(format!("aoc-build-days-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let lib = |year: u16| format!("aoc_lib! {{ year = {year} }}\n");
        year_crate_at(
            &dir,
            "aoc2016",
            &[
                ("src/lib.rs", &lib(2016)),
                ("src/day11/mod.rs", "#[aoc(day11, part1)]\nfn a() {}\n#[aoc(day11, part2)]\nfn b() {}\n"),
                ("src/day3.rs", "#[aoc(day3, part1)]\nfn a() {}\n"),
                // Solutions without a module of their own are a build error, not a day.
                ("src/other.rs", "#[aoc(day4, part1)]\nfn a() {}\n// #[aoc(day5, part1)]\n"),
                // A day kept in a block comment is no day (the build once looked for its trait).
                ("src/day6.rs", "/*\n#[aoc(day6, part2, old)]\nfn old() {}\n*/\n"),
            ],
        );
        year_crate_at(
            &dir,
            "aoc2015",
            &[("src/lib.rs", &lib(2015)), ("src/day1.rs", "#[aoc(day1, part2)]\nfn a() {}\n")],
        );
        year_crate_at(&dir, "search-core", &[("src/day2.rs", "#[aoc(day2, part1)]\nfn a() {}\n")]);
        let ids: Vec<String> = implemented_days(&dir).iter().map(DayId::to_string).collect();
        assert_eq!(ids, ["2015-1", "2016-3", "2016-11"]);
        let sources = read_year_crate(&dir.join("crates/aoc2016"));
        assert!(!sources.solutions.iter().any(|s| s.day == 6), "{:?}", sources.solutions);
        assert!(implemented_days(&dir.join("nowhere")).is_empty());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn attributes_in_comments_are_no_solutions() {
        let source = "#[aoc(day2, part1)]\nfn a() {}\n/* the old one:\n#[aoc(day2, part2, old)]\n/* nested */ #[aoc(day2, part2, older)]\n*/\n/// #[aoc(day2, part2, doc)]\n// #[aoc(day2, part2, line)]\nconst S: &str = \"/*\";\n#[aoc(day2, part2)]\nfn b() {}\n";
        let code = code_without_comments(source);
        assert_eq!(code.lines().count(), source.lines().count(), "lines stay where they were");
        let found: Vec<Solution> = code.lines().map(str::trim).filter_map(aoc_attribute).collect();
        let want = [(2, 1), (2, 2)].map(|(day, part)| Solution { day, part, name: None });
        assert_eq!(found, want, "{code}");
        // A comment opener inside a string, a raw string or a character is text, not a comment.
        let tricky =
            "let a = r#\"/* x\"#; let b = '\"'; let c = '\\''; fn f<'a>(x: &'a str) {}\n#[aoc(day3, part1, fast)]\n";
        let found: Vec<Solution> =
            code_without_comments(tricky).lines().map(str::trim).filter_map(aoc_attribute).collect();
        assert_eq!(found, [Solution { day: 3, part: 1, name: Some("fast".into()) }]);
    }
}
