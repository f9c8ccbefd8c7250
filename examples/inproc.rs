//! A program's run time in process, for the in-process ratios of issue 18: the program
//! is loaded and run through the library (as `benches/workloads.rs` does: no process
//! start-up, no file loading) `REPS` times in a scratch directory, and the median time of
//! one run is printed in seconds. `tools/inproc_ratio.sh` alternates it with the native
//! code's in-process median, so that each ratio is taken in one phase of a noisy machine.
//!
//!     cargo run --release --example inproc -- PROGRAM.bas [REPS]

use gwrun_core::session::Session;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: inproc PROGRAM.bas [REPS]");
        return ExitCode::from(2);
    };
    let reps = match args.get(2).map(|r| r.parse::<usize>()) {
        None => 21,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("inproc: REPS must be a positive number");
            return ExitCode::from(2);
        }
    };
    let src = match std::fs::read(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("inproc: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    // the programs write their result files into the current directory
    let scratch = std::env::temp_dir().join(format!("gwrun-inproc-{}", std::process::id()));
    if let Err(e) =
        std::fs::create_dir_all(&scratch).and_then(|()| std::env::set_current_dir(&scratch))
    {
        eprintln!("inproc: scratch directory {}: {e}", scratch.display());
        return ExitCode::FAILURE;
    }
    let mut times: Vec<f64> = (0..reps)
        .map(|_| {
            let start = Instant::now();
            let mut s = Session::captured(b"");
            let _ = s.load_source(&src);
            let _ = s.run_program();
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!("{:.6}", times[reps / 2]);
    let _ = std::fs::remove_dir_all(&scratch);
    ExitCode::SUCCESS
}
