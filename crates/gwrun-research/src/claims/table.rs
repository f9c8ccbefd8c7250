//! The one table of docs/claims.md: every quantitative claim of the three documents as a
//! [`Claim`] (the document's words, its parts as quantities, where the numbers come from),
//! gathered from the sorting runs, the other listing runs, the exact counts and the lab,
//! sorted by document and by place in it, numbered, judged by [`rule::judge`], counted at
//! the top; the notes under it, and the account `gwrun claims --explain ROW` prints.

use super::rule::{self, Part, Tolerances, VERDICTS, Verdict};
use std::fmt::Write as _;

/// The three source documents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Doc {
    /// 000, "Ted's Computer World: Sorting, Shuffling & Dealing".
    Ted,
    /// 001, the C programmer's "dealing like a computer".
    Dealer,
    /// 002, "The Shuffler's Dilemma".
    Chapter,
}

impl Doc {
    /// "000", "001", "002".
    pub fn code(self) -> &'static str {
        match self {
            Doc::Ted => "000",
            Doc::Dealer => "001",
            Doc::Chapter => "002",
        }
    }
}

/// One claim of a document, measured.
#[derive(Debug, Clone, PartialEq)]
pub struct Claim {
    pub doc: Doc,
    /// Place in the document (claims are listed in this order within a document).
    pub order: u32,
    /// The document's words (quoted where quoted).
    pub words: String,
    /// The claim as quantities.
    pub parts: Vec<Part>,
    /// Context: other counts, what the numbers mean (the notes under the table).
    pub note: String,
    /// The function or listing run that produced the numbers, in a few words.
    pub source: String,
    /// How they were computed, step by step (`--explain`).
    pub how: String,
}

impl Claim {
    pub fn new(doc: Doc, order: u32, words: &str) -> Claim {
        Claim {
            doc,
            order,
            words: words.to_string(),
            parts: Vec::new(),
            note: String::new(),
            source: String::new(),
            how: String::new(),
        }
    }
    pub fn part(mut self, p: Part) -> Claim {
        self.parts.push(p);
        self
    }
    pub fn note(mut self, text: impl Into<String>) -> Claim {
        self.note = text.into();
        self
    }
    pub fn source(mut self, text: impl Into<String>) -> Claim {
        self.source = text.into();
        self
    }
    pub fn how(mut self, text: impl Into<String>) -> Claim {
        self.how = text.into();
        self
    }
    /// The verdict by the rule.
    pub fn verdict(&self, t: &Tolerances) -> Verdict {
        rule::judge(&self.parts, t)
    }
    /// "000-24": document and place, stable across regenerations.
    pub fn id(&self) -> String {
        format!("{}-{}", self.doc.code(), self.order)
    }
}

/// A Markdown table cell: no raw `|` or line breaks.
pub fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// The claims sorted by document and place.
pub fn sorted(mut claims: Vec<Claim>) -> Vec<Claim> {
    claims.sort_by_key(|c| (c.doc, c.order));
    claims
}

/// "65 quantitative claims (000: 40, 001: 9, 002: 13); verdicts: ...".
pub fn summary(claims: &[Claim], t: &Tolerances) -> String {
    let per_doc: Vec<String> = [Doc::Ted, Doc::Dealer, Doc::Chapter]
        .iter()
        .map(|d| {
            format!(
                "{} {}",
                d.code(),
                claims.iter().filter(|c| c.doc == *d).count()
            )
        })
        .collect();
    let per_verdict: Vec<String> = VERDICTS
        .iter()
        .map(|v| {
            format!(
                "{} {}",
                claims.iter().filter(|c| c.verdict(t) == *v).count(),
                v.word()
            )
        })
        .collect();
    format!(
        "**{} quantitative claims** ({}); verdicts: {}.",
        claims.len(),
        per_doc.join(", "),
        per_verdict.join(", ")
    )
}

/// "(a) " before each part of a row with several.
fn label(i: usize, n: usize) -> String {
    if n > 1 {
        format!("({}) ", char::from(b'a' + i as u8))
    } else {
        String::new()
    }
}

fn per_part(c: &Claim, f: impl Fn(&Part) -> String) -> String {
    let n = c.parts.len();
    c.parts
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{}{}", label(i, n), f(p)))
        .collect::<Vec<_>>()
        .join("<br>")
}

fn claimed_cell(p: &Part, t: &Tolerances) -> String {
    match &p.claimed {
        Some(c) => c.describe(p.unit, t),
        None => "— (a question)".to_string(),
    }
}

fn measured_cell(p: &Part) -> String {
    match &p.measured {
        Some(m) => m.describe(p.unit),
        None => "not measurable here".to_string(),
    }
}

/// "**partly** (a true, b false)".
fn verdict_cell(c: &Claim, t: &Tolerances) -> String {
    let v = c.verdict(t);
    if c.parts.len() < 2 {
        return format!("**{}**", v.word());
    }
    let each: Vec<String> = c
        .parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            format!(
                "{} {}",
                char::from(b'a' + i as u8),
                rule::judge_part(p, t).word()
            )
        })
        .collect();
    format!("**{}** ({})", v.word(), each.join(", "))
}

