//! The statement reference: one table (`table::ENTRIES`) that says, for every statement,
//! function and operator, its syntax, what gwrun does, the errors it raises (each with a
//! program that raises it, run by a test, so the list cannot drift from the interpreter,
//! whose rules come from the real-GW models and Microsoft's source) and where gwrun or
//! PC-BASIC 2.0.8 differ from GW-BASIC 3.23. `gwrun help [KEYWORD]`, the manual page and
//! docs/compatibility.md are all rendered from it here, so they cannot disagree; a test
//! checks that every word of the keyword table (`text::token`) has an entry and that
//! docs/compatibility.md is what `render_markdown` writes.

mod doc;
mod table;

use crate::error::ErrorCode;
pub use doc::render_markdown;

/// What sort of word an entry describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Used in a program line or typed at `Ok`.
    Statement,
    /// Program management, mostly typed at `Ok` (LIST, RUN, LOAD ...).
    Command,
    /// Gives a value in an expression.
    Function,
    /// Joins values in an expression.
    Operator,
}

impl Kind {
    /// The kind's name as the reference prints it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Statement => "statement",
            Kind::Command => "command",
            Kind::Function => "function",
            Kind::Operator => "operator",
        }
    }
}

/// An error an entry's keyword raises, when, and a program that raises it.
#[derive(Debug, Clone, Copy)]
pub struct Raises {
    pub error: ErrorCode,
    pub when: &'static str,
    /// Program lines (without numbers; `\n` between them) whose run ends with `error`.
    pub example: &'static str,
}

/// One entry of the reference.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// The words described; the first is the entry's title. Every keyword of the token
    /// table is named by exactly one entry.
    pub names: &'static [&'static str],
    pub kind: Kind,
    /// Its forms, in GW-BASIC's manual notation: `[...]` optional, `|` alternatives.
    pub syntax: &'static [&'static str],
    /// What gwrun does.
    pub does: &'static str,
    /// The errors particular to it (a malformed statement is always a Syntax error and is
    /// not listed).
    pub errors: &'static [Raises],
    /// Where gwrun differs from GW-BASIC 3.23 (empty: it does not).
    pub gwrun: &'static str,
    /// Where PC-BASIC 2.0.8 differs from GW-BASIC 3.23 (empty: no difference known).
    pub pcbasic: &'static str,
}

impl Entry {
    /// The entry's title.
    pub fn title(&self) -> &'static str {
        self.names[0]
    }
}

/// Every entry, in alphabetical order of title.
pub fn entries() -> &'static [Entry] {
    table::ENTRIES
}

/// The entry that describes `word` (any case; `TAB(` and `TAB` alike; `?` is PRINT).
pub fn lookup(word: &str) -> Option<&'static Entry> {
    let w = word.trim().trim_end_matches('(').to_ascii_uppercase();
    let w = if w == "?" { "PRINT".to_string() } else { w };
    entries()
        .iter()
        .find(|e| e.names.iter().any(|n| n.trim_end_matches('(') == w))
}

/// Entries whose title starts with `prefix` (for "did you mean").
pub fn starting_with(prefix: &str) -> Vec<&'static Entry> {
    let p = prefix.trim().to_ascii_uppercase();
    entries()
        .iter()
        .filter(|e| !p.is_empty() && e.names.iter().any(|n| n.starts_with(&p)))
        .collect()
}

/// An entry as the terminal shows it, wrapped to `width` columns.
pub fn render_text(e: &Entry, width: usize) -> String {
    let mut out = format!("{} ({})\n\n", e.names.join(", "), e.kind.name());
    for s in e.syntax {
        out.push_str(&format!("    {s}\n"));
    }
    out.push('\n');
    out.push_str(&wrap(e.does, width, ""));
    if !e.errors.is_empty() {
        out.push_str("\nErrors:\n");
        for r in e.errors {
            out.push_str(&wrap(&format!("{}: {}", r.error, r.when), width, "  "));
        }
    }
    if !e.gwrun.is_empty() {
        out.push_str("\ngwrun differs from GW-BASIC:\n");
        out.push_str(&wrap(e.gwrun, width, "  "));
    }
    if !e.pcbasic.is_empty() {
        out.push_str("\nPC-BASIC differs from GW-BASIC:\n");
        out.push_str(&wrap(e.pcbasic, width, "  "));
    }
    out
}

/// The list `gwrun help` prints without a keyword: every title, by kind.
pub fn render_index(width: usize) -> String {
    let mut out = String::from(
        "gwrun help KEYWORD describes a statement, function or operator:\n\
         its syntax, what gwrun does, its errors, and where gwrun or PC-BASIC\n\
         differ from GW-BASIC 3.23.\n",
    );
    for kind in [
        Kind::Statement,
        Kind::Command,
        Kind::Function,
        Kind::Operator,
    ] {
        out.push_str(&format!("\n{}s:\n", capitalised(kind.name())));
        let titles: Vec<&str> = entries()
            .iter()
            .filter(|e| e.kind == kind)
            .map(Entry::title)
            .collect();
        out.push_str(&wrap(&titles.join(" "), width, "  "));
    }
    out
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// `text` wrapped at spaces to lines of at most `width` columns, each starting with
/// `indent`, ending with a newline.
fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::from(indent);
    for word in text.split_whitespace() {
        if line.len() > indent.len() && line.len() + 1 + word.len() > width {
            out.push_str(&line);
            out.push('\n');
            line = String::from(indent);
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if line.len() > indent.len() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests;
