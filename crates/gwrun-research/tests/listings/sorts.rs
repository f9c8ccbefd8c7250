//! The sort listings against their ports: the Shell sorts (the packed one as printed
//! and fixed), Array Map, Array Match and the bitmap sort, each on several data sets.

use super::*;

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