/// The table, numbered in order.
pub fn render(md: &mut String, claims: &[Claim], t: &Tolerances) {
    let _ = writeln!(
        md,
        "| # | doc | the document's words | quantity | claimed: the words' values | measured (uncertainty) | verdict | from |"
    );
    let _ = writeln!(md, "|---:|---|---|---|---|---|---|---|");
    for (i, c) in claims.iter().enumerate() {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            i + 1,
            c.doc.code(),
            cell(&c.words),
            cell(&per_part(c, |p| p.quantity.clone())),
            cell(&per_part(c, |p| claimed_cell(p, t))),
            cell(&per_part(c, measured_cell)),
            cell(&verdict_cell(c, t)),
            cell(&c.source)
        );
    }
    md.push('\n');
}

/// The notes under the table: one per row that has one.
pub fn render_notes(md: &mut String, claims: &[Claim]) {
    let _ = writeln!(md, "### Notes on the rows\n");
    for (i, c) in claims.iter().enumerate() {
        if !c.note.is_empty() {
            let _ = writeln!(md, "- **{}.** {}", i + 1, c.note.replace('\n', " "));
        }
    }
    md.push('\n');
}

/// The row a user names: its number in the table or its id ("000-24").
pub fn find<'a>(claims: &'a [Claim], key: &str) -> Option<(usize, &'a Claim)> {
    let key = key.trim().trim_start_matches('#');
    if let Ok(n) = key.parse::<usize>() {
        return claims.get(n.checked_sub(1)?).map(|c| (n, c));
    }
    claims
        .iter()
        .enumerate()
        .find(|(_, c)| c.id() == key)
        .map(|(i, c)| (i + 1, c))
}

/// What `gwrun claims --explain ROW` prints: the row, each part with the rule applied,
/// and how the numbers were computed.
pub fn explain(number: usize, c: &Claim, t: &Tolerances) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "row {number} ({}), document {}", c.id(), c.doc.code());
    let _ = writeln!(s, "words:    {}", c.words);
    let _ = writeln!(s, "verdict:  {}", c.verdict(t).word());
    let n = c.parts.len();
    for (i, p) in c.parts.iter().enumerate() {
        let _ = writeln!(s, "\npart {}{}", label(i, n), p.quantity);
        let _ = writeln!(s, "  claimed:  {}", claimed_cell(p, t));
        let _ = writeln!(s, "  measured: {}", measured_cell(p));
        let why = match (&p.claimed, &p.measured) {
            (Some(c), Some(m)) => {
                let a = c.interval(t);
                format!(
                    "the measured {} to {} against the allowed {} to {}",
                    p.unit.show(m.range.lo),
                    p.unit.show(m.range.hi),
                    p.unit.show(a.lo),
                    p.unit.show(a.hi)
                )
            }
            (Some(_), None) => "nothing here measures it".to_string(),
            (None, _) => "a question, answered by the measurement".to_string(),
        };
        let _ = writeln!(s, "  rule:     {why}: {}", rule::judge_part(p, t).word());
    }
    let _ = writeln!(s, "\nfrom:     {}", c.source);
    if !c.how.is_empty() {
        let _ = writeln!(s, "how:      {}", c.how);
    }
    if !c.note.is_empty() {
        let _ = writeln!(s, "note:     {}", c.note);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claims::rule::{Claimed, Measured, Unit};

    fn row(doc: Doc, order: u32, value: f64) -> Claim {
        Claim::new(doc, order, "w").part(Part::claim(
            "q",
            Claimed::Exact(1.0),
            Measured::exact(value),
            Unit::Num(0),
        ))
    }

    #[test]
    fn claims_sort_by_document_then_place_and_count() {
        let t = Tolerances::default();
        let all = sorted(vec![
            row(Doc::Chapter, 1, 1.0),
            row(Doc::Ted, 5, 2.0),
            row(Doc::Ted, 2, 1.0),
        ]);
        assert_eq!(
            all.iter().map(|x| (x.doc, x.order)).collect::<Vec<_>>(),
            vec![(Doc::Ted, 2), (Doc::Ted, 5), (Doc::Chapter, 1)]
        );
        assert_eq!(
            summary(&all, &t),
            "**3 quantitative claims** (000 2, 001 0, 002 1); verdicts: 2 true, 0 partly, \
             1 false, 0 not checkable here, 0 answered."
        );
        let mut md = String::new();
        render(&mut md, &all, &t);
        assert!(md.contains("| 2 | 000 | w | q | 1 (exact) | 2 (exact) | **false** |"));
        assert_eq!(find(&all, "2").map(|x| x.0), Some(2));
        assert_eq!(find(&all, "002-1").map(|x| x.0), Some(3));
        assert!(find(&all, "9").is_none());
        assert!(
            explain(2, &all[1], &t)
                .contains("rule:     the measured 2 to 2 against the allowed 1 to 1: false")
        );
    }
}
