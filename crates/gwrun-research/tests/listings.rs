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

// ---------------------------------------------------------------- sorts: data sets

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

/// A port run on the listing's arrays (in `SortListing::arrays` order): the error, or the
/// value of the scalar the listing reports (if any).
type Port = fn(&mut [Vec<i16>], &Case) -> Result<Option<i16>, BasicError>;

/// A sort listing: the arrays its routine works on, a scalar it reports, and its port.
struct SortListing {
    name: &'static str,
    arrays: &'static [&'static str],
    scalar: Option<&'static str>,
    port: Port,
}

/// Run the listing on `case` and its port on the same input; compare everything.
fn agree(listing: &SortListing, case: &Case) -> Result<(), BasicError> {
    let what = format!("{} {:?}", listing.name, case.edits());
    let mut input_run = session(
        listing.name,
        &[case.edits(), vec!["100 END".into()]].concat(),
    );
    run(&mut input_run).unwrap_or_else(|e| panic!("{what}: making the data: {e}"));
    let mut arrays: Vec<Vec<i16>> = listing.arrays.iter().map(|a| ints(&input_run, a)).collect();

    let mut full = session(listing.name, &case.edits());
    let result = run(&mut full);
    let port = (listing.port)(&mut arrays, case);
    assert_eq!(result, ok_or(port), "{what}: outcome");
    for (array, mine) in listing.arrays.iter().zip(&arrays) {
        assert_eq!(&ints(&full, array), mine, "{what}: {array}()");
    }
    if let (Ok(Some(v)), Some(name)) = (port, listing.scalar) {
        assert_eq!(scalar(&full, name), v, "{what}: {name}");
    }
    result
}

fn agree_all(listing: &SortListing, cases: &[(Case, Result<(), BasicError>)]) {
    assert!(
        cases.len() >= 5,
        "{}: at least five data sets",
        listing.name
    );
    for (case, want) in cases {
        assert_eq!(
            agree(listing, case),
            *want,
            "{} {:?}",
            listing.name,
            case.edits()
        );
    }
}

fn two(arrays: &mut [Vec<i16>]) -> (&mut Vec<i16>, &mut Vec<i16>) {
    let (a, x) = arrays.split_at_mut(1);
    (&mut a[0], &mut x[0])
}

const OK: Result<(), BasicError> = Ok(());

fn err(code: ErrorCode, line: u16) -> Result<(), BasicError> {
    Err(fail(code, line))
}

// ---------------------------------------------------------------- Shell sorts

const SHELL_CASES: &[Case] = &[
    case(1000, 10000, 1, Data::Driver),
    case(200, 100, 2, Data::Driver),
    case(37, 5, 3, Data::Driver),
    case(1, 10, 4, Data::Driver),
    case(2, 10, -5, Data::Driver),
    case(500, 32767, 32767, Data::Driver),
    list(&[5, 4, 3, 2, 1, 0, -1, 32767, -32768], 0),
];

#[test]
fn shell_metzner_agrees() {
    let listing = SortListing {
        name: "shell_metzner",
        arrays: &["A"],
        scalar: None,
        port: |a, c| shell::shell_metzner(&mut a[0], c.size).map(|_| None),
    };
    let cases: Vec<_> = SHELL_CASES.iter().map(|c| (*c, OK)).collect();
    agree_all(&listing, &cases);
}

#[test]
fn shell_ted_agrees() {
    let listing = SortListing {
        name: "shell_ted",
        arrays: &["A"],
        scalar: None,
        port: |a, c| shell::shell_ted(&mut a[0], c.size).map(|_| None),
    };
    let mut cases: Vec<_> = SHELL_CASES.iter().map(|c| (*c, OK)).collect();
    cases.push((case(10000, 10000, 1, Data::Driver), OK)); // the README's job
    agree_all(&listing, &cases);
}

