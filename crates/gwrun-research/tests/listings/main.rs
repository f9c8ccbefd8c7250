//! The documents' listings (`basic/*.bas`) run in the interpreter agree with their native
//! ports (`gwrun_research::routines`, feature `research`): on several data sets and
//! seeds each, the arrays a routine leaves, the values it reports and the error it stops
//! with (code and line) are the same. (That each listing prints its expected screen
//! output is tests/listing_output.rs, which needs no research code.)
//!
//! Driver conventions (basic/README.md): line 20 holds the parameters, line 50 makes the
//! data (tests may add DATA lines 51-59), line 100 calls the routine. A test that needs
//! the input of a sort runs the program once with `100 END`, reads the arrays, then runs
//! it whole: RUN restarts RND, and RANDOMIZE SEED makes the same data again.

use std::fs;
use std::path::PathBuf;

use gwrun_core::error::{BasicError, ErrorCode};
use gwrun_core::num::Single;
use gwrun_core::rnd::GwRnd;
use gwrun_core::session::{Session, Stop};
use gwrun_research::routines::basic::{Grid, fail};
use gwrun_research::routines::{deal, linear, shell, shuffle};

// ---------------------------------------------------------------- running a listing

fn basic_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join("basic")
}

/// The listing loaded, with `edits` typed as at the Ok prompt (replacing lines).
fn session(name: &str, edits: &[String]) -> Session {
    let path = basic_dir().join(format!("{name}.bas"));
    let source = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut s = Session::captured(b"");
    s.load_source(&source).unwrap();
    for line in edits {
        assert_eq!(s.enter_line(line), Stop::Ended, "typing {line}");
    }
    s
}

/// RUN: Ok when the program ends, the error when one stops it.
fn run(s: &mut Session) -> Result<(), BasicError> {
    match s.run_program() {
        Stop::Ended => Ok(()),
        Stop::Error(e) => Err(e),
        other => panic!("unexpected outcome {other:?}"),
    }
}

/// An integer array as the listing left it.
fn ints(s: &Session, array: &str) -> Vec<i16> {
    let values = s
        .array_values(array)
        .unwrap_or_else(|| panic!("no array {array}"));
    values.iter().map(|&v| v as i16).collect()
}

fn scalar(s: &Session, name: &str) -> i16 {
    s.scalar_f64(name)
        .unwrap_or_else(|| panic!("no variable {name}")) as i16
}

fn seeded(seed: i16) -> GwRnd {
    let mut r = GwRnd::new();
    r.randomize_int(seed);
    r
}

fn ok_or<T>(r: Result<T, BasicError>) -> Result<(), BasicError> {
    r.map(|_| ())
}

// ---------------------------------------------------------------- data sets

/// How line 50 makes A(): as the file does, random values with repeats, or a list.
#[derive(Clone, Copy)]
enum Data {
    Driver,
    Random,
    List(&'static [i16]),
}

/// One data set: line 20's parameters, the data, and any other line replaced.
#[derive(Clone, Copy)]
struct Case {
    size: i16,
    maxint: i16,
    seed: i16,
    data: Data,
    extra: &'static [&'static str],
}

const fn case(size: i16, maxint: i16, seed: i16, data: Data) -> Case {
    Case {
        size,
        maxint,
        seed,
        data,
        extra: &[],
    }
}

const fn list(values: &'static [i16], maxint: i16) -> Case {
    case(values.len() as i16, maxint, 1, Data::List(values))
}

impl Case {
    fn edits(&self) -> Vec<String> {
        let mut e = vec![format!(
            "20 SIZE={}: MAXINT={}: SEED={}",
            self.size, self.maxint, self.seed
        )];
        match self.data {
            Data::Driver => {}
            Data::Random => e.push("50 FOR J=1 TO SIZE: A(J)=INT(RND*MAXINT)+1: NEXT".into()),
            Data::List(v) => {
                e.push("50 FOR J=1 TO SIZE: READ A(J): NEXT".into());
                let items: Vec<String> = v.iter().map(i16::to_string).collect();
                e.push(format!("51 DATA {}", items.join(",")));
            }
        }
        e.extend(self.extra.iter().map(|l| l.to_string()));
        e
    }
}

fn err(code: ErrorCode, line: u16) -> Result<(), BasicError> {
    Err(fail(code, line))
}

mod deals;
mod sorts;
