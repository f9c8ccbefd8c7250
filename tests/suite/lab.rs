//! The shuffle-and-deal lab, tested from outside: exact laws against known
//! values and identities, fair procedures passing and the flawed deal rejected with
//! fixed seeds, exact laws against independent simulation, the lab's GW-RND procedures
//! against the faithful ports in `gwrun_research::routines`, reproducibility across thread
//! counts, the command line, and Ctrl-C. (docs/claims.md is tests/claims.rs's.)

#![cfg(feature = "research")]

use clap::Parser;
use gwrun_core::num::Single;
use gwrun_core::rnd::GwRnd;
use gwrun_research::lab::LabError;
use gwrun_research::lab::cards::{CARDS, Hands, is_valid_deal};
use gwrun_research::lab::cli::{LabCommand, run};
use gwrun_research::lab::draw::{GwDraw, RngKind};
use gwrun_research::lab::engine::{CHUNK, RunSpec, Stop, run_deals, with_threads};
use gwrun_research::lab::flawed::{flawed_facts, pattern_law};
use gwrun_research::lab::listing::{
    ListingDealer, ListingOptions, ListingSpec, batch_seed, new_runner, reseed_value,
};
use gwrun_research::lab::patterns::{
    PAIR_SAME_HAND, adjacency_probs_52, pattern_table, suit_length_probs,
};
use gwrun_research::lab::procedures::{Dealer, Method, flawed_deal, ted_deal};
use gwrun_research::lab::report::overall_rejected;
use gwrun_research::lab::riffle::HumanModel;
use gwrun_research::lab::stats::{DealTally, LAST_PAIR, Statistic, gof, verdict, verdicts};

#[derive(Parser)]
struct Lab {
    #[command(subcommand)]
    cmd: LabCommand,
}

