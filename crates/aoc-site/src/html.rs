//! The site's HTML as the renderer and the verdict reader need it: tokens (text, opening
//! and closing tags), attribute values and entities. Text made safe for a terminal is
//! `aoc_workspace::terminal_safe`, shared with the runner.
//!
//! Advent of Code's pages use a dozen tags, always well nested, so a tokenizer of a page
//! is enough; a general HTML engine would double this binary's build for nothing. Comments
//! and the contents of `<script>` and `<style>` are dropped here, so nothing downstream can
//! mistake them for puzzle text.

/// One piece of a page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token<'a> {
    /// Text between tags, entities decoded.
    Text(String),
    /// `<name ...>`: the lower-case name and the whole tag text (for its attributes).
    Open(String, &'a str),
    /// `</name>`, lower-case.
    Close(String),
}

/// The most of a page that is read: a real puzzle page is about 20 KB, with a few hundred
/// tags nested a few deep. Beyond any of these a page is not a puzzle page (a proxy's
/// error, a truncated or hostile download), and the readers, some of whose rules compare a
/// page's pieces pairwise, must stay quick and shallow whatever arrives.
const MAX_BYTES: usize = 2 << 20;
const MAX_TAGS: usize = 20_000;
const MAX_DEPTH: usize = 64;

/// Elements that never hold anything, so never deepen the nesting.
const VOID: &[&str] = &["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"];

/// Why `html` is not read as a puzzle page (too large, too many tags, nested too deep), if
/// it is not: every reader then finds nothing in it, and the commands say this.
pub fn unreadable(html: &str) -> Option<String> {
    tokenize(html).err()
}

/// The tokens of `html`, in order; none for a page [`unreadable`] refuses. Text that is not
/// markup (a `<` without a tag name) is kept as text.
pub fn tokens(html: &str) -> Vec<Token<'_>> {
    tokenize(html).unwrap_or_default()
}

fn tokenize(html: &str) -> Result<Vec<Token<'_>>, String> {
    if html.len() > MAX_BYTES {
        return Err(format!("it is {} KB, more than the {} KB any puzzle page has", html.len() >> 10, MAX_BYTES >> 10));
    }
    let mut tokens = Vec::new();
    let (mut depth, mut tags) = (0usize, 0usize);
    let mut rest = html;
    let mut text = String::new();
    while let Some(open) = rest.find('<') {
        text.push_str(&rest[..open]);
        rest = &rest[open..];
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |end| &after[end + 3..]);
            continue;
        }
        // A lone `<` in text (the site writes `&lt;`, but be lenient); looked at before
        // searching for its `>`, so a page of `<`s is read in one pass.
        if !rest[1..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '/' || c == '!') {
            text.push('<');
            rest = &rest[1..];
            continue;
        }
        let Some(close) = rest.find('>') else { break };
        let tag = &rest[1..close];
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        rest = &rest[close + 1..];
        if !text.is_empty() {
            tokens.push(Token::Text(decode_entities(&std::mem::take(&mut text))));
        }
        if name.is_empty() {
            continue; // `<!DOCTYPE html>`
        }
        tags += 1;
        if tags > MAX_TAGS {
            return Err(format!("it has more than the {MAX_TAGS} tags any puzzle page has"));
        }
        if closing {
            depth = depth.saturating_sub(1);
            tokens.push(Token::Close(name));
        } else if name == "script" || name == "style" {
            rest = after_closing_tag(rest, &name);
        } else if tag.ends_with('/') || VOID.contains(&name.as_str()) {
            tokens.push(Token::Open(name.clone(), tag));
            tokens.push(Token::Close(name));
        } else {
            depth += 1;
            if depth > MAX_DEPTH {
                return Err(format!("its tags nest more than {MAX_DEPTH} deep, far deeper than any puzzle page"));
            }
            tokens.push(Token::Open(name, tag));
        }
    }
    text.push_str(rest);
    if !text.is_empty() {
        tokens.push(Token::Text(decode_entities(&text)));
    }
    Ok(tokens)
}

/// What follows `</name>` in `rest` (case ignored), or nothing if it is never closed.
fn after_closing_tag<'a>(rest: &'a str, name: &str) -> &'a str {
    let mut from = 0;
    while let Some(at) = rest[from..].find("</").map(|at| from + at) {
        let candidate = rest.as_bytes().get(at + 2..at + 2 + name.len());
        if candidate.is_some_and(|c| c.eq_ignore_ascii_case(name.as_bytes())) {
            return rest[at..].find('>').map_or("", |close| &rest[at + close + 1..]);
        }
        from = at + 2;
    }
    ""
}

impl Token<'_> {
    /// Whether this is `<name ...>`.
    pub fn is_open(&self, name: &str) -> bool {
        matches!(self, Token::Open(n, _) if n == name)
    }

    /// Whether this is `</name>`.
    pub fn is_close(&self, name: &str) -> bool {
        matches!(self, Token::Close(n) if n == name)
    }
}

/// Every element named `name` in `tokens`, at any depth, in page order: the tokens between
/// its opening and its closing tag (or the end).
pub fn elements<'t, 'a>(tokens: &'t [Token<'a>], name: &str) -> Vec<&'t [Token<'a>]> {
    let opens = tokens.iter().enumerate().filter(|(_, t)| t.is_open(name));
    opens.map(|(at, _)| &tokens[at + 1..closing(tokens, at, name)]).collect()
}

