//! The reference against the interpreter: every keyword has one entry, every error's
//! example raises it, and docs/compatibility.md is what the table renders.

use super::*;
use crate::session::Session;
use crate::text::token::KEYWORDS;

#[test]
fn every_keyword_has_exactly_one_entry() {
    for (_, spelling, _) in KEYWORDS {
        let holders: Vec<&str> = entries()
            .iter()
            .filter(|e| e.names.contains(spelling))
            .map(Entry::title)
            .collect();
        assert_eq!(holders.len(), 1, "{spelling}: {holders:?}");
        assert!(lookup(spelling).is_some(), "{spelling}");
    }
}

#[test]
fn entries_are_in_order_and_complete() {
    let titles: Vec<&str> = entries().iter().map(Entry::title).collect();
    let mut sorted = titles.clone();
    sorted.sort_unstable();
    assert_eq!(titles, sorted);
    for e in entries() {
        assert!(!e.syntax.is_empty() && !e.does.is_empty(), "{}", e.title());
        for r in e.errors {
            assert!(!r.example.is_empty(), "{}: {}", e.title(), r.error);
        }
    }
}

#[test]
fn lookup_takes_any_spelling() {
    assert_eq!(lookup("print").map(Entry::title), Some("PRINT"));
    assert_eq!(lookup("?").map(Entry::title), Some("PRINT"));
    assert_eq!(lookup("tab(").map(Entry::title), Some("PRINT"));
    assert_eq!(lookup("tab").map(Entry::title), Some("PRINT"));
    assert_eq!(lookup("Else").map(Entry::title), Some("IF"));
    assert!(lookup("FROBNICATE").is_none());
    assert!(starting_with("CL").iter().any(|e| e.title() == "CLS"));
}

/// What the screen shows after an example: a program run, or lines typed at Ok, on the
/// session's own empty in-memory disk.
fn run_example(example: &str) -> String {
    let mut s = Session::captured(b"");
    match example.strip_prefix("Ok:") {
        Some(typed) => {
            for line in typed.lines() {
                s.enter_line(line);
            }
        }
        None => {
            let text: String = example
                .lines()
                .enumerate()
                .map(|(i, l)| format!("{} {l}\r\n", 10 * (i + 1)))
                .collect();
            s.load_source(text.as_bytes()).expect("the example loads");
            s.run_program();
        }
    }
    let _ = s.finish_screen();
    String::from_utf8_lossy(&s.take_output()).into_owned()
}

#[test]
fn every_error_example_raises_its_error() {
    for e in entries() {
        for r in e.errors {
            let shown = run_example(r.example);
            assert!(
                shown.contains(&r.error.to_string()),
                "{}: `{}` should raise {}, showed {shown:?}",
                e.title(),
                r.example,
                r.error
            );
        }
    }
}

#[test]
fn the_terminal_text_has_every_part() {
    let e = lookup("SHELL").unwrap();
    let text = render_text(e, 72);
    assert!(text.starts_with("SHELL (statement)"));
    assert!(text.contains("Illegal function call: SHELL is not allowed"));
    assert!(text.contains("gwrun differs from GW-BASIC:"));
    assert!(text.contains("PC-BASIC differs from GW-BASIC:"));
    assert!(text.lines().all(|l| l.chars().count() <= 72), "{text}");
    let index = render_index(72);
    for e in entries() {
        assert!(index.contains(e.title()), "{}", e.title());
    }
}

/// docs/compatibility.md is generated: `gwrun help --markdown > docs/compatibility.md`.
#[test]
fn the_reference_document_is_up_to_date() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/compatibility.md");
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        on_disk == render_markdown(),
        "docs/compatibility.md is out of date: run `gwrun help --markdown > docs/compatibility.md`"
    );
}
