//! A puzzle page as terminal text or Markdown (`cargo xtask read`).
//!
//! What is rendered, in page order: each `<article>` (part 1, then part 2 once unlocked)
//! and each "Your puzzle answer was" paragraph after it. Inside, the site's markup:
//! headings, paragraphs, lists (nested too), `<pre><code>` blocks, inline `<code>`,
//! `<em>`, links and `<span title>` (the hover jokes).
//!
//! Emphasis is where the site puts the numbers that matter, also inside code. Inside a
//! code block it cannot be shown (neither a terminal nor Markdown has bold code lines), so
//! the block is kept verbatim; inline code with emphasis becomes emphasised code
//! (`` *`42`* `` in Markdown), never stars inside the code.

use aoc_workspace::terminal_safe;

use crate::html::{attribute, closing, elements, text_of, tokens, Token};

/// The site every relative link points into.
const SITE: &str = "https://adventofcode.com";

/// The puzzle text of `html` as terminal text (wrapped to 80 columns) or Markdown.
/// `page_path` (`/2016/day/11`) resolves relative links.
pub fn render(html: &str, markdown: bool, page_path: &str) -> String {
    let mut out = Renderer { markdown, page_path, ..Renderer::default() };
    let mut answers = 0;
    let tokens = tokens(html);
    let mut at = 0;
    while at < tokens.len() {
        match &tokens[at] {
            Token::Open(name, _) if name == "article" => {
                let end = closing(&tokens, at, "article");
                out.fragment(&tokens[at + 1..end]);
                at = end;
            }
            Token::Open(name, _) if name == "p" => {
                let end = closing(&tokens, at, "p");
                if let Some(answer) = shown_answer(&tokens[at + 1..end]) {
                    answers += 1;
                    out.answer(answers, &answer);
                }
                at = end;
            }
            _ => at += 1,
        }
    }
    terminal_safe(out.text.trim_end()) + "\n"
}

/// The answer a paragraph shows for a solved part, if it is one: "Your puzzle answer was
/// <code>31</code>."
pub fn shown_answer(paragraph: &[Token<'_>]) -> Option<String> {
    let shows = text_of(paragraph).trim_start().starts_with("Your puzzle answer was");
    shows.then(|| Some(text_of(elements(paragraph, "code").first()?).trim().to_string())).flatten()
}

/// Inline code being collected: its text, and whether emphasis was inside.
#[derive(Default)]
struct Code {
    text: String,
    emphasised: bool,
}

#[derive(Default)]
struct Renderer<'p> {
    markdown: bool,
    page_path: &'p str,
    /// Finished blocks.
    text: String,
    /// The paragraph (or heading, or list item) being collected, with inline markup.
    line: String,
    /// The prefix of the line being collected (a list bullet).
    prefix: String,
    /// Nesting of `<ul>`.
    lists: usize,
    /// The text of a `<pre>` block being collected.
    pre: Option<String>,
    code: Option<Code>,
    /// Open links: their target and where their text starts in `line`.
    links: Vec<(Option<String>, usize)>,
    /// Open spans: whether each had a title (and so wrote a tag to close).
    spans: Vec<bool>,
    /// Whether the last thing written to `line` is an opening star.
    emphasis_opened: bool,
}

