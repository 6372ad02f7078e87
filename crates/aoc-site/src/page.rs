//! The puzzle page: cached under `inputs/` (git-ignored), read for the answers the site
//! shows for solved parts ("Your puzzle answer was <code>…</code>"), and rendered as
//! terminal text or Markdown for `cargo xtask read`.
//!
//! Advent of Code's puzzle text uses a dozen tags (`article`, `h2`, `p`, `em`, `code`,
//! `pre`, `ul`/`li`, `a`, `span`), so a small converter for exactly those does the job; a
//! general HTML engine would double the xtask's build for nothing.

use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result};
use aoc_workspace::answers::Answers;
use aoc_workspace::inputs::{answers_path, puzzle_page_path, shown};
use aoc_workspace::DayId;

use crate::fetch::{save_atomically, Fetcher};

/// The answers the page shows for solved parts, part 1 first.
pub fn shown_answers(html: &str) -> Vec<String> {
    const MARK: &str = "Your puzzle answer was";
    let mut answers = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find(MARK) {
        rest = &rest[at + MARK.len()..];
        let Some(open) = rest.find("<code>") else { break };
        let after = &rest[open + "<code>".len()..];
        let Some(close) = after.find("</code>") else { break };
        answers.push(decode_entities(&after[..close]).trim().to_string());
        rest = &after[close..];
    }
    answers
}

/// Whether `id`'s page should be downloaded: not cached, or some part's accepted answer is
/// not recorded yet (day 25 has one part to solve).
pub fn wanted(root: &Path, id: DayId) -> Result<bool> {
    if !puzzle_page_path(root, id).exists() {
        return Ok(true);
    }
    let answers = Answers::load(&answers_path(root, id))?;
    let parts = if id.day == 25 { 1 } else { 2 };
    Ok((1..=parts).any(|part| answers.accepted(part).is_none()))
}

/// Downloads `id`'s page, caches it, and records the answers it shows. Says what it did on
/// stdout.
pub fn refresh(fetcher: &Fetcher, root: &Path, id: DayId, log: &mut dyn Write) -> Result<Vec<(u8, String)>> {
    let html = fetcher.page(id, log)?;
    let path = puzzle_page_path(root, id);
    save_atomically(&path, &html).with_context(|| format!("cannot save {}", path.display()))?;
    let recorded = record_shown_answers(root, id, &html)?;
    let shown = shown(root, &path);
    if recorded.is_empty() {
        println!("{id}: puzzle page saved to {shown}");
    } else {
        let list: Vec<String> = recorded.iter().map(|(part, answer)| format!("part {part} = {answer}")).collect();
        println!("{id}: puzzle page saved to {shown}; recorded the site's answers: {}", list.join(", "));
    }
    Ok(recorded)
}

/// Records the answers `html` shows that the answers file does not have yet.
pub fn record_shown_answers(root: &Path, id: DayId, html: &str) -> Result<Vec<(u8, String)>> {
    let path = answers_path(root, id);
    let mut answers = Answers::load(&path)?;
    let mut recorded = Vec::new();
    for (index, answer) in shown_answers(html).into_iter().take(2).enumerate() {
        let part = index as u8 + 1;
        if answers.accepted(part) != Some(answer.as_str()) {
            answers.record_accepted(part, &answer);
            recorded.push((part, answer));
        }
    }
    if !recorded.is_empty() {
        answers.save(&path, &format!("{} day {}", id.year, id.day))?;
    }
    Ok(recorded)
}

/// The puzzle text of `html` (its `<article>`s), as terminal text or Markdown.
pub fn render(html: &str, markdown: bool) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(start) = rest.find("<article") {
        let body = &rest[start..];
        let end = body.find("</article>").map_or(body.len(), |e| e + "</article>".len());
        out += &render_fragment(&body[..end], markdown);
        rest = &body[end..];
    }
    for (index, answer) in shown_answers(html).iter().enumerate() {
        out += &format!(
            "Your part {} answer was {}.\n\n",
            index + 1,
            if markdown { format!("`{answer}`") } else { answer.clone() }
        );
    }
    out.trim_end().to_string() + "\n"
}

