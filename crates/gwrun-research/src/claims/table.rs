//! The one table of docs/claims.md: every quantitative claim of the three documents as a
//! [`Claim`] (the document's words, the computed value, how it was computed, the
//! verdict), gathered from the sorting runs, the other listing runs, the exact counts and
//! the lab, sorted by document and by place in it, and counted at the top.

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

/// A verdict on a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    True,
    False,
    /// Right in part, wrong or unsupported in part.
    Partly,
    /// Needs what gwrun does not model (a compiler, the author's machine).
    NotCheckable,
    /// An exercise of the chapter: a question, answered.
    Answered,
}

impl Verdict {
    /// The word in the table.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::True => "true",
            Verdict::False => "false",
            Verdict::Partly => "partly",
            Verdict::NotCheckable => "not checkable here",
            Verdict::Answered => "answered",
        }
    }
    /// `true` → True, `false` → False.
    pub fn of(ok: bool) -> Verdict {
        if ok { Verdict::True } else { Verdict::False }
    }
}

/// One claim of a document, computed.
#[derive(Debug, Clone, PartialEq)]
pub struct Claim {
    pub doc: Doc,
    /// Place in the document (claims are listed in this order within a document).
    pub order: u32,
    /// The document's words (quoted where quoted).
    pub words: String,
    /// What gwrun computed.
    pub computed: String,
    /// How: exact, simulated (n, standard error), run in gwrun.
    pub method: String,
    pub verdict: Verdict,
    /// Why, in a few words (generated from the numbers like the rest).
    pub why: String,
}

impl Claim {
    pub fn new(doc: Doc, order: u32, words: &str) -> Claim {
        Claim {
            doc,
            order,
            words: words.to_string(),
            computed: String::new(),
            method: String::new(),
            verdict: Verdict::NotCheckable,
            why: String::new(),
        }
    }
    pub fn computed(mut self, text: impl Into<String>) -> Claim {
        self.computed = text.into();
        self
    }
    pub fn method(mut self, text: impl Into<String>) -> Claim {
        self.method = text.into();
        self
    }
    pub fn verdict(mut self, v: Verdict, why: impl Into<String>) -> Claim {
        self.verdict = v;
        self.why = why.into();
        self
    }
}

/// Methods, worded the same everywhere.
pub mod method {
    /// Computed exactly (combinatorics, dynamic programming, a Markov chain, arithmetic).
    pub const EXACT: &str = "exact";
    /// Read from the document's own code or text.
    pub const READ: &str = "read from the listing";

    /// Run in gwrun (GW-BASIC 3.23's rules, counted by the cost model).
    pub fn run(what: &str) -> String {
        format!("run in gwrun: {what}")
    }
    /// Simulated with n runs and a standard error.
    pub fn simulated(what: &str) -> String {
        format!("simulated: {what}")
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

/// "62 quantitative claims (000: 40, 001: 9, 002: 13); verdicts: ...".
pub fn summary(claims: &[Claim]) -> String {
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
    let per_verdict: Vec<String> = [
        Verdict::True,
        Verdict::Partly,
        Verdict::False,
        Verdict::NotCheckable,
        Verdict::Answered,
    ]
    .iter()
    .map(|v| {
        format!(
            "{} {}",
            claims.iter().filter(|c| c.verdict == *v).count(),
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

/// The table, numbered in order.
pub fn render(md: &mut String, claims: &[Claim]) {
    let _ = writeln!(
        md,
        "| # | doc | the document's words | computed | method | verdict |"
    );
    let _ = writeln!(md, "|---:|---|---|---|---|---|");
    for (i, c) in claims.iter().enumerate() {
        let verdict = if c.why.is_empty() {
            format!("**{}**", c.verdict.word())
        } else {
            format!("**{}**: {}", c.verdict.word(), c.why)
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} |",
            i + 1,
            c.doc.code(),
            cell(&c.words),
            cell(&c.computed),
            cell(&c.method),
            cell(&verdict)
        );
    }
    md.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_sort_by_document_then_place_and_count() {
        let c = |d, o, v| Claim::new(d, o, "w").verdict(v, "");
        let all = sorted(vec![
            c(Doc::Chapter, 1, Verdict::True),
            c(Doc::Ted, 5, Verdict::False),
            c(Doc::Ted, 2, Verdict::True),
        ]);
        assert_eq!(
            all.iter().map(|x| (x.doc, x.order)).collect::<Vec<_>>(),
            vec![(Doc::Ted, 2), (Doc::Ted, 5), (Doc::Chapter, 1)]
        );
        assert_eq!(
            summary(&all),
            "**3 quantitative claims** (000 2, 001 0, 002 1); verdicts: 2 true, 0 partly, \
             1 false, 0 not checkable here, 0 answered."
        );
        let mut md = String::new();
        render(&mut md, &all);
        assert!(md.contains("| 2 | 000 | w |"));
    }
}
