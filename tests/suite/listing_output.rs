//! Each of the documents' listings (`basic/*.bas`) prints exactly its expected screen
//! output (`basic/expected/<name>.out`, or the hand-written GW-BASIC result in
//! `basic/expected/overrides/` where PC-BASIC differs; docs/listings.md says why).
//! Interpreter only: runs without the `research` feature.

use std::fs;
use std::path::PathBuf;

use gwrun_core::session::{Session, Stop};

fn basic_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("basic")
}

// ---------------------------------------------------------------- expected output

/// ORDER: every listing file in basic/README.md.
const ALL: &[&str] = &[
    "shell_metzner",
    "shell_ted",
    "shell_ted_packed",
    "shell_ted_packed_fixed",
    "array_map",
    "array_map_fixed",
    "array_match",
    "array_match_fixed",
    "bitmap_sort",
    "bitmap_sort_fixed",
    "sort_randoms",
    "collection_shuffle",
    "deal52",
    "retry_deal",
    "perfect_shuffle",
    "exchange_shuffle",
    "selection_shuffle",
    "selection_shuffle_fixed",
    "efficient_selection_shuffle",
];

fn expected_output(name: &str) -> String {
    let dir = basic_dir().join("expected");
    let over = dir.join("overrides").join(format!("{name}.out"));
    let path = if over.is_file() {
        over
    } else {
        dir.join(format!("{name}.out"))
    };
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// What the screen shows: the program's output plus the error line, as `gwrun FILE` prints.
fn screen(name: &str) -> String {
    let path = basic_dir().join(format!("{name}.bas"));
    let source = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut s = Session::captured(b"");
    s.load_source(&source).unwrap();
    let result = match s.run_program() {
        Stop::Ended => Ok(()),
        Stop::Error(e) => Err(e),
        other => panic!("unexpected outcome {other:?}"),
    };
    let mut text = String::from_utf8(s.take_output()).unwrap();
    if let Err(e) = result {
        // The message on its own line, unless the session already wrote it to the console.
        let message = format!("{e}\n");
        if !text.ends_with(&message) {
            if !text.is_empty() && !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(&message);
        }
    }
    text
}

#[test]
fn every_listing_prints_its_expected_output() {
    for name in ALL {
        assert_eq!(screen(name), expected_output(name), "{name}");
    }
}
