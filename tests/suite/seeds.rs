//! The listings in `basic/` against the documents they come from: every routine line of
//! a verbatim listing must be the document's text, character for character, and every
//! `*_fixed.bas` may differ from it only in the lines its header names.
//!
//! The documents live beside the checkout (`../shared/seeds/`, as in CI). When they are
//! absent the test says so and passes without comparing.
//!
//! How the document's text is read (docs/listings.md, "Reading the listings"): a listing's
//! numbered lines run together on one physical line of the .txt. Each BASIC line starts at
//! its line number and ends just before the single space that precedes the next line
//! number, so joining a listing's lines with one space gives back the physical line. The
//! web page's non-breaking spaces (U+00A0) stand for plain spaces.

use std::fs;
use std::path::{Path, PathBuf};

/// The document holding the GW-BASIC listings.
const DOC_000: &str = "000_7c5ea065bb5090bb.txt";

/// One listing file: its routine's line-number range (the driver and the added RETURN
/// lie outside it) and, for a fixed variant, the lines that deliberately differ.
struct Listing {
    file: &'static str,
    first: u32,
    last: u32,
    changed: &'static [u32],
}

/// ORDER: as in basic/README.md.
const LISTINGS: &[Listing] = &[
    Listing {
        file: "shell_metzner",
        first: 2100,
        last: 2190,
        changed: &[],
    },
    Listing {
        file: "shell_ted",
        first: 2100,
        last: 2190,
        changed: &[],
    },
    Listing {
        file: "shell_ted_packed",
        first: 2120,
        last: 2170,
        changed: &[],
    },
    Listing {
        file: "shell_ted_packed_fixed",
        first: 2120,
        last: 2170,
        changed: &[2170],
    },
    Listing {
        file: "array_map",
        first: 2400,
        last: 2470,
        changed: &[],
    },
    Listing {
        file: "array_map_fixed",
        first: 2400,
        last: 2470,
        changed: &[2450],
    },
    Listing {
        file: "array_match",
        first: 2500,
        last: 2580,
        changed: &[],
    },
    Listing {
        file: "array_match_fixed",
        first: 2500,
        last: 2580,
        changed: &[2510, 2550],
    },
    Listing {
        file: "bitmap_sort",
        first: 400,
        last: 580,
        changed: &[],
    },
    Listing {
        file: "bitmap_sort_fixed",
        first: 400,
        last: 580,
        changed: &[530],
    },
    Listing {
        file: "sort_randoms",
        first: 3000,
        last: 3040,
        changed: &[],
    },
    Listing {
        file: "collection_shuffle",
        first: 7000,
        last: 7070,
        changed: &[],
    },
    Listing {
        file: "deal52",
        first: 7000,
        last: 7080,
        changed: &[],
    },
];

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The seeds folder, if the documents are beside the checkout.
fn seeds_dir() -> Option<PathBuf> {
    let dir = crate_dir().join("../shared/seeds");
    dir.join(DOC_000).is_file().then_some(dir)
}

/// A line's number, if it starts with digits followed by a space.
fn line_number(line: &str) -> Option<u32> {
    let (num, _) = line.split_once(' ')?;
    num.parse().ok()
}

/// The routine lines of a listing file: those numbered first..=last, in file order.
fn routine_lines(listing: &Listing) -> Vec<String> {
    let path = crate_dir()
        .join("basic")
        .join(format!("{}.bas", listing.file));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| line_number(l).is_some_and(|n| (listing.first..=listing.last).contains(&n)))
        .map(str::to_owned)
        .collect()
}

/// The document's physical lines with U+00A0 read as a space.
fn document_lines(dir: &Path) -> Vec<String> {
    let text = fs::read_to_string(dir.join(DOC_000)).expect("seed document is UTF-8");
    text.lines().map(|l| l.replace('\u{a0}', " ")).collect()
}

