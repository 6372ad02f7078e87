//! The page as a tree of elements, the way aocd's `Page` (BeautifulSoup) sees it: the
//! locators ask for "the text of every `<code>` of part 1", "the codes of the third list
//! item", so they need nesting, which the rule's flat tokens do not keep.
//!
//! The tree is built as Python's `html.parser` builds one (the reading `tests/corpus/
//! truth.py` uses): a closing tag closes the nearest open element of its name and every
//! element opened inside it; one with no open element of its name is ignored.

use crate::html::{tokens, Token};

/// Elements that never hold anything (`<br>`): they close themselves.
const VOID: [&str; 7] = ["br", "img", "hr", "input", "meta", "link", "wbr"];

#[derive(Debug)]
pub(super) enum Node {
    Text(String),
    Element(Element),
}

#[derive(Debug)]
pub(super) struct Element {
    pub(super) name: String,
    pub(super) children: Vec<Node>,
}

impl Element {
    fn new(name: &str) -> Element {
        Element { name: name.to_string(), children: Vec::new() }
    }

    /// Its text: every text inside it, in order, tags dropped.
    pub(super) fn text(&self) -> String {
        let mut out = String::new();
        self.push_text(&mut out);
        out
    }

    fn push_text(&self, out: &mut String) {
        for child in &self.children {
            match child {
                Node::Text(text) => out.push_str(text),
                Node::Element(element) => element.push_text(out),
            }
        }
    }

    /// Every element named `name` inside it, at any depth, in page order.
    pub(super) fn find_all(&self, name: &str) -> Vec<&Element> {
        let mut found = Vec::new();
        self.push_all(name, &mut found);
        found
    }

    fn push_all<'e>(&'e self, name: &str, found: &mut Vec<&'e Element>) {
        for child in &self.children {
            if let Node::Element(element) = child {
                if element.name == name {
                    found.push(element);
                }
                element.push_all(name, found);
            }
        }
    }
}

/// The tree of `html`, under a root element named `document`.
pub(super) fn parse(html: &str) -> Element {
    let mut open = vec![Element::new("document")];
    for token in tokens(html) {
        match token {
            Token::Text(text) => push(&mut open, Node::Text(text)),
            Token::Open(name, _) if VOID.contains(&name.as_str()) => {
                push(&mut open, Node::Element(Element::new(&name)))
            }
            Token::Open(name, _) => open.push(Element::new(&name)),
            Token::Close(name) => {
                // The root (at 0) is never closed.
                if let Some(at) = open.iter().rposition(|e| e.name == name).filter(|&at| at > 0) {
                    while open.len() > at {
                        close_last(&mut open);
                    }
                }
            }
        }
    }
    while open.len() > 1 {
        close_last(&mut open);
    }
    open.pop().unwrap_or_else(|| Element::new("document"))
}

fn push(open: &mut [Element], node: Node) {
    if let Some(last) = open.last_mut() {
        last.children.push(node);
    }
}

fn close_last(open: &mut Vec<Element>) {
    if let Some(element) = open.pop() {
        push(open, Node::Element(element));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_text_and_unmatched_closing_tags() {
        let root = parse("<article><p>a <code>1<em>2</em></code></i><br>b</p><li><code>x</code></li></article>");
        let article = root.find_all("article");
        assert_eq!(article.len(), 1);
        assert_eq!(article[0].text(), "a 12bx");
        let codes: Vec<String> = root.find_all("code").iter().map(|c| c.text()).collect();
        assert_eq!(codes, ["12", "x"]);
        assert_eq!(root.find_all("li")[0].text(), "x");
    }

    #[test]
    fn an_unclosed_element_ends_with_the_page() {
        let root = parse("<article><pre>1\n2");
        assert_eq!(root.find_all("pre")[0].text(), "1\n2");
    }
}