/// The conversion proper: walks tags and text, keeping paragraphs, lists and code blocks.
fn render_fragment(html: &str, markdown: bool) -> String {
    let mut out = String::new();
    let mut line = String::new(); // the current paragraph's text
    let mut in_pre = false;
    let mut link: Option<String> = None;
    let mut rest = html;
    let flush = |out: &mut String, line: &mut String, prefix: &str| {
        let text = line.split_whitespace().collect::<Vec<_>>().join(" ");
        if !text.is_empty() {
            out.push_str(&wrap(&text, prefix, if markdown { usize::MAX } else { 80 }));
            out.push('\n');
        }
        line.clear();
    };
    let mut prefix = "";
    while !rest.is_empty() {
        let Some(open) = rest.find('<') else {
            line.push_str(&decode_entities(rest));
            break;
        };
        let text = decode_entities(&rest[..open]);
        if in_pre {
            out.push_str(&text);
        } else {
            line.push_str(&text);
        }
        let Some(close) = rest[open..].find('>').map(|c| open + c) else { break };
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        match (name.as_str(), closing) {
            ("h2", false) => flush(&mut out, &mut line, ""),
            ("h2", true) => {
                let title = line.trim().trim_matches('-').trim().to_string();
                line.clear();
                out += &if markdown {
                    format!("## {title}\n\n")
                } else {
                    format!("{title}\n{}\n\n", "=".repeat(title.chars().count()))
                };
            }
            ("p", true) => {
                flush(&mut out, &mut line, "");
                out.push('\n');
            }
            ("li", false) => {
                flush(&mut out, &mut line, prefix);
                prefix = "  - ";
            }
            ("ul", true) => {
                flush(&mut out, &mut line, prefix);
                prefix = "";
                out.push('\n');
            }
            ("pre", false) => {
                flush(&mut out, &mut line, prefix);
                in_pre = true;
                if markdown {
                    out += "```\n";
                }
            }
            ("pre", true) => {
                in_pre = false;
                if !out.ends_with('\n') {
                    out.push('\n');
                }
                if markdown {
                    out += "```\n";
                }
                out.push('\n');
            }
            ("code", _) if !in_pre && markdown => line.push('`'),
            ("em", _) => line.push('*'),
            ("a", false) => {
                link = attribute(tag, "href");
                if markdown && link.is_some() {
                    line.push('[');
                }
            }
            ("a", true) => {
                if let (true, Some(href)) = (markdown, link.take()) {
                    line += &format!("]({href})");
                }
            }
            _ => {}
        }
    }
    flush(&mut out, &mut line, prefix);
    out
}

/// The value of `name="..."` in a tag.
fn attribute(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!("{name}=\""))? + name.len() + 2;
    let end = tag[start..].find('"')? + start;
    Some(decode_entities(&tag[start..end]))
}

/// Word-wraps `text` to `width` columns, `prefix` before the first line and as much space
/// before the others.
fn wrap(text: &str, prefix: &str, width: usize) -> String {
    let indent = " ".repeat(prefix.chars().count());
    let mut lines = vec![prefix.to_string()];
    let mut first = true;
    for word in text.split(' ') {
        let Some(current) = lines.last_mut() else { break };
        if first {
            current.push_str(word);
            first = false;
        } else if current.chars().count() + 1 + word.chars().count() <= width {
            current.push(' ');
            current.push_str(word);
        } else {
            lines.push(format!("{indent}{word}"));
        }
    }
    lines.join("\n")
}

/// `&lt;` -> `<` and the other entities the site uses, numeric ones included.
pub fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let Some(semi) = rest[..rest.len().min(12)].find(';') else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..semi];
        let decoded = match entity {
            "lt" => Some('<'),
            "gt" => Some('>'),
            "amp" => Some('&'),
            "quot" => Some('"'),
            "apos" | "#39" => Some('\''),
            "nbsp" => Some(' '),
            _ => entity
                .strip_prefix("#x")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out + rest
}

/// `cargo xtask read`: the cached page, downloaded (with the answers it shows recorded)
/// when there is none yet.
pub fn read_command(root: &Path, id: DayId, markdown: bool) -> Result<()> {
    let path = puzzle_page_path(root, id);
    if !path.exists() {
        let fetcher = Fetcher::from_environment(root)?;
        refresh(&fetcher, root, id, &mut std::io::stderr())?;
    }
    let html = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    print!("{}", render(&html, markdown));
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests;