/// The physical line of the document that begins with this listing's first line.
fn document_listing<'a>(doc: &'a [String], first_line: &str) -> Option<&'a String> {
    doc.iter()
        .find(|l| l.starts_with(&format!("{first_line} ")))
}

/// Split a physical listing line at the given line numbers, in order: each piece runs
/// from its number to the space before the next one.
fn split_at_numbers(physical: &str, numbers: &[u32]) -> Option<Vec<String>> {
    let mut pieces = Vec::new();
    let mut rest = physical;
    for (i, next) in numbers.iter().skip(1).enumerate() {
        let marker = format!(" {next} ");
        let from = numbers[i].to_string().len();
        let cut = rest[from..].find(&marker)? + from;
        pieces.push(rest[..cut].to_owned());
        rest = &rest[cut + 1..];
    }
    pieces.push(rest.to_owned());
    Some(pieces)
}

fn check_shape(listing: &Listing, lines: &[String]) {
    assert!(!lines.is_empty(), "{}: no routine lines", listing.file);
    let numbers: Vec<u32> = lines.iter().filter_map(|l| line_number(l)).collect();
    assert!(
        numbers.windows(2).all(|w| w[0] <= w[1]),
        "{}: line numbers out of order",
        listing.file
    );
    for l in lines {
        assert!(l.is_ascii(), "{}: non-ASCII in {l:?}", listing.file);
        assert_eq!(l.trim_end(), l, "{}: trailing space in {l:?}", listing.file);
    }
}

#[test]
fn verbatim_listings_are_the_documents_text() {
    let Some(dir) = seeds_dir() else {
        eprintln!("SKIPPED: ../shared/seeds/{DOC_000} not found beside the checkout");
        return;
    };
    let doc = document_lines(&dir);
    for listing in LISTINGS.iter().filter(|l| l.changed.is_empty()) {
        let lines = routine_lines(listing);
        check_shape(listing, &lines);
        let joined = lines.join(" ");
        assert!(
            doc.contains(&joined),
            "{}: routine lines differ from the document:\n{joined}",
            listing.file
        );
    }
}

#[test]
fn fixed_listings_differ_only_in_their_named_lines() {
    let Some(dir) = seeds_dir() else {
        eprintln!("SKIPPED: ../shared/seeds/{DOC_000} not found beside the checkout");
        return;
    };
    let doc = document_lines(&dir);
    for listing in LISTINGS.iter().filter(|l| !l.changed.is_empty()) {
        let lines = routine_lines(listing);
        check_shape(listing, &lines);
        let numbers: Vec<u32> = lines.iter().filter_map(|l| line_number(l)).collect();
        let physical = document_listing(&doc, &lines[0])
            .unwrap_or_else(|| panic!("{}: first line not in the document", listing.file));
        let original = split_at_numbers(physical, &numbers)
            .unwrap_or_else(|| panic!("{}: line numbers not found in the document", listing.file));
        assert_eq!(
            original.join(" "),
            *physical,
            "{}: split lost text",
            listing.file
        );
        let differing: Vec<u32> = lines
            .iter()
            .zip(&original)
            .filter(|(mine, theirs)| mine != theirs)
            .filter_map(|(mine, _)| line_number(mine))
            .collect();
        assert_eq!(
            differing, listing.changed,
            "{}: changed lines",
            listing.file
        );
    }
}

#[test]
fn reading_rule_splits_a_line_ending_before_a_number() {
    // "2110 DLOOPS = ...-1 2115 D=..." : the space before 2115 separates, it is not text;
    // a number after GOTO is not a line start because the next line number is given.
    let physical = "2110 X=1 2115 IF A GOTO 2165 2155 Y=2";
    let pieces = split_at_numbers(physical, &[2110, 2115, 2155]).unwrap();
    assert_eq!(pieces, vec!["2110 X=1", "2115 IF A GOTO 2165", "2155 Y=2"]);
    assert_eq!(line_number("2504 ' X() dimensioned"), Some(2504));
    assert_eq!(line_number("REM"), None);
}