/// The index of the token that closes the `name` opened at `open` (or the end).
pub fn closing(tokens: &[Token<'_>], open: usize, name: &str) -> usize {
    let mut depth = 0;
    for (index, token) in tokens.iter().enumerate().skip(open) {
        match token {
            t if t.is_open(name) => depth += 1,
            t if t.is_close(name) => {
                depth -= 1;
                if depth == 0 {
                    return index;
                }
            }
            _ => {}
        }
    }
    tokens.len()
}

/// The text of `tokens`, tags dropped.
pub fn text_of(tokens: &[Token<'_>]) -> String {
    tokens.iter().filter_map(|t| if let Token::Text(s) = t { Some(s.as_str()) } else { None }).collect()
}

/// How many `<article>`s a page has: one per part the site shows. Counted on the markup, so
/// a script that holds the word is not taken for a part.
pub fn articles(html: &str) -> usize {
    tokens(html).iter().filter(|t| t.is_open("article")).count()
}

/// The value of attribute `name` in a tag's text (`href="..."` or `href='...'`).
pub fn attribute(tag: &str, name: &str) -> Option<String> {
    let mut rest = tag;
    loop {
        let at = rest.find(name)?;
        let before_ok = at == 0 || rest[..at].ends_with(|c: char| c.is_ascii_whitespace());
        let after = rest[at + name.len()..].trim_start();
        rest = &rest[at + name.len()..];
        let Some(value) = after.strip_prefix('=').map(str::trim_start).filter(|_| before_ok) else { continue };
        let quote = value.chars().next()?;
        return if quote == '"' || quote == '\'' {
            let value = &value[1..];
            Some(decode_entities(&value[..value.find(quote)?]))
        } else {
            let end = value.find(|c: char| c.is_ascii_whitespace() || c == '/').unwrap_or(value.len());
            Some(decode_entities(&value[..end]))
        };
    }
}

/// `&lt;` -> `<` and the other named entities the site uses, numeric ones included; an
/// `&` that starts no known entity stays as it is.
pub fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        // Bytes, not a string slice: the twelfth byte may fall inside a character.
        let semi = rest.as_bytes().iter().take(12).position(|&b| b == b';');
        let decoded = semi.and_then(|semi| Some((entity(&rest[1..semi])?, semi)));
        match decoded {
            Some((c, semi)) => {
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

fn entity(name: &str) -> Option<char> {
    Some(match name {
        "lt" => '<',
        "gt" => '>',
        "amp" => '&',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        "mdash" => '—',
        "ndash" => '–',
        "hellip" => '…',
        "times" => '×',
        "middot" => '·',
        "rarr" => '→',
        "larr" => '←',
        _ => {
            let number = match name.strip_prefix("#x").or_else(|| name.strip_prefix("#X")) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => name.strip_prefix('#')?.parse().ok()?,
            };
            char::from_u32(number)?
        }
    })
}

/// Whether a body the site sent for a puzzle input is an HTML page instead (a login page
/// served with 200, say). No puzzle input is a whole HTML document.
pub fn looks_like_html(body: &str) -> bool {
    let start: String = body.trim_start().chars().take(200).collect::<String>().to_ascii_lowercase();
    start.starts_with("<!doctype html") || start.starts_with("<html") || start.starts_with("<head")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_follow_the_markup_and_drop_comments_and_scripts() {
        let html = "<!DOCTYPE html><p class=\"x\">a &lt;b&gt; <!-- no --><em>c</em><br/>d</p><script>if (a<b) {}</script>e < f";
        let names: Vec<String> = tokens(html)
            .into_iter()
            .map(|t| match t {
                Token::Text(s) => format!("'{s}'"),
                Token::Open(n, _) => format!("<{n}>"),
                Token::Close(n) => format!("</{n}>"),
            })
            .collect();
        assert_eq!(
            names.join(""),
            "<p>'a <b> '<em>'c'</em><br></br>'d'</p>'e < f'",
            "comments and script bodies are dropped"
        );
    }

    #[test]
    fn tags_and_nesting_are_bounded_and_text_between_tags_is_not_counted() {
        assert_eq!(unreadable(&"<br>x".repeat(MAX_TAGS)), None, "text between tags is no tag");
        assert!(unreadable(&"<br>".repeat(MAX_TAGS + 1)).is_some_and(|why| why.contains("tags")));
        assert_eq!(unreadable(&"<b>".repeat(MAX_DEPTH)), None);
        assert!(unreadable(&"<b>".repeat(MAX_DEPTH + 1)).is_some_and(|why| why.contains("nest")));
    }

    #[test]
    fn attributes_are_read_with_either_quote() {
        assert_eq!(
            attribute("a href=\"/2016/day/11/input\" target=\"_blank\"", "href").as_deref(),
            Some("/2016/day/11/input")
        );
        assert_eq!(attribute("span title='Or &quot;did&quot; it?'", "title").as_deref(), Some("Or \"did\" it?"));
        assert_eq!(attribute("a data-href=\"x\" href=y", "href").as_deref(), Some("y"));
        assert_eq!(attribute("a", "href"), None);
    }

    #[test]
    fn entities_decode_and_stray_ampersands_stay() {
        assert_eq!(decode_entities("a &lt;&gt; &amp;&quot;&#39;&#x41;&#66; & b &bogus;"), "a <> &\"'AB & b &bogus;");
        assert_eq!(decode_entities("&#xZZ; &#99999999;"), "&#xZZ; &#99999999;");
    }

    #[test]
    fn html_documents_are_told_from_inputs() {
        assert!(looks_like_html("\n<!DOCTYPE html>\n<html lang=\"en-us\">"));
        assert!(looks_like_html("<HTML><body>log in</body></HTML>"));
        for input in ["<x=1, y=2>\n", "{<a>,<b>}\n", "^ENWWW$\n", "cpy 41 a\n"] {
            assert!(!looks_like_html(input), "{input}");
        }
    }
}