impl<'p> Renderer<'p> {
    fn fragment(&mut self, tokens: &[Token<'_>]) {
        for token in tokens {
            match token {
                Token::Text(text) => self.text_run(text),
                Token::Open(name, tag) => self.open(name, tag),
                Token::Close(name) => self.close(name),
            }
        }
        self.flush();
    }

    /// "Your puzzle answer was <code>31</code>." after the part it answers.
    fn answer(&mut self, part: usize, answer: &str) {
        let answer = if self.markdown { code_span(answer) } else { answer.to_string() };
        self.text += &format!("Your part {part} answer was {answer}.\n\n");
    }

    fn text_run(&mut self, text: &str) {
        if let Some(pre) = &mut self.pre {
            pre.push_str(text);
        } else if let Some(code) = &mut self.code {
            code.text.push_str(text);
        } else {
            let mut text = text;
            // `<em> spaced</em>`: the space goes before the star, where Markdown needs it.
            if std::mem::take(&mut self.emphasis_opened) && text.starts_with(char::is_whitespace) {
                self.line.pop();
                self.line += " *";
                text = text.trim_start();
            }
            self.line += &if self.markdown { escape_markdown(text) } else { text.to_string() };
        }
    }

    fn open(&mut self, name: &str, tag: &str) {
        self.emphasis_opened = false;
        match name {
            "h2" | "p" => self.flush(),
            "ul" | "ol" => {
                self.flush();
                self.lists += 1;
            }
            "li" => {
                self.flush();
                let indent = "  ".repeat(self.lists.saturating_sub(1));
                self.prefix = if self.markdown { format!("{indent}- ") } else { format!("  {indent}- ") };
            }
            "pre" => {
                self.flush();
                self.pre = Some(String::new());
            }
            "code" if self.pre.is_none() => self.code = Some(Code::default()),
            "em" => self.emphasis(true),
            "a" => {
                let href = attribute(tag, "href").map(|h| self.absolute(&h));
                if self.markdown && href.is_some() {
                    self.line.push('[');
                }
                self.links.push((href, self.line.len()));
            }
            "span" => {
                let title = attribute(tag, "title").filter(|_| self.markdown && self.pre.is_none());
                if let Some(title) = &title {
                    self.line += &format!("<span title=\"{}\">", title.replace('&', "&amp;").replace('"', "&quot;"));
                }
                self.spans.push(title.is_some());
            }
            "br" => self.line.push(' '),
            _ => {}
        }
    }

    fn close(&mut self, name: &str) {
        self.emphasis_opened = false;
        match name {
            "h2" => self.heading(),
            "p" => {
                self.flush();
                self.text.push('\n');
            }
            "li" => self.flush(),
            "ul" | "ol" => {
                self.flush();
                self.lists = self.lists.saturating_sub(1);
                if self.lists == 0 {
                    self.text.push('\n');
                }
            }
            "pre" => self.code_block(),
            "code" if self.pre.is_none() => {
                if let Some(code) = self.code.take() {
                    self.line += &self.inline_code(&code);
                }
            }
            "em" => self.emphasis(false),
            "a" => {
                let Some((href, start)) = self.links.pop() else { return };
                let Some(href) = href else { return };
                if self.markdown {
                    self.line += &format!("]({href})");
                } else if self.line.get(start..).is_some_and(|shown| shown.trim() != href) {
                    self.line += &format!(" <{href}>");
                }
            }
            // Popped whatever it was: a span with a title wrote a tag to close.
            "span" if self.spans.pop() == Some(true) => self.line += "</span>",
            _ => {}
        }
    }

    /// `<em>` and `</em>`: a star in running text, a mark on inline code, nothing in a code
    /// block.
    fn emphasis(&mut self, opening: bool) {
        if self.pre.is_some() {
        } else if let Some(code) = &mut self.code {
            code.emphasised = true;
        } else if opening {
            self.line.push('*');
            self.emphasis_opened = true;
        } else {
            // `spaced </em>`: the space goes after the star.
            let spaced = self.line.ends_with(char::is_whitespace);
            self.line.truncate(self.line.trim_end().len());
            self.line.push('*');
            if spaced {
                self.line.push(' ');
            }
        }
    }

    fn inline_code(&self, code: &Code) -> String {
        let shown = if self.markdown { code_span(&code.text) } else { code.text.clone() };
        if code.emphasised {
            format!("*{shown}*")
        } else {
            shown
        }
    }

    fn heading(&mut self) {
        let title = collapse(&self.line).trim_matches(|c: char| c == '-' || c.is_whitespace()).to_string();
        self.line.clear();
        self.text += &if self.markdown {
            format!("## {title}\n\n")
        } else {
            format!("{title}\n{}\n\n", "=".repeat(title.chars().count()))
        };
    }

    fn code_block(&mut self) {
        let Some(block) = self.pre.take() else { return };
        let block = block.trim_end_matches('\n');
        if self.markdown {
            let fence = if block.contains("```") { "~~~~" } else { "```" };
            self.text += &format!("{fence}\n{block}\n{fence}\n\n");
        } else {
            self.text += &format!("{block}\n\n");
        }
    }

    /// Ends the line being collected: wrapped (terminal) or as one line (Markdown).
    fn flush(&mut self) {
        let line = collapse(&self.line);
        if !line.is_empty() {
            let width = if self.markdown { usize::MAX } else { 80 };
            self.text += &wrap(&line, &self.prefix, width);
            self.text.push('\n');
        }
        self.line.clear();
        self.prefix.clear();
    }

    /// A link as the site writes it (`/2016/day/11/input`, `11/input`), made absolute.
    fn absolute(&self, href: &str) -> String {
        if href.contains("://") || href.starts_with("mailto:") || href.starts_with('#') {
            href.to_string()
        } else if href.starts_with('/') {
            format!("{SITE}{href}")
        } else {
            let folder = self.page_path.rsplit_once('/').map_or("", |(folder, _)| folder);
            format!("{SITE}{folder}/{href}")
        }
    }
}

/// Runs of white space as one space, trimmed.
fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` as a Markdown code span: enough backticks that none inside ends it.
fn code_span(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let ticks = "`".repeat(longest + 1);
    let pad = if text.starts_with('`') || text.ends_with('`') { " " } else { "" };
    format!("{ticks}{pad}{text}{pad}{ticks}")
}

/// Text with the characters Markdown would read as markup escaped.
fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '#' | '|') {
            out.push('\\');
        }
        out.push(c);
    }
    out
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

#[cfg(test)]
mod tests;