fn lab(args: &[&str]) -> Result<String, LabError> {
    let mut all = vec!["lab"];
    all.extend_from_slice(args);
    let cli = Lab::try_parse_from(all).map_err(|e| LabError::Argument(e.to_string()))?;
    let mut out = Vec::new();
    run(cli.cmd, &mut out)?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

fn deals(method: &Method, n: u64, seed: u64) -> DealTally {
    let spec = RunSpec {
        deals: n,
        seed,
        chunk: CHUNK,
        progress: false,
        stop: Stop::never(),
        only: None,
    };
    run_deals(&spec, |s| Ok(method.dealer(RngKind::Xoshiro, s))).unwrap()
}

#[test]
fn pattern_probabilities_match_the_bridge_tables() {
    let t = pattern_table();
    let p = |name: &str| {
        t.patterns
            .iter()
            .find(|p| p.name() == name)
            .unwrap()
            .probability()
    };
    assert_eq!(format!("{:.2}", 100.0 * p("4-4-3-2")), "21.55");
    assert_eq!(format!("{:.2}", 100.0 * p("5-3-3-2")), "15.52");
    assert_eq!(format!("{:.2}", 100.0 * p("5-4-3-1")), "12.93");
    assert_eq!(format!("{:.2}", 100.0 * p("7-3-2-1")), "1.88");
    assert_eq!(t.patterns.len(), 39);
    let ways: u64 = t.patterns.iter().map(|p| p.ways).sum();
    assert_eq!(ways, 635_013_559_600); // C(52,13): the 39 patterns sum to 1 exactly
}

#[test]
fn exact_laws_satisfy_identities() {
    // Mean suit length 13/4; mean adjacent same-hand pairs 51·12/51 = 12.
    let s = suit_length_probs();
    assert!((s.iter().enumerate().map(|(k, p)| k as f64 * p).sum::<f64>() - 3.25).abs() < 1e-12);
    let a = adjacency_probs_52();
    assert!((a.iter().enumerate().map(|(k, p)| k as f64 * p).sum::<f64>() - 12.0).abs() < 1e-9);
    // Mean suit length from the 39 patterns: Σ P(pattern)·(sum of lengths)/4 = 13/4,
    // and Σ P(pattern)·Σ l² = 4·E[l²] with E[l²] from the hypergeometric law.
    let t = pattern_table();
    let e2: f64 = s.iter().enumerate().map(|(k, p)| (k * k) as f64 * p).sum();
    let via_patterns: f64 = t
        .patterns
        .iter()
        .map(|p| p.probability() * p.lengths.iter().map(|&l| f64::from(l * l)).sum::<f64>())
        .sum();
    assert!((via_patterns - 4.0 * e2).abs() < 1e-12);
}

#[test]
fn fair_procedures_pass_on_large_runs() {
    let methods = [
        Method::Ted,
        Method::SortRandoms,
        Method::Collection,
        Method::Selection,
        Method::EfficientSelection,
        Method::Gsr { riffles: 24 },
    ];
    for (i, m) in methods.iter().enumerate() {
        let t = deals(m, 200_000, 1000 + i as u64);
        let vs = verdicts(&t);
        assert!(!overall_rejected(&vs, 0.001), "{}: {vs:?}", m.name());
    }
}

#[test]
fn unfair_procedures_are_rejected() {
    for m in [
        Method::Perfect { shuffles: 8 },
        Method::Exchange { exchanges: 26 },
        Method::Gsr { riffles: 3 },
        Method::Human {
            riffles: 4,
            model: HumanModel::default(),
        },
    ] {
        let t = deals(&m, 20_000, 7);
        assert!(overall_rejected(&verdicts(&t), 0.001), "{}", m.name());
    }
}

#[test]
fn flawed_deal_is_rejected_with_fewer_than_200_deals() {
    let t = deals(&Method::Flawed, 199, 1);
    let last = verdict(&t, Statistic::LastTwo);
    assert!(last.p < 0.001, "{last:?}");
    assert!(overall_rejected(&verdicts(&t), 0.001));
}

#[test]
fn flawed_simulation_agrees_with_the_exact_programme() {
    // 200,000 simulated flawed deals against the dynamic programme's laws.
    let n = 200_000;
    let t = deals(&Method::Flawed, n, 5);
    let law = pattern_law();
    let fit = gof(&t.patterns[0], &law, false).unwrap();
    assert!(fit.p > 0.001, "{fit:?}");
    let f = flawed_facts();
    let rate = t.pairs[LAST_PAIR] as f64 / n as f64;
    let se = (f.last_two_same * (1.0 - f.last_two_same) / n as f64).sqrt();
    assert!(
        (rate - f.last_two_same).abs() < 4.0 * se,
        "{rate} vs {}",
        f.last_two_same
    );
    let failures = t.draws as f64 / n as f64 - 52.0;
    let se = f.failures_sd / (n as f64).sqrt();
    assert!(
        (failures - f.expected_failures).abs() < 4.0 * se,
        "{failures} vs {}",
        f.expected_failures
    );
    // And it is far from fair: 3♣-2♣ together about 73% of the time, not 23.5%.
    assert!(rate > 3.0 * PAIR_SAME_HAND);
}

#[test]
fn selection_shuffle_draws_n_times_h_n() {
    // Coupon collector: mean 52·H_52 = 235.978, sd sqrt(52²·Σ1/i² − 52·H_52) ≈ 64.4.
    let n = 20_000;
    let t = deals(&Method::Selection, n, 3);
    let mean = t.draws as f64 / n as f64;
    let se = 64.4 / (n as f64).sqrt();
    assert!((mean - 235.978).abs() < 4.0 * se, "{mean}");
}

#[test]
fn same_seed_same_tables_with_one_and_two_threads() {
    let spec = RunSpec {
        deals: 3 * CHUNK + 123,
        seed: 42,
        chunk: CHUNK,
        progress: false,
        stop: Stop::never(),
        only: None,
    };
    for m in [
        Method::Ted,
        Method::Flawed,
        Method::Human {
            riffles: 2,
            model: HumanModel::default(),
        },
    ] {
        let run_with = |threads| {
            with_threads(threads, || {
                run_deals(&spec, |s| Ok(m.dealer(RngKind::Xoshiro, s)))
            })
            .unwrap()
            .unwrap()
        };
        let (one, two) = (run_with(1), run_with(2));
        assert_eq!(one.deals, spec.deals);
        assert_eq!(one, two, "{}", m.name());
    }
}

fn masks_of(grid: &[[u8; 13]; 4]) -> Hands {
    let mut hands = [0u64; 4];
    for (h, row) in grid.iter().enumerate() {
        for &c in row {
            hands[h] |= 1 << c;
        }
    }
    hands
}

#[test]
fn gw_driven_ted_deal_equals_the_faithful_port_of_deal52() {
    use gwrun_research::routines::basic::Grid;
    use gwrun_research::routines::deal::{deal52, hands_of};
    let mut port_rnd = GwRnd::new();
    let mut mine = GwDraw::from_rnd(GwRnd::new());
    for _ in 0..200 {
        let mut dk = vec![0i16; CARDS];
        let mut grid = Grid::new(4, 13);
        deal52(&mut dk, &mut grid, &mut port_rnd).unwrap();
        let lab = ted_deal(&mut mine);
        assert!(is_valid_deal(&lab));
        assert_eq!(lab, masks_of(&hands_of(&grid)));
    }
}

#[test]
fn gw_driven_flawed_deal_equals_the_faithful_port_of_retry_deal() {
    use gwrun_research::routines::basic::Grid;
    use gwrun_research::routines::deal::{hands_of, retry_deal};
    let mut port_rnd = GwRnd::new();
    let mut mine = GwDraw::from_rnd(GwRnd::new());
    for _ in 0..200 {
        let mut grid = Grid::new(4, 13);
        let mut ct = vec![0i16; 4];
        retry_deal(&mut grid, &mut ct, &mut port_rnd).unwrap();
        assert_eq!(flawed_deal(&mut mine), masks_of(&hands_of(&grid)));
    }
}

#[test]
fn cli_deal_reports_verdicts_and_writes_a_chart() {
    let out = lab(&["deal", "--method", "flawed", "--deals", "1000", "--quiet"]).unwrap();
    assert!(out.contains("NOT FAIR"), "{out}");
    assert!(out.contains("last two cards (3C, 2C) in one hand"));
    let dir = std::env::temp_dir().join(format!("gwrun-lab-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("ted.svg");
    let out = lab(&[
        "deal",
        "--deals",
        "20000",
        "--seed",
        "3",
        "--quiet",
        "--svg",
        svg.to_str().unwrap(),
    ])
    .unwrap();
    assert!(out.contains("consistent with a fair deal"), "{out}");
    // the rate in whole deals with separators, never "16,867,476.3397/s"
    let time = out.lines().find(|l| l.starts_with("time")).unwrap();
    let rate = time.rsplit_once("   ").unwrap().1;
    assert!(rate.ends_with(" deals/s (all statistics)"), "{time}");
    assert!(!rate.contains('.'), "{time}");
    // each verdict row: tests, the test shown with its own chi2, df and p, the p used
    assert!(out.contains("test shown"), "{out}");
    assert!(
        out.contains("p used: its p times the number of tests"),
        "{out}"
    );
    let patterns = out
        .lines()
        .find(|l| l.starts_with("hand patterns (39)"))
        .unwrap();
    assert!(patterns.contains("    4  seat "), "{patterns}");
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_procedures_and_parameters() {
    let human = lab(&[
        "deal",
        "--method",
        "human",
        "--riffles",
        "2",
        "--deals",
        "2000",
        "--quiet",
        "--cut-weights",
        "26=1",
        "--packet-weights",
        "1=1,2=1",
    ])
    .unwrap();
    assert!(
        human.contains("human riffle (000) x2, cuts 26=1, packets 1=1,2=1"),
        "{human}"
    );
    let gw = lab(&["deal", "--rng", "gw", "--deals", "2000", "--quiet"]).unwrap();
    assert!(gw.contains("GW-BASIC RND"));
    let perfect = lab(&[
        "deal",
        "--method",
        "perfect",
        "--shuffles",
        "8",
        "--deals",
        "100",
        "--quiet",
    ])
    .unwrap();
    assert!(perfect.contains("NOT FAIR"));
}

#[test]
fn cli_rejects_bad_arguments() {
    assert!(lab(&["deal", "--deals", "0"]).is_err());
    assert!(lab(&["deal", "--alpha", "1.5", "--deals", "10"]).is_err());
    assert!(
        lab(&[
            "deal",
            "--method",
            "human",
            "--cut-weights",
            "99=1",
            "--deals",
            "10"
        ])
        .is_err()
    );
    assert!(lab(&["deal", "--method", "nonsense"]).is_err());
    assert!(lab(&["riffle", "--max-riffles", "0"]).is_err());
}

#[test]
fn cli_riffle_and_exact_tables() {
    let out = lab(&["riffle", "--max-riffles", "7", "--samples", "2000"]).unwrap();
    assert!(out.contains("0.6135") && out.contains("0.3341"), "{out}");
    let periods = lab(&["exact", "perfect"]).unwrap();
    assert!(periods.contains(" 52 cards: period 8"));
    let flawed = lab(&["exact", "flawed"]).unwrap();
    assert!(
        flawed.contains("failed attempts per deal: mean 15.43"),
        "{flawed}"
    );
}

#[test]
fn listings_run_through_the_interpreter() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let run = |name: &str, deals: &str| {
        lab(&[
            "deal",
            "--listing",
            &format!("{dir}/basic/{name}"),
            "--deals",
            deals,
            "--quiet",
        ])
        .unwrap()
    };
    for fair in [
        "deal52.bas",
        "collection_shuffle.bas",
        "efficient_selection_shuffle.bas",
    ] {
        let out = run(fair, "2000");
        assert!(out.contains("consistent with a fair deal"), "{fair}: {out}");
        assert!(out.contains("2,200 deals per second in immediate mode"));
    }
    // 001's retry deal, 002's exchange shuffle with its 10 exchanges, the perfect shuffle.
    for unfair in [
        "retry_deal.bas",
        "exchange_shuffle.bas",
        "perfect_shuffle.bas",
    ] {
        let out = run(unfair, "199");
        assert!(out.contains("NOT FAIR"), "{unfair}: {out}");
    }
}

fn listing_dealer(name: &str, seed: u64) -> ListingDealer {
    let path = format!("{}/basic/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap();
    let spec = ListingSpec::parse(&path, &bytes, &ListingOptions::default()).unwrap();
    ListingDealer::new(&spec, seed, new_runner).unwrap()
}

/// GW-BASIC's RND after the driver's `RND(-x!)` for batch 0 of a dealer seeded `seed`.
fn rnd_after_reseed(seed: u64) -> GwRnd {
    let x = reseed_value(batch_seed(seed, 0));
    let mut r = GwRnd::new();
    r.rnd(Single::from_f64(-(x as f64)));
    r
}

#[test]
fn verbatim_listings_deal_what_the_lab_procedures_deal() {
    // deal52.bas in the interpreter and the lab's Ted's deal on GW-BASIC's RND from the
    // same state give the same 100 deals; so do retry_deal.bas and the flawed deal.
    let mut listing = listing_dealer("deal52.bas", 77);
    let mut d = GwDraw::from_rnd(rnd_after_reseed(77));
    for _ in 0..100 {
        assert_eq!(listing.deal().unwrap(), ted_deal(&mut d));
    }
    let mut listing = listing_dealer("retry_deal.bas", 78);
    let mut d = GwDraw::from_rnd(rnd_after_reseed(78));
    for _ in 0..100 {
        assert_eq!(listing.deal().unwrap(), flawed_deal(&mut d));
    }
}

#[test]
fn a_listing_that_never_ends_is_broken_off() {
    let dir = std::env::temp_dir().join(format!("gwrun-lab-loop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("loop.bas");
    std::fs::write(
        &file,
        "10 DIM DEAL(3,12)\n100 GOSUB 7000\n199 END\n7000 'Out: DEAL(h,c)\n7010 GOTO 7010\n",
    )
    .unwrap();
    let err = lab(&[
        "deal",
        "--listing",
        file.to_str().unwrap(),
        "--deals",
        "10",
        "--quiet",
        "--listing-timeout",
        "0.5",
    ]);
    assert!(
        matches!(&err, Err(LabError::Listing(m)) if m.contains("broken off")),
        "{err:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Starts `gwrun lab ARGS` (the real binary), lets it work for a while, sends SIGINT and
/// returns (exit code, stdout, stderr); a child that ignores the signal is killed after a
/// minute and has no exit code.
#[cfg(unix)]
fn interrupted(args: &[&str]) -> (Option<i32>, String, String) {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_gwrun"))
        .arg("lab")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gwrun starts");
    std::thread::sleep(Duration::from_millis(700));
    assert!(
        child.try_wait().unwrap().is_none(),
        "ended before the signal"
    );
    let sent = Instant::now();
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success());
    while child.try_wait().unwrap().is_none() {
        if sent.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_lab_deal_and_writes_nothing() {
    let dir = std::env::temp_dir().join(format!("gwrun-lab-sigint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("deal.svg");
    let listing = concat!(env!("CARGO_MANIFEST_DIR"), "/basic/deal52.bas");
    let runs: [&[&str]; 3] = [
        &[
            "deal",
            "--deals",
            "4000000000",
            "--svg",
            svg.to_str().unwrap(),
        ],
        &[
            "deal",
            "--listing",
            listing,
            "--deals",
            "100000000",
            "--svg",
            svg.to_str().unwrap(),
        ],
        &[
            "riffle",
            "--samples",
            "4000000000",
            "--svg",
            svg.to_str().unwrap(),
        ],
    ];
    for args in runs {
        let (code, out, err) = interrupted(args);
        assert_eq!(code, Some(130), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: no report: {out}");
        assert!(
            err.contains("gwrun lab: interrupted (Ctrl-C) after ")
                && err.contains("; nothing written"),
            "{args:?}: {err}"
        );
        let unit = if args[0] == "riffle" {
            " of 12 riffle counts"
        } else {
            " deals"
        };
        assert!(err.contains(unit), "{args:?}: {err}");
        assert!(!svg.exists(), "{args:?}: no chart");
        // nothing half-written beside it either
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The lab past one machine: a run dealt as 4 shards (`--shard I/4 --out part.json`, each
/// its own process) and merged (`gwrun lab merge`) gives the whole run's tally, every
/// count equal, and the same statistics report; merging refuses a missing shard, a shard
/// given twice and a shard of another run; every report gives deals per CPU-second.
#[test]
fn four_shards_merge_into_exactly_one_run() {
    use gwrun_research::lab::shard::TallyFile;
    use std::process::Command;
    let dir = std::env::temp_dir().join(format!("gwrun-lab-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let gwrun = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_gwrun"))
            .arg("lab")
            .args(args)
            .current_dir(&dir)
            .output()
            .expect("gwrun runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    // 300,000 deals in chunks of 65,536: 5 chunks, shards of 1 and 2 chunks
    let base = [
        "deal", "--method", "flawed", "--deals", "300000", "--seed", "9",
    ];
    let (code, whole_report, err) = gwrun(&[&base[..], &["--out", "whole.json"]].concat());
    assert_eq!(code, Some(0), "{err}");
    for i in 0..4 {
        let shard = format!("{i}/4");
        let out = format!("part{i}.json");
        let (code, report, err) = gwrun(&[&base[..], &["--shard", &shard, "--out", &out]].concat());
        assert_eq!(code, Some(0), "{err}");
        assert!(report.contains(&format!("shard {i}/4 of a run of 300000 deals")));
    }
    let parts = ["part0.json", "part1.json", "part2.json", "part3.json"];
    let (code, merged_report, err) =
        gwrun(&[&["merge"][..], &parts, &["--out", "merged.json"]].concat());
    assert_eq!(code, Some(0), "{err}");
    let whole = TallyFile::read(&dir.join("whole.json")).unwrap();
    let merged = TallyFile::read(&dir.join("merged.json")).unwrap();
    assert_eq!(merged.tally, whole.tally);
    assert_eq!(merged.tally.deals, 300_000);
    assert_eq!(merged.key, whole.key);
    assert_eq!(merged.parts, 4);
    let part1 = TallyFile::read(&dir.join("part1.json")).unwrap();
    assert!(part1.tally.deals > 0 && part1.tally.deals < 300_000);
    // the reports agree from the verdict table on (the heading has times and threads)
    let statistics = |r: &str| r[r.find("verdicts at alpha").unwrap()..].to_string();
    let cut = |r: &str| statistics(r)[..statistics(r).find("tally written").unwrap()].to_string();
    assert_eq!(cut(&merged_report), cut(&whole_report));
    for r in [&whole_report, &merged_report] {
        assert!(r.contains("deals per CPU-second"), "{r}");
    }
    assert!(merged_report.contains("parts 4"));
    // refusals
    let (code, _, err) = gwrun(&["merge", "part0.json", "part1.json", "part3.json"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("are in no file"), "{err}");
    let (code, _, err) = gwrun(&[
        "merge",
        "part0.json",
        "part1.json",
        "part1.json",
        "part2.json",
        "part3.json",
    ]);
    assert_eq!(code, Some(1));
    assert!(err.contains("repeats chunks"), "{err}");
    let (code, _, err) = gwrun(&[
        "deal",
        "--method",
        "flawed",
        "--deals",
        "300000",
        "--seed",
        "10",
        "--shard",
        "3/4",
        "--out",
        "other.json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let (code, _, err) = gwrun(&[
        "merge",
        "part0.json",
        "part1.json",
        "part2.json",
        "other.json",
    ]);
    assert_eq!(code, Some(1));
    assert!(err.contains("another run"), "{err}");
    let (code, _, err) = gwrun(&["deal", "--shard", "4/4", "--deals", "10"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("--shard 4/4"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
