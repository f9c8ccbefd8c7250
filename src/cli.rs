//! The command line: clap argument structs, validated into options, and the entry point
//! `run` that main.rs calls. `gwrun FILE` runs a program; `gwrun` alone opens direct mode.

use crate::console::{Console, OutputEncoding, StdConsole};
use crate::session::{Outcome, Session};
use clap::Parser;
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

/// The signal (SIGTERM, SIGHUP) that asked the process to end, 0 if none: the program is
/// stopped as by Ctrl-C, its files are closed, and the exit status is 128 + the signal.
pub static TERMINATED: AtomicI32 = AtomicI32::new(0);

/// gwrun: a faithful, fast GW-BASIC 3.23 interpreter.
#[derive(Debug, Parser)]
#[command(name = "gwrun", version, about, args_conflicts_with_subcommands = true)]
pub struct Args {
    /// Program to run (ASCII, tokenized or protected .BAS); none: direct mode.
    pub file: Option<PathBuf>,
    /// Print GW-BASIC operation counts and the cost estimate after the run (stderr).
    #[arg(long)]
    pub stats: bool,
    /// Print a per-line table of what GW-BASIC spent, most expensive first (stderr);
    /// `--profile=json` writes it as JSON.
    #[arg(long, value_name = "FORMAT", num_args = 0..=1, require_equals = true, default_missing_value = "text")]
    pub profile: Option<ProfileFormat>,
    /// GOTO search model of the estimate: `gw` (GW-BASIC 3.23: search once, then a
    /// pointer) or `naive` (every jump searches from the top, as the document describes).
    #[arg(long, value_name = "MODEL", default_value = "gw")]
    pub goto_model: GotoModelArg,
    /// Clock of the machine the estimate is for, in MHz (default: a 4.77 MHz 8088).
    #[arg(long, value_name = "MHZ", default_value_t = crate::cost::weights::DEFAULT_CLOCK_MHZ)]
    pub clock: f64,
    /// How to write screen output when stdout is not a terminal: `raw` code page 437
    /// bytes (default when redirected) or `unicode` (UTF-8).
    #[arg(long, value_name = "ENC")]
    pub output: Option<Encoding>,
    /// A bare NEXT finds its FOR by the NEXT's position, as PC-BASIC does (GW-BASIC takes
    /// the innermost FOR and fails after a jump out of an inner loop).
    #[arg(long)]
    pub pcbasic_next: bool,
    /// A FOR loop that runs zero times leaves start+step in its variable, as PC-BASIC does
    /// (GW-BASIC leaves the start value).
    #[arg(long)]
    pub pcbasic_zero_trip: bool,
    /// SQR, SIN, COS, TAN, ATN, LOG, EXP and fractional powers as PC-BASIC computes them
    /// (host IEEE functions, truncated to single) instead of GW-BASIC's own routines.
    #[arg(long)]
    pub pcbasic_math: bool,
    /// Keys typed as if at the keyboard, with PC-BASIC's escapes (`\r` Enter, `\x03`
    /// Ctrl-C, `\0\x48` the key with scan code &H48, Up): the program and then direct
    /// mode read them, through GW-BASIC's full-screen editor.
    #[arg(long, value_name = "STRING", allow_hyphen_values = true)]
    pub keys: Option<String>,
    /// PC-BASIC's option: protected programs cannot be listed or saved as text. That is
    /// always so here, as in GW-BASIC; the option is accepted for compatibility.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, default_missing_value = "True")]
    pub hide_protected: Option<String>,
    /// Load a program without running it, then go to direct mode.
    #[arg(long, value_name = "FILE", conflicts_with = "file")]
    pub load: Option<PathBuf>,
    /// On a terminal, direct mode uses GW-BASIC's full-screen editor (move anywhere,
    /// change a listed line and press Enter) instead of the line editor with history.
    #[arg(long)]
    pub full_screen: bool,
    /// Highest file number OPEN accepts (GW-BASIC's /F:n; default 3).
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=15))]
    pub max_files: u8,
    /// Confine the program's files to the current directory: it is C:\, and nothing above
    /// it or outside it (through `..` or a symbolic link) can be opened, listed, renamed
    /// or removed. For running programs one does not trust (docs/files.md).
    #[arg(long)]
    pub confine: bool,
    /// Convert a program file between formats and exit (as the `convert` subcommand):
    /// `--convert IN OUT [--to ascii|tokenized]`.
    #[arg(long, num_args = 2, value_names = ["IN", "OUT"], conflicts_with = "file")]
    pub convert: Option<Vec<PathBuf>>,
    /// Print a stage of the compiled form of FILE and exit: `tokens` (the stored bytes
    /// decoded), `ast` (the parsed statements) or `code` (the compiled statements with
    /// variables named and jumps and loops resolved).
    #[arg(long, value_name = "STAGE", requires = "file")]
    pub dump: Option<DumpStage>,
    /// The format `--convert` writes (default ascii).
    #[arg(long, value_name = "FORMAT", requires = "convert")]
    pub to: Option<ConvertTo>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ProfileFormat {
    Text,
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DumpStage {
    Tokens,
    Ast,
    Code,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GotoModelArg {
    Gw,
    Naive,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum Encoding {
    Raw,
    Unicode,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Convert a program file between ASCII and tokenized formats.
    Convert {
        input: PathBuf,
        output: PathBuf,
        #[arg(long, value_name = "FORMAT", default_value = "ascii")]
        to: ConvertTo,
    },
    /// The shuffle and deal lab: is a shuffle or deal fair?
    #[cfg(feature = "research")]
    Lab {
        #[command(subcommand)]
        command: crate::research::lab::cli::LabCommand,
    },
    /// Regenerate the claims report (docs/claims.md): the documents' sorting and
    /// shuffling claims re-examined with the listings in basic/.
    #[cfg(feature = "research")]
    Claims {
        /// Where to write the Markdown (default: stdout).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// The folder with the listings.
        #[arg(long, value_name = "DIR", default_value = "basic")]
        basic: PathBuf,
        /// Also refresh the generated weights table in this file (docs/cost.md).
        #[arg(long, value_name = "FILE")]
        cost_md: Option<PathBuf>,
    },
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum ConvertTo {
    Ascii,
    Tokenized,
}

/// Exit statuses: 0 after END/SYSTEM/end of program, 1 after an untrapped error or a
/// CLI error, 130 after a Break (Ctrl-C or STOP: `Break in NNN`).
pub fn run(args: Args, break_flag: Arc<AtomicBool>) -> i32 {
    #[cfg(feature = "research")]
    if let Some(Command::Lab { command }) = args.command {
        return crate::research::lab::cli::main(command, &break_flag);
    }
    #[cfg(feature = "research")]
    if let Some(Command::Claims {
        out,
        basic,
        cost_md,
    }) = &args.command
    {
        return crate::research::claims::main(
            out.as_deref(),
            basic,
            cost_md.as_deref(),
            &break_flag,
        );
    }
    if let Some(Command::Convert { input, output, to }) = &args.command {
        return convert(input, output, *to);
    }
    if let Some([input, output]) = args.convert.as_deref() {
        return convert(input, output, args.to.unwrap_or(ConvertTo::Ascii));
    }
    if let (Some(stage), Some(file)) = (args.dump, &args.file) {
        return dump(file, stage);
    }
    let encoding = args.output.map(|e| match e {
        Encoding::Raw => OutputEncoding::Raw,
        Encoding::Unicode => OutputEncoding::Unicode,
    });
    // on a terminal, typed lines (direct mode and INPUT) go through rustyline
    let term = interactive()
        .then(|| crate::session::repl::Term::new(encoding))
        .flatten();
    let term = term.map(|t| Rc::new(RefCell::new(t)));
    let console: Box<dyn Console> = match &term {
        Some(t) => Box::new(crate::session::repl::TermConsole::new(
            t.clone(),
            break_flag.clone(),
        )),
        None => Box::new(StdConsole::new(encoding)),
    };
    let mut session = Session::new(console, break_flag.clone());
    {
        let m = session.machine_mut();
        m.config.compat.pcbasic_next = args.pcbasic_next;
        m.config.compat.pcbasic_zero_trip = args.pcbasic_zero_trip;
        m.config.compat.pcbasic_math = args.pcbasic_math;
        m.set_max_files(args.max_files);
        if args.confine {
            m.io.files.disk = crate::dos::Disk::new(PathBuf::from("."), true);
        }
    }
    if let Some(spec) = &args.keys {
        session.type_keys(&crate::keyboard::parse_keys(spec));
    }
    // a program runs and gwrun ends with it, unless keys are typed (or the full-screen
    // editor is asked for): then direct mode follows, as on GW-BASIC
    let to_direct_mode = args.keys.is_some() || args.full_screen;
    let mut ran = None;
    if let Some(path) = &args.file {
        let outcome = match run_file(&mut session, path, &args) {
            Ok(o) => o,
            Err(status) => return status,
        };
        if !to_direct_mode || outcome == Outcome::Exit {
            let written = session.finish_screen();
            session.machine_mut().leave_full_screen();
            return status_of(&outcome, written);
        }
        ran = Some(outcome);
    } else if let Some(path) = &args.load
        && let Err(status) = load_file(&mut session, path)
    {
        return status;
    }
    if args.full_screen {
        // direct mode starts on GW's screen
        session.machine_mut().want_full_screen();
    }
    let status = match term {
        Some(t) => {
            if ran.is_none() && args.load.is_none() && !args.full_screen {
                banner(&mut session);
            }
            let mut keys = crate::session::repl::ScreenKeys::new(
                crate::session::repl::TermKeyboard::new(t),
                args.full_screen,
            );
            direct_mode(&mut session, &mut keys, &break_flag, ran.as_ref())
        }
        None => {
            let mut keys =
                crate::session::repl::ScreenKeys::new(crate::session::repl::Piped, false);
            direct_mode(&mut session, &mut keys, &break_flag, ran.as_ref())
        }
    };
    session.machine_mut().leave_full_screen();
    status
}

/// Direct mode, fresh or after a program's run.
fn direct_mode(
    session: &mut Session,
    keys: &mut dyn crate::session::repl::Keyboard,
    break_flag: &AtomicBool,
    ran: Option<&Outcome>,
) -> i32 {
    match ran {
        Some(outcome) => crate::session::repl::resume(session, keys, break_flag, outcome),
        None => crate::session::repl::run(session, keys, break_flag),
    }
}

/// Both stdin and stdout are terminals: line editing is possible.
fn interactive() -> bool {
    use std::io::IsTerminal;
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

/// The greeting of direct mode on a terminal (a scripted session starts with `Ok` only,
/// like PC-BASIC's transcripts).
fn banner(session: &mut Session) {
    let text = format!(
        "gwrun {} - GW-BASIC 3.23 direct mode (SYSTEM or Ctrl-D leaves)",
        env!("CARGO_PKG_VERSION")
    );
    session.screen_write(text.as_bytes());
    session.screen_newline();
    let free = format!("{} Bytes free", session.machine().free_memory());
    session.screen_write(free.as_bytes());
    session.screen_newline();
}

/// Loads a program file into the session (a message and exit status 1 when it cannot).
fn load_file(session: &mut Session, path: &PathBuf) -> Result<(), i32> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("gwrun: cannot read {}: {e}", path.display());
            return Err(1);
        }
    };
    if let Err(e) = session.load_source(&bytes) {
        eprintln!("gwrun: {}: {e}", path.display());
        return Err(1);
    }
    Ok(())
}

/// Loads and runs a program; the cost report follows the run.
fn run_file(session: &mut Session, path: &PathBuf, args: &Args) -> Result<Outcome, i32> {
    load_file(session, path)?;
    let outcome = session.run();
    print_cost(session, args);
    Ok(outcome)
}

/// The exit status after a program run: 128 + the signal that stopped it, 1 after an
/// error or when a file could not be written, 130 after a Break.
fn status_of(outcome: &Outcome, written: bool) -> i32 {
    let signal = TERMINATED.load(Ordering::Relaxed);
    if signal != 0 {
        return 128 + signal;
    }
    match outcome {
        Outcome::Ended | Outcome::Exit if written => 0,
        Outcome::Ended | Outcome::Exit | Outcome::Error(_) => 1,
        Outcome::Break { .. } => 130,
    }
}

/// `--dump STAGE FILE`.
fn dump(path: &std::path::Path, stage: DumpStage) -> i32 {
    use crate::compile::dump::Stage;
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("gwrun: cannot read {}: {e}", path.display());
            return 1;
        }
    };
    let program = match crate::program::progfile::load(&bytes) {
        Ok((p, _)) => p,
        Err(e) => {
            eprintln!("gwrun: {}: {}", path.display(), e.code);
            return 1;
        }
    };
    let stage = match stage {
        DumpStage::Tokens => Stage::Tokens,
        DumpStage::Ast => Stage::Ast,
        DumpStage::Code => Stage::Code,
    };
    use std::io::Write as _;
    match std::io::stdout().write_all(crate::compile::dump::dump(&program, stage).as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("gwrun: {e}");
            1
        }
        _ => 0,
    }
}

