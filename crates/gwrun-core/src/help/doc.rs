//! docs/compatibility.md, the user's statement reference, rendered from the table: an
//! index by kind, then every entry with its syntax, what gwrun does, its errors and the
//! differences from GW-BASIC. `gwrun help --markdown` writes it; a test checks the file
//! in the repository is what this writes.

use super::{Entry, Kind, entries};

/// The whole of docs/compatibility.md.
pub fn render_markdown() -> String {
    let mut out = String::from(
        "# Statement reference\n\n\
         Every GW-BASIC 3.23 statement, function and operator: its syntax, what gwrun does,\n\
         the errors it raises, and where gwrun or PC-BASIC 2.0.8 differ from GW-BASIC.\n\
         The same text is `gwrun help KEYWORD`. This file is generated from the table in\n\
         `crates/gwrun-core/src/help/table.rs` (`gwrun help --markdown > docs/compatibility.md`);\n\
         edit the table, not this file. Each error listed comes with a program that raises\n\
         it, run by the tests. A malformed statement is always a Syntax error, so that is\n\
         not listed. How the rules were checked against real GW-BASIC is docs/fidelity.md.\n",
    );
    for kind in [
        Kind::Statement,
        Kind::Command,
        Kind::Function,
        Kind::Operator,
    ] {
        out.push_str(&format!("\n{}s: ", capital(kind.name())));
        let links: Vec<String> = entries()
            .iter()
            .filter(|e| e.kind == kind)
            .map(|e| format!("[{}](#{})", md_escape(e.title()), anchor(e)))
            .collect();
        out.push_str(&links.join(" "));
        out.push('\n');
    }
    for e in entries() {
        out.push('\n');
        out.push_str(&entry_markdown(e));
    }
    out
}

/// One entry as a Markdown section.
fn entry_markdown(e: &Entry) -> String {
    let names: Vec<String> = e.names.iter().map(|n| md_escape(n)).collect();
    let mut out = format!(
        "<a id=\"{}\"></a>\n## {} ({})\n\n",
        anchor(e),
        names.join(", "),
        e.kind.name()
    );
    out.push_str("```text\n");
    for s in e.syntax {
        out.push_str(s);
        out.push('\n');
    }
    out.push_str("```\n\n");
    out.push_str(e.does);
    out.push('\n');
    if !e.errors.is_empty() {
        out.push_str("\nErrors:\n\n");
        for r in e.errors {
            let example = r.example.strip_prefix("Ok:").unwrap_or(r.example);
            out.push_str(&format!(
                "- {}: {} (`{}`)\n",
                r.error,
                r.when,
                example.replace('\n', " ⏎ ")
            ));
        }
    }
    if !e.gwrun.is_empty() {
        out.push_str(&format!("\n**gwrun** differs from GW-BASIC: {}\n", e.gwrun));
    }
    if !e.pcbasic.is_empty() {
        out.push_str(&format!(
            "\n**PC-BASIC** differs from GW-BASIC: {}\n",
            e.pcbasic
        ));
    }
    out
}

/// The entry's anchor: its title's letters and digits, or a name for a sign.
fn anchor(e: &Entry) -> String {
    let t = e.title();
    let word: String = t
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    match (word.is_empty(), t) {
        (false, _) => {
            if t.ends_with('$') {
                format!("{word}-string")
            } else {
                word
            }
        }
        (true, "+") => "arithmetic".to_string(),
        (true, "=") => "comparison".to_string(),
        (true, "'") => "remark".to_string(),
        (true, _) => "operator".to_string(),
    }
}

/// A word safe in Markdown text (`\`, `*`, `^` escaped).
fn md_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if matches!(c, '\\' | '*' | '^' | '_' | '<' | '>') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