/// The packed listing's D comes from driver line 80, which uses the readable version's
/// expressions; it must equal lines 2110-2115's gap.
fn packed_gap(c: &Case) -> i16 {
    shell::start_gap(c.size).unwrap_or(1)
}

#[test]
fn packed_driver_computes_the_readable_versions_gap() {
    for size in [1, 2, 13, 14, 40, 41, 500, 1000, 9841, 9842] {
        let edits = vec![
            format!("20 SIZE={size}: MAXINT=100: SEED=1"),
            "100 END".into(),
        ];
        let mut s = session("shell_ted_packed", &edits);
        run(&mut s).unwrap();
        assert_eq!(Ok(scalar(&s, "D")), shell::start_gap(size), "SIZE={size}");
    }
}

const PACKED_CASES: &[(Case, bool)] = &[
    // (data set, whether GW-BASIC meets an in-order pair and stops)
    (case(1000, 10000, 1, Data::Driver), true),
    (case(50, 100, 2, Data::Driver), true),
    (case(1, 10, 3, Data::Driver), false),
    (list(&[2, 1], 2), false),
    (list(&[1, 2], 2), true),
    (list(&[3, 2, 1], 3), false),
    (list(&[3, 1, 2], 3), true),
    (
        list(&[14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 14),
        true,
    ),
];

#[test]
fn shell_ted_packed_stops_with_next_without_for_in_gw_basic() {
    let listing = SortListing {
        name: "shell_ted_packed",
        arrays: &["A"],
        scalar: None,
        port: |a, c| {
            shell::shell_ted_packed(&mut a[0], c.size, packed_gap(c), shell::BareNext::Innermost)
                .map(|_| None)
        },
    };
    let cases: Vec<_> = PACKED_CASES
        .iter()
        .map(|&(c, stops)| {
            (
                c,
                if stops {
                    err(ErrorCode::NextWithoutFor, 2170)
                } else {
                    OK
                },
            )
        })
        .collect();
    agree_all(&listing, &cases);
}

#[test]
fn shell_ted_packed_fixed_agrees() {
    let listing = SortListing {
        name: "shell_ted_packed_fixed",
        arrays: &["A"],
        scalar: None,
        port: |a, c| shell::shell_ted_packed_fixed(&mut a[0], c.size, packed_gap(c)).map(|_| None),
    };
    let cases: Vec<_> = PACKED_CASES.iter().map(|&(c, _)| (c, OK)).collect();
    agree_all(&listing, &cases);
}

// ---------------------------------------------------------------- Array Map, Match, Bitmap

#[test]
fn array_map_agrees_and_runs_off_x_on_repeats() {
    let listing = SortListing {
        name: "array_map",
        arrays: &["A", "X"],
        scalar: None,
        port: |arr, c| {
            let (a, x) = two(arr);
            linear::array_map(a, x, c.size, c.maxint).map(|_| None)
        },
    };
    let out = err(ErrorCode::SubscriptOutOfRange, 2450);
    agree_all(
        &listing,
        &[
            (case(1000, 2000, 1, Data::Driver), OK),
            (case(100, 100, 2, Data::Driver), OK),
            (case(1, 1, 3, Data::Driver), OK),
            (case(300, 5000, 4, Data::Driver), OK),
            (case(1000, 1000, 5, Data::Random), out),
            (list(&[5, 3, 5, 1], 5), out),
            (list(&[0, 2, 1], 2), out),
        ],
    );
}

#[test]
fn array_map_fixed_absorbs_repeats() {
    let listing = SortListing {
        name: "array_map_fixed",
        arrays: &["A", "X"],
        scalar: Some("SIZE"),
        port: |arr, c| {
            let (a, x) = two(arr);
            linear::array_map_fixed(a, x, c.size, c.maxint).map(Some)
        },
    };
    agree_all(
        &listing,
        &[
            (case(1000, 1000, 1, Data::Driver), OK),
            (case(50, 10, 2, Data::Driver), OK),
            (case(1, 1, 3, Data::Driver), OK),
            (list(&[5, 3, 5, 1], 5), OK),
            (list(&[0, 2, 1], 2), OK),
            (list(&[7, 6, 5, 4], 7), OK),
        ],
    );
}

#[test]
fn array_match_loses_repeats_and_runs_off_x() {
    let listing = SortListing {
        name: "array_match",
        arrays: &["A", "X"],
        scalar: None,
        port: |arr, c| {
            let (a, x) = two(arr);
            linear::array_match(a, x, c.size, c.maxint).map(|_| None)
        },
    };
    let out = err(ErrorCode::SubscriptOutOfRange, 2550);
    agree_all(
        &listing,
        &[
            (case(1000, 1000, 1, Data::Driver), out),
            (case(10, 20000, 2, Data::Driver), OK),
            (list(&[4, 1, 3], 4), OK),
            (list(&[2, 2, 1], 2), out),
            (list(&[0, 2, 1], 2), out),
            (case(300, 50, 3, Data::Driver), out),
        ],
    );
}

#[test]
fn array_match_fixed_keeps_every_copy() {
    let listing = SortListing {
        name: "array_match_fixed",
        arrays: &["A", "X"],
        scalar: None,
        port: |arr, c| {
            let (a, x) = two(arr);
            linear::array_match_fixed(a, x, c.size, c.maxint).map(|_| None)
        },
    };
    agree_all(
        &listing,
        &[
            (case(1000, 1000, 1, Data::Driver), OK),
            (case(500, 50, 2, Data::Driver), OK),
            (case(1, 1, 3, Data::Driver), OK),
            (case(2000, 3000, 4, Data::Driver), OK),
            (list(&[0, 0, 3, 1, 3], 3), OK),
            (list(&[2, 2, 1], 2), OK),
        ],
    );
}

const BITMAP_CASES: &[Case] = &[
    case(1000, 2000, 1, Data::Driver),
    case(50, 64, 2, Data::Driver),
    case(16, 16, 3, Data::Driver),
    case(300, 1000, 4, Data::Random),
    list(&[15, 31, 47, 0, 31], 47),
    list(&[1000, 999, 1], 1000),
];

/// As printed: SS in line 530 is never set, so it is 0.
fn bitmap_port(arr: &mut [Vec<i16>], c: &Case) -> Result<Option<i16>, BasicError> {
    let (a, x) = two(arr);
    linear::bitmap(a, x, c.size, c.maxint, 0).map(Some)
}

fn bitmap_fixed_port(arr: &mut [Vec<i16>], c: &Case) -> Result<Option<i16>, BasicError> {
    let (a, x) = two(arr);
    linear::bitmap_fixed(a, x, c.size, c.maxint).map(Some)
}

fn bitmap_listing(name: &'static str, fixed: bool) -> SortListing {
    let port: Port = if fixed {
        bitmap_fixed_port
    } else {
        bitmap_port
    };
    SortListing {
        name,
        arrays: &["A", "X"],
        scalar: Some("N"),
        port,
    }
}

#[test]
fn bitmap_sort_as_printed_writes_nothing_back() {
    let cases: Vec<_> = BITMAP_CASES.iter().map(|c| (*c, OK)).collect();
    agree_all(&bitmap_listing("bitmap_sort", false), &cases);
}

#[test]
fn bitmap_sort_fixed_agrees() {
    let mut cases: Vec<_> = BITMAP_CASES.iter().map(|c| (*c, OK)).collect();
    // X() sized MAXINT\16, "at least 1/16 the size of the greatest integer", is one short
    // of line 510's bound when MAXINT is not a multiple of 16 and a repeat keeps N<=SIZE.
    let short_x = Case {
        extra: &["30 DIM A(SIZE), X(MAXINT\\16), P(MAXINT)"],
        ..case(300, 1000, 5, Data::Random)
    };
    cases.push((short_x, err(ErrorCode::SubscriptOutOfRange, 540)));
    agree_all(&bitmap_listing("bitmap_sort_fixed", true), &cases);
}

// ---------------------------------------------------------------- shuffles and deals (000)

const SEEDS: &[i16] = &[1, 2, 3, -4, 32767, -32768];

fn cards(size: i16) -> Vec<i16> {
    (0..=size).collect()
}

fn shuffle_edits(size: i16, seed: i16) -> Vec<String> {
    vec![format!("20 SIZE={size}: SEED={seed}")]
}

#[test]
fn sort_randoms_agrees() {
    for (&seed, size) in SEEDS.iter().zip([52, 10, 1, 2, 100, 52]) {
        let mut s = session("sort_randoms", &shuffle_edits(size, seed));
        run(&mut s).unwrap();
        let mut a = cards(size);
        let mut x = vec![Single::ZERO; a.len()];
        shuffle::sort_randoms(&mut a, &mut x, size, &mut seeded(seed)).unwrap();
        assert_eq!(ints(&s, "A"), a, "seed {seed}");
        let keys: Vec<f64> = x.iter().map(|k| k.to_f64()).collect();
        assert_eq!(s.array_values("X").unwrap(), keys, "seed {seed}");
    }
}

#[test]
fn sort_randoms_under_defint_a_z_keeps_only_rounded_keys() {
    for &seed in &SEEDS[..5] {
        let mut edits = shuffle_edits(52, seed);
        edits.push("10 DEFINT A-Z".into());
        let mut s = session("sort_randoms", &edits);
        run(&mut s).unwrap();
        let mut a = cards(52);
        let mut x = vec![0i16; 53];
        shuffle::sort_randoms(&mut a, &mut x, 52, &mut seeded(seed)).unwrap();
        assert_eq!(ints(&s, "A"), a, "seed {seed}");
        assert_eq!(ints(&s, "X"), x, "seed {seed}");
    }
}

#[test]
fn collection_shuffle_agrees() {
    for (&seed, size) in SEEDS.iter().zip([52, 10, 1, 2, 1000, 52]) {
        let mut s = session("collection_shuffle", &shuffle_edits(size, seed));
        run(&mut s).unwrap();
        let mut a = cards(size);
        let mut x = vec![0; a.len()];
        shuffle::collection_shuffle(&mut a, &mut x, size, &mut seeded(seed)).unwrap();
        assert_eq!(ints(&s, "X"), x, "seed {seed}");
        assert_eq!(ints(&s, "A"), a, "seed {seed}: A() trashed the same way");
    }
}

#[test]
fn deal52_agrees() {
    for &seed in SEEDS {
        let mut s = session("deal52", &[format!("20 SEED={seed}")]);
        run(&mut s).unwrap();
        let mut dk = vec![0; 52];
        let mut grid = Grid::new(4, 13);
        deal::deal52(&mut dk, &mut grid, &mut seeded(seed)).unwrap();
        assert_eq!(s.array_dims("DEAL"), Some(vec![4, 13]));
        assert_eq!(ints(&s, "DEAL"), grid.cells(), "seed {seed}");
        assert_eq!(ints(&s, "DK"), dk, "seed {seed}");
    }
}

#[test]
fn deal52_without_the_drivers_dim_fails_in_7010() {
    let mut s = session("deal52", &["30 DIM P(51)".into()]);
    let mut dk = vec![0; 11]; // DK() made 0..10 by its first use
    let mut grid = Grid::new(11, 11);
    let port = deal::deal52(&mut dk, &mut grid, &mut seeded(1));
    assert_eq!(run(&mut s), port);
    assert_eq!(port, err(ErrorCode::SubscriptOutOfRange, 7010));
    assert_eq!(ints(&s, "DK"), dk);
}

#[test]
fn retry_deal_agrees() {
    for &seed in SEEDS {
        let mut s = session("retry_deal", &[format!("20 SEED={seed}")]);
        run(&mut s).unwrap();
        let mut grid = Grid::new(4, 13);
        let mut ct = vec![0; 4];
        let misses = deal::retry_deal(&mut grid, &mut ct, &mut seeded(seed)).unwrap();
        assert_eq!(ints(&s, "DEAL"), grid.cells(), "seed {seed}");
        assert_eq!(ints(&s, "CT"), ct, "seed {seed}");
        assert_eq!(scalar(&s, "MISS"), misses, "seed {seed}");
    }
}

// ---------------------------------------------------------------- the textbook's shuffles (002)

/// The test program's screen: "Deck:", the cards three columns each, a blank line; per
/// shuffle (Python's `"{0:3d}".format`).
fn deck_screen(decks: &[Vec<i16>]) -> String {
    decks
        .iter()
        .map(|d| {
            let cards: String = d.iter().map(|c| format!("{c:3}")).collect();
            format!("Deck:\n{cards}\n\n")
        })
        .collect()
}

/// Run a 002 listing with its parameters; compare its screen and final DECK() with the
/// decks the port produces shuffle after shuffle from 1..DECKSIZE.
fn agree_002(
    name: &str,
    params: &str,
    size: usize,
    shuffles: usize,
    first_card: i16,
    mut port: impl FnMut(&mut Vec<i16>),
) {
    let mut s = session(name, &[format!("20 {params}")]);
    run(&mut s).unwrap();
    let mut deck: Vec<i16> = (first_card..first_card + size as i16).collect();
    let mut decks = Vec::new();
    for _ in 0..shuffles {
        port(&mut deck);
        decks.push(deck.clone());
    }
    let output = String::from_utf8(s.take_output()).unwrap();
    if size <= 26 {
        assert_eq!(output, deck_screen(&decks), "{name} {params}");
    }
    assert_eq!(ints(&s, "DECK"), deck, "{name} {params}");
}

const DECKS_002: &[(usize, usize, i16)] = &[
    (10, 20, 1),
    (4, 5, 2),
    (8, 6, 3),
    (52, 3, -4),
    (1, 2, 5),
    (26, 10, 32767),
];

#[test]
fn perfect_shuffle_agrees() {
    for &(size, shuffles, seed) in DECKS_002.iter().filter(|d| d.0 % 2 == 0) {
        let params = format!("DECKSIZE={size}: NUMSHUFFLES={shuffles}: SEED={seed}");
        agree_002("perfect_shuffle", &params, size, shuffles, 1, |d| {
            shuffle::perfect_shuffle(d).unwrap()
        });
    }
    let mut four = session(
        "perfect_shuffle",
        &["20 DECKSIZE=4: NUMSHUFFLES=2: SEED=1".into()],
    );
    run(&mut four).unwrap();
    assert_eq!(
        String::from_utf8(four.take_output()).unwrap(),
        "Deck:\n  1  3  2  4\n\nDeck:\n  1  2  3  4\n\n"
    );
}

#[test]
fn perfect_shuffle_of_an_odd_deck_fails_in_1110() {
    for size in [1i16, 3, 5, 11, 51] {
        let mut s = session(
            "perfect_shuffle",
            &[format!("20 DECKSIZE={size}: NUMSHUFFLES=3: SEED=1")],
        );
        let mut deck: Vec<i16> = (1..=size).collect();
        let port = shuffle::perfect_shuffle(&mut deck);
        assert_eq!(
            port,
            err(ErrorCode::SubscriptOutOfRange, 1110),
            "DECKSIZE={size}"
        );
        assert_eq!(run(&mut s), port, "DECKSIZE={size}");
        assert_eq!(
            ints(&s, "DECK"),
            deck,
            "DECKSIZE={size}: the deck is left as it was"
        );
        assert_eq!(
            s.take_output(),
            b"Subscript out of range in 1110\n".to_vec(),
            "the first shuffle fails before any Print: only the error shows"
        );
    }
}

#[test]
fn exchange_shuffle_agrees() {
    for (&(size, shuffles, seed), exchanges) in DECKS_002.iter().zip([10, 1, 2, 52, 0, 100]) {
        let params = format!(
            "DECKSIZE={size}: NUMSHUFFLES={shuffles}: NUMEXCHANGES={exchanges}: SEED={seed}"
        );
        let mut rnd = seeded(seed);
        agree_002("exchange_shuffle", &params, size, shuffles, 1, |d| {
            shuffle::exchange_shuffle(d, exchanges, &mut rnd)
        });
    }
}

#[test]
fn selection_shuffle_agrees() {
    for &(size, shuffles, seed) in DECKS_002 {
        let params = format!("DECKSIZE={size}: NUMSHUFFLES={shuffles}: SEED={seed}");
        let mut rnd = seeded(seed);
        agree_002("selection_shuffle", &params, size, shuffles, 1, |d| {
            let end = shuffle::SearchEnd::CompareAtEnd;
            assert!(shuffle::selection_shuffle(d, &mut rnd, end, 1 << 24).is_some());
        });
    }
}

#[test]
fn selection_shuffle_fixed_shuffles_a_deck_holding_0() {
    for &(size, shuffles, seed) in DECKS_002 {
        let params = format!("DECKSIZE={size}: NUMSHUFFLES={shuffles}: SEED={seed}");
        let mut rnd = seeded(seed);
        agree_002("selection_shuffle_fixed", &params, size, shuffles, 0, |d| {
            let end = shuffle::SearchEnd::StopInside;
            assert!(shuffle::selection_shuffle(d, &mut rnd, end, 1 << 24).is_some());
        });
    }
}

#[test]
fn efficient_selection_shuffle_agrees() {
    for &(size, shuffles, seed) in DECKS_002 {
        let params = format!("DECKSIZE={size}: NUMSHUFFLES={shuffles}: SEED={seed}");
        let mut rnd = seeded(seed);
        agree_002(
            "efficient_selection_shuffle",
            &params,
            size,
            shuffles,
            1,
            |d| shuffle::efficient_selection_shuffle(d, &mut rnd),
        );
    }
}

/// Under `--pcbasic-next` (a bare NEXT finds its FOR by position, as PC-BASIC does) the
/// packed listing sorts, and gwrun prints exactly what PC-BASIC printed for it.
#[test]
fn shell_ted_packed_sorts_under_the_pcbasic_next_option() {
    let mut s = session("shell_ted_packed", &[]);
    s.machine_mut().compat_mut().pcbasic_next = true;
    assert_eq!(run(&mut s), Ok(()));
    let pcbasic = fs::read_to_string(basic_dir().join("expected/shell_ted_packed.out")).unwrap();
    assert_eq!(String::from_utf8(s.take_output()).unwrap(), pcbasic);
}

// ---------------------------------------------------------------- the claims' variants

/// Shell-Metzner's passes replayed in Rust on `a[1..]` with the gaps `gaps`: comparisons
/// (line 2150), moves (2155), J iterations whose K loop moved nothing (2165 with
/// K + D = J), and how many of those the store changes.
fn shell_replay(a: &mut [i16], gaps: &[usize]) -> (u64, u64, u64, u64) {
    let n = a.len() - 1;
    let (mut comparisons, mut moves, mut in_place, mut changed) = (0, 0, 0, 0);
    for &d in gaps {
        let di = d as isize;
        for j in d + 1..=n {
            let t = a[j];
            // FOR K=J-D TO 1 STEP -D: left by GOTO 2165, or past 1 by NEXT K
            let mut k = (j - d) as isize;
            loop {
                comparisons += 1;
                if t >= a[k as usize] {
                    break;
                }
                a[(k + di) as usize] = a[k as usize];
                moves += 1;
                k -= di;
                if k < 1 {
                    break;
                }
            }
            // 2165 A(K+D)=T
            let place = (k + di) as usize;
            if place == j {
                in_place += 1;
                if a[place] != t {
                    changed += 1;
                }
            }
            a[place] = t;
        }
    }
    (comparisons, moves, in_place, changed)
}

/// Hits of a line in a finished run.
fn line_hits(s: &Session, n: u16) -> u64 {
    s.cost_report(gwrun_core::cost::GotoModel::Gw)
        .lines
        .iter()
        .find(|l| l.number == n)
        .map_or(0, |l| l.hits)
}

/// The claims report's Shell-Metzner variants run in the interpreter against a Rust
/// replay of the same passes on the same data: the listing and its K loop without FOR
/// (claims::K_LOOP_LINES) make the replay's comparisons and moves and sort; the store
/// probe (claims::IN_PLACE_PROBE) counts the replay's J iterations whose K loop moved
/// nothing, and none of them changes A(); the 2^n − 1 gaps (claims::HIBBARD_LINES) make
/// the replay's comparisons.
#[test]
fn the_claims_shell_variants_match_a_rust_replay() {
    use gwrun_research::claims::{HIBBARD_LINES, IN_PLACE_PROBE, K_LOOP_LINES};
    for seed in [1i16, 2] {
        let c = case(2000, 2000, seed, Data::Random);
        let mut input = session(
            "shell_metzner",
            &[c.edits(), vec!["100 END".into()]].concat(),
        );
        run(&mut input).unwrap();
        let data = ints(&input, "A");
        let mut sorted = data.clone();
        sorted[1..].sort_unstable();
        let knuth: Vec<usize> = {
            let mut g = Vec::new();
            let mut d = shell::start_gap(c.size).unwrap() as usize;
            while d > 0 {
                g.push(d);
                d /= 3;
            }
            g
        };
        let (cmp, mov, in_place, changed) = shell_replay(&mut data.clone(), &knuth);
        assert_eq!(changed, 0);
        for extra in [vec![], K_LOOP_LINES.iter().map(|l| l.to_string()).collect()] {
            let mut s = session("shell_metzner", &[c.edits(), extra.clone()].concat());
            run(&mut s).unwrap();
            assert_eq!(ints(&s, "A"), sorted, "{extra:?}");
            assert_eq!(
                (line_hits(&s, 2150), line_hits(&s, 2155)),
                (cmp, mov),
                "{extra:?}"
            );
        }
        let probe = vec![
            "15 DEFDBL Z".to_string(),
            IN_PLACE_PROBE.to_string(),
            "2166 A(K+D)=T".to_string(),
        ];
        let mut s = session("shell_metzner", &[c.edits(), probe].concat());
        run(&mut s).unwrap();
        assert_eq!(ints(&s, "A"), sorted);
        assert_eq!(s.scalar_f64("ZZ"), Some(in_place as f64));
        assert_eq!(s.scalar_f64("ZC").unwrap_or(0.0), 0.0);
        // 2^n - 1 from one below the greatest under SIZE, halved
        let mut hib = Vec::new();
        let mut d = (1usize << ((f64::from(c.size).ln() / 2f64.ln()).floor() as u32 - 1)) - 1;
        while d > 0 {
            hib.push(d);
            d /= 2;
        }
        let (hcmp, hmov, _, _) = shell_replay(&mut data.clone(), &hib);
        let lines: Vec<String> = HIBBARD_LINES.iter().map(|l| l.to_string()).collect();
        let mut s = session("shell_metzner", &[c.edits(), lines].concat());
        run(&mut s).unwrap();
        assert_eq!(ints(&s, "A"), sorted);
        assert_eq!((line_hits(&s, 2150), line_hits(&s, 2155)), (hcmp, hmov));
    }
}
