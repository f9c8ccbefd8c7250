//! The shuffle and deal listings against their ports, for several seeds and sizes.

use super::*;

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
