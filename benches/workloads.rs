//! The workloads of `../shared/bench/programs/big` run in-process: each program
//! loaded and run through the library in a scratch directory, so the time per run leaves
//! out the process start-up and compares with the native code's in-process times in
//! `../shared/bench/RESULTS.md` (shell10k 1.2 ms, countsort10k 0.4, bubble1k 1.6,
//! strings 4.2). Skipped, with a message, when `../shared` is not beside the checkout.
//!
//! `cargo bench --bench workloads` (criterion's median per run in its report).

use criterion::{Criterion, criterion_group, criterion_main};
use gwrun_core::session::Session;
use std::path::PathBuf;

const WORKLOADS: &[&str] = &[
    "shell10k",
    "countsort10k",
    "bubble1k",
    "strings",
    "float",
    "deal",
    "gosub",
];

fn benches(c: &mut Criterion) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/bench/programs/big");
    if !dir.is_dir() {
        eprintln!("workloads: {} not found, skipped", dir.display());
        return;
    }
    // the programs write their result files into the current directory
    let scratch = std::env::temp_dir().join(format!("gwrun-workloads-{}", std::process::id()));
    if std::fs::create_dir_all(&scratch).is_err() || std::env::set_current_dir(&scratch).is_err() {
        eprintln!("workloads: no scratch directory, skipped");
        return;
    }
    let mut group = c.benchmark_group("workloads");
    group.sample_size(20);
    for w in WORKLOADS {
        let Ok(src) = std::fs::read(dir.join(format!("{w}.bas"))) else {
            eprintln!("workloads: {w}.bas not readable, skipped");
            continue;
        };
        group.bench_function(*w, |b| {
            b.iter(|| {
                let mut s = Session::captured(b"");
                let _ = s.load_source(&src);
                s.run_program()
            })
        });
    }
    group.finish();
    let _ = std::fs::remove_dir_all(&scratch);
}

criterion_group!(workloads, benches);
criterion_main!(workloads);
