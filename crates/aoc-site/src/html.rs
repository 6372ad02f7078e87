//! The site's HTML as the renderer and the verdict reader need it: tokens (text, opening
//! and closing tags), attribute values and entities. Text made safe for a terminal is
//! `aoc_workspace::text::terminal_safe`, shared with the runner.
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

/// The tokens of `html`, in order. Text that is not markup (a `<` without a tag name) is
/// kept as text.
pub fn tokens(html: &str) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let mut rest = html;
    let mut text = String::new();
    while let Some(open) = rest.find('<') {
        text.push_str(&rest[..open]);
        rest = &rest[open..];
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |end| &after[end + 3..]);
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
        if name.is_empty() && !tag.starts_with('!') {
            // A lone `<` in text (the site writes `&lt;`, but be lenient).
            text.push('<');
            rest = &rest[1..];
            continue;
        }
        rest = &rest[close + 1..];
        if !text.is_empty() {
            tokens.push(Token::Text(decode_entities(&std::mem::take(&mut text))));
        }
        if name.is_empty() {
            continue; // `<!DOCTYPE html>`
        }
        if closing {
            tokens.push(Token::Close(name));
        } else if name == "script" || name == "style" {
            let end = format!("</{name}");
            let after_end =
                rest.to_ascii_lowercase().find(&end).and_then(|at| rest[at..].find('>').map(|c| at + c + 1));
            rest = after_end.map_or("", |at| &rest[at..]);
        } else {
            let self_closing = tag.ends_with('/');
            tokens.push(Token::Open(name.clone(), tag));
            if self_closing {
                tokens.push(Token::Close(name));
            }
        }
    }
    text.push_str(rest);
    if !text.is_empty() {
        tokens.push(Token::Text(decode_entities(&text)));
    }
    tokens
}

/// The index of the token that closes the `name` opened at `open` (or the end).
pub fn closing(tokens: &[Token<'_>], open: usize, name: &str) -> usize {
    let mut depth = 0;
    for (index, token) in tokens.iter().enumerate().skip(open) {
        match token {
            Token::Open(n, _) if n == name => depth += 1,
            Token::Close(n) if n == name => {
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
    tokens(html).iter().filter(|t| matches!(t, Token::Open(name, _) if name == "article")).count()
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
        let decoded = rest[..rest.len().min(12)].find(';').and_then(|semi| Some((entity(&rest[1..semi])?, semi)));
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