fn convert(input: &std::path::Path, output: &std::path::Path, to: ConvertTo) -> i32 {
    let bytes = match std::fs::read(input) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("gwrun: cannot read {}: {e}", input.display());
            return 1;
        }
    };
    let (program, protected) = match crate::program::progfile::load(&bytes) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("gwrun: {}: {}", input.display(), e.code);
            return 1;
        }
    };
    if protected {
        // GW-BASIC saves a protected program only protected
        eprintln!(
            "gwrun: {}: protected program: Illegal function call",
            input.display()
        );
        return 1;
    }
    let out = match to {
        ConvertTo::Ascii => crate::program::progfile::save_ascii(&program),
        ConvertTo::Tokenized => crate::program::progfile::save_tokenized(&program),
    };
    match crate::program::progfile::write_atomic(output, &out) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("gwrun: cannot write {}: {e}", output.display());
            1
        }
    }
}

/// `--stats` and `--profile` after a run (on stderr, so the program's output stays clean).
fn print_cost(session: &Session, args: &Args) {
    if !args.stats && args.profile.is_none() {
        return;
    }
    let model = match args.goto_model {
        GotoModelArg::Gw => crate::cost::GotoModel::Gw,
        GotoModelArg::Naive => crate::cost::GotoModel::Naive,
    };
    let mut report = session.cost_report(model);
    if args.clock > 0.0 {
        report.clock_mhz = args.clock;
    }
    if args.stats {
        eprint!("{}", report.stats_text());
    }
    match args.profile {
        Some(ProfileFormat::Text) => eprint!("{}", report.profile_text()),
        Some(ProfileFormat::Json) => eprint!("{}", report.profile_json()),
        None => {}
    }
}
