//! The command line: clap argument structs, validated into options (`parse_args`: a
//! combination clap cannot express is refused with the user's own words and clap's exit
//! status 2), and the entry point `run` that main.rs calls. `gwrun FILE` runs a program
//! (found as LOAD finds it: `gwrun DEAL` reads DEAL.BAS); `gwrun` alone opens direct
//! mode. Output that cannot be written ends the run: a closed pipe quietly with the
//! status of SIGPIPE (`EXIT_BROKEN_PIPE`), any other failure with a message naming the
//! file and status 1.

use crate::stdio::StdConsole;
use crate::term::pixels;
use clap::{CommandFactory, Parser};
use gwrun_core::console::{Console, ConsoleError, OutputEncoding};
use gwrun_core::session::{Outcome, Session};
use std::cell::RefCell;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
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
    /// Program to run (ASCII, tokenized or protected .BAS; `.BAS` may be left out, and
    /// the name's case does not matter, as for LOAD); none: direct mode.
    pub file: Option<PathBuf>,
    /// Words after FILE: only to say what is wrong with them (`parse_args`).
    #[arg(hide = true)]
    pub extra: Vec<OsString>,
    /// Run FILE, then stay in direct mode with the program loaded (PC-BASIC's habit): `Ok`
    /// follows the run, so LIST and editing the line that failed work at once.
    #[arg(long, requires = "file")]
    pub stay: bool,
    /// Let SHELL run host commands (`sh -c`); without it SHELL is refused with
    /// "Illegal function call" (as PC-BASIC refuses it with no shell configured).
    #[arg(long)]
    pub allow_shell: bool,
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
    #[arg(long, value_name = "MHZ", default_value_t = gwrun_core::cost::weights::DEFAULT_CLOCK_MHZ, value_parser = parse_clock, allow_negative_numbers = true)]
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
    /// When the program ends, write the screen as it is shown (a graphics page or the
    /// text) to FILE as a PNG with the monitor's 4:3 proportions (docs/graphics.md).
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// How graphics modes are shown on a terminal: in its pixel protocol, guessed from
    /// its environment (auto), named (kitty, sixel), or as the text cells only (text).
    #[arg(long, value_name = "HOW", value_enum, default_value_t = GraphicsOut::Auto)]
    pub graphics: GraphicsOut,
    /// Convert a program file between formats and exit (as the `convert` subcommand):
    /// `--convert IN OUT [--to ascii|tokenized]`.
    #[arg(long, num_args = 2, value_names = ["IN", "OUT"], conflicts_with = "file")]
    pub convert: Option<Vec<PathBuf>>,
    /// Print a stage of the compiled form of FILE and exit: `tokens` (the stored bytes
    /// decoded), `ast` (the parsed statements) or `code` (the compiled statements with
    /// variables named and jumps and loops resolved).
    #[arg(long, value_name = "STAGE", requires = "file")]
    pub dump: Option<DumpStage>,
    /// Where the printer's stream (LPRINT, LLIST, files opened on LPT1:) goes, with
    /// PC-BASIC's syntax: `FILE:name` (a host file) or `STDIO:` (standard output);
    /// without it the stream is discarded, as a PC without a printer.
    #[arg(long, value_name = "DEVICE")]
    pub lpt1: Option<String>,
    /// Write everything the speaker played (BEEP, SOUND, PLAY) to this WAV file at the
    /// end (16-bit mono, 44.1 kHz, square waves).
    #[arg(long, value_name = "FILE.wav", require_equals = false)]
    pub sound: Option<PathBuf>,
    /// Play BEEP, SOUND and PLAY on the sound card as the program runs (builds with the
    /// `live-sound` feature); waiting for music then takes real time, as on GW-BASIC.
    #[arg(long)]
    pub live_sound: bool,
    /// The format `--convert` writes (default ascii).
    #[arg(long, value_name = "FORMAT", requires = "convert")]
    pub to: Option<ConvertTo>,
    // ---- PC-BASIC's session options and the clock (issue 13) ----
    /// Direct-mode commands to carry out first, `:`-separated (outside quotes), after
    /// the program is loaded and before it runs (PC-BASIC's --exec).
    #[arg(long, value_name = "CMDS")]
    pub exec: Option<String>,
    /// Quit when the commands and the program are done instead of going on in direct
    /// mode (PC-BASIC's --quit; a program given as FILE always quits after its run).
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = parse_bool)]
    pub quit: Option<bool>,
    /// Protected programs cannot be listed or saved as text (GW-BASIC's rule and gwrun's
    /// default); `--hide-protected=false` lists them, as PC-BASIC does by default.
    #[arg(long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = parse_bool)]
    pub hide_protected: Option<bool>,
    /// LIST and SAVE ,A show no line above N (PC-BASIC's --hide-listing; default 65530:
    /// GW-BASIC lists 65530 and hides 65531 and above); a value that is not a number
    /// keeps the default.
    #[arg(long, value_name = "N")]
    pub hide_listing: Option<String>,
    /// Start the interpreter's clock (DATE$, TIME$, TIMER) at this local date and time
    /// instead of the host's: `YYYY-MM-DD[THH:MM[:SS[.hh]]]`, read as a FILE run starts
    /// (so a loaded machine's slower start-up changes nothing); it then runs at the real
    /// rate. The host's clock is never set, whatever the program does.
    #[arg(long, value_name = "START", value_parser = gwrun_core::machine::clock::ClockStart::parse)]
    pub clock_start: Option<gwrun_core::machine::clock::ClockStart>,
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

/// How a graphics mode is shown on a terminal (`--graphics`).
#[derive(Debug, Clone, Copy, Default, clap::ValueEnum)]
pub enum GraphicsOut {
    /// The terminal's pixel protocol, guessed from its environment (docs/graphics.md).
    #[default]
    Auto,
    /// Kitty's graphics protocol (kitty, WezTerm, Ghostty, Konsole).
    Kitty,
    /// Sixel (xterm -ti vt340, foot, mlterm, WezTerm, Konsole, contour).
    Sixel,
    /// The text cells only.
    Text,
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
        command: gwrun_research::lab::cli::LabCommand,
    },
    /// Print a shell completion script for gwrun (bash, elvish, fish, powershell, zsh).
    Completions {
        #[arg(value_name = "SHELL")]
        shell: clap_complete::Shell,
    },
    /// Print gwrun's manual page (roff; `gwrun manpage > gwrun.1`).
    Manpage,
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

/// The exit status after the reader of stdout went away (128 + SIGPIPE, what a shell
/// shows for a process the signal ended; main.rs ends the process by the signal itself).
pub const EXIT_BROKEN_PIPE: i32 = 141;

/// The clock of `--clock`: a positive, finite number of MHz.
fn parse_clock(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err("the clock is a positive number of MHz, such as 4.77".to_string()),
    }
}

/// The arguments of the process, checked (`Args::check`); a bad combination exits with
/// clap's message format and status 2.
pub fn parse_args() -> Args {
    let argv: Vec<OsString> = std::env::args_os().collect();
    match parse_from(&argv) {
        Ok(a) => a,
        Err(e) => e.exit(),
    }
}

/// `argv` (with the program name first) parsed and checked.
pub fn parse_from(argv: &[OsString]) -> Result<Args, clap::Error> {
    let args = Args::try_parse_from(argv)?;
    args.check(argv)?;
    Ok(args)
}

impl Args {
    /// What clap cannot say by itself, said in the words the user typed.
    fn check(&self, argv: &[OsString]) -> Result<(), clap::Error> {
        use clap::error::ErrorKind;
        let fail = |kind, msg: String| Err(Args::command().error(kind, msg));
        let word = |w: &OsString| w.to_string_lossy().into_owned();
        if let Some(first) = self.extra.first() {
            let file = self.file.as_ref().map(|f| f.to_string_lossy().into_owned());
            // `--profile json prog.bas`: the format went in as the program's name
            let after_profile = argv
                .windows(2)
                .any(|w| w[0] == "--profile" && Some(word(&w[1])) == file);
            if let Some(f) = file.as_deref().filter(|f| after_profile && is_format(f)) {
                return fail(
                    ErrorKind::ValueValidation,
                    format!(
                        "`--profile {f}`: the format goes after an equals sign, \
                         `--profile={f}` (`--profile` alone means text)"
                    ),
                );
            }
            return fail(
                ErrorKind::TooManyValues,
                format!(
                    "`{}`: gwrun runs one program (FILE is `{}`); \
                     a program can CHAIN or RUN another",
                    word(first),
                    file.unwrap_or_default()
                ),
            );
        }
        if self.to.is_some() && self.convert.is_none() {
            return fail(
                ErrorKind::MissingRequiredArgument,
                "`--to` says what `--convert IN OUT` writes; there is no `--convert` \
                 (or use `gwrun convert IN OUT --to FORMAT`)"
                    .to_string(),
            );
        }
        if self.file.is_none() && self.command.is_none() && self.convert.is_none() {
            let given = [
                (self.stats, "--stats"),
                (self.profile.is_some(), "--profile"),
            ];
            if let Some((_, name)) = given.iter().find(|(on, _)| *on) {
                return fail(
                    ErrorKind::MissingRequiredArgument,
                    format!(
                        "`{name}` reports on the run of a program FILE; \
                         direct mode has none (`gwrun {name} FILE`)"
                    ),
                );
            }
        }
        Ok(())
    }
}

/// A word `--profile` takes as its format.
fn is_format(w: &str) -> bool {
    w.eq_ignore_ascii_case("text") || w.eq_ignore_ascii_case("json")
}

/// Exit statuses: 0 after END/SYSTEM/end of program, 1 after an untrapped error or a
/// CLI error (output that could not be written included), 130 after a Break (Ctrl-C or
/// STOP: `Break in NNN`), 128 + the signal after SIGTERM or SIGHUP, `EXIT_BROKEN_PIPE`
/// when stdout's reader went away.
pub fn run(args: Args, break_flag: Arc<AtomicBool>) -> i32 {
    if let Some(Command::Completions { shell }) = &args.command {
        let mut out = Vec::new();
        clap_complete::generate(*shell, &mut Args::command(), "gwrun", &mut out);
        return write_stdout("gwrun completions", &out);
    }
    if let Some(Command::Manpage) = &args.command {
        let mut out = Vec::new();
        if let Err(e) = clap_mangen::Man::new(Args::command()).render(&mut out) {
            eprintln!("gwrun manpage: {e}");
            return 1;
        }
        return write_stdout("gwrun manpage", &out);
    }
    #[cfg(feature = "research")]
    if let Some(Command::Lab { command }) = args.command {
        return gwrun_research::lab::cli::main(command, &break_flag);
    }
    #[cfg(feature = "research")]
    if let Some(Command::Claims {
        out,
        basic,
        cost_md,
    }) = &args.command
    {
        return gwrun_research::claims::main(
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
    // temporary files of a SAVE that was killed half way
    gwrun_core::program::progfile::clean_stale_temps(Path::new("."));
    let encoding = args.output.map(|e| match e {
        Encoding::Raw => OutputEncoding::Raw,
        Encoding::Unicode => OutputEncoding::Unicode,
    });
    // on a terminal, typed lines (direct mode and INPUT) go through rustyline
    let term = interactive()
        .then(|| crate::repl_term::Term::new(encoding))
        .flatten();
    let term = term.map(|t| Rc::new(RefCell::new(t)));
    let console: Box<dyn Console> = match &term {
        Some(t) => Box::new(crate::repl_term::TermConsole::new(
            t.clone(),
            break_flag.clone(),
            match args.graphics {
                GraphicsOut::Auto => pixels::detect(|k| std::env::var(k).ok()),
                GraphicsOut::Kitty => Some(pixels::Protocol::Kitty),
                GraphicsOut::Sixel => Some(pixels::Protocol::Sixel),
                GraphicsOut::Text => None,
            },
        )),
        None => Box::new(StdConsole::new(encoding)),
    };
    let mut session = Session::new(console, break_flag.clone());
    let clock = Rc::new(crate::host::SystemClock::new());
    {
        let m = session.machine_mut();
        m.set_host_clock(clock.clone());
        m.set_environment(crate::host::environment());
        m.config.compat.pcbasic_next = args.pcbasic_next;
        m.config.compat.pcbasic_zero_trip = args.pcbasic_zero_trip;
        m.config.compat.pcbasic_math = args.pcbasic_math;
        m.set_max_files(args.max_files);
        if args.confine {
            m.confine_to(PathBuf::from("."));
        }
        if let Some(spec) = &args.lpt1 {
            match printer_stream(spec) {
                Ok(out) => m.attach_printer(1, out),
                Err(e) => {
                    eprintln!("gwrun: --lpt1={spec}: {e}");
                    return 2;
                }
            }
        }
        if args.live_sound
            && let Err(e) = m.set_live_sound(|origin| open_live_sound(clock.instant(origin)))
        {
            eprintln!("gwrun: --live-sound: {e}; the program runs without sound");
        }
        if let Some(start) = args.clock_start {
            m.set_clock(start);
        }
        if args.allow_shell {
            m.set_shell(Some(Box::new(crate::host::SystemShell)));
        }
    }
    if !std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        // the transcript goes to a file or pipe: the user still sees what went wrong
        session.log_errors_to(Box::new(std::io::stderr()));
    }
    session.set_hide_protected(args.hide_protected.unwrap_or(true));
    if let Some(n) = args
        .hide_listing
        .as_deref()
        .and_then(|v| v.trim().parse().ok())
    {
        session.set_hide_listing(n);
    }
    if let Some(spec) = &args.keys {
        session.type_keys(&gwrun_core::keyboard::parse_keys(spec));
    }
    if args.exec.is_some() || args.quit == Some(true) {
        let status = launch(&mut session, &args, term, &break_flag);
        finish_devices(&mut session, &args);
        return status;
    }
    // a program runs and gwrun ends with it, unless keys are typed, the full-screen
    // editor is asked for or --stay: then direct mode follows, as on GW-BASIC
    let to_direct_mode = args.keys.is_some() || args.full_screen || args.stay;
    let mut ran = None;
    if let Some(path) = &args.file {
        let (outcome, cost) = match run_file(&mut session, path, &args) {
            Ok(o) => o,
            Err(status) => return status,
        };
        // keys the program left in the keyboard buffer (poked into the BIOS ring) are
        // read by direct mode, as on GW-BASIC [M unsorted/KEYPOKE]
        let keys_left = session.machine_mut().has_typed_keys();
        if !(to_direct_mode || keys_left)
            || outcome == Outcome::Exit
            || session.machine().output_failure().is_some()
        {
            let written = session.finish_screen();
            if let Err(status) = write_screenshot(&session, &args) {
                return status;
            }
            session.machine_mut().leave_full_screen();
            finish_devices(&mut session, &args);
            return output_status(&session, status_of(&outcome, written).max(cost));
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
    if term.is_some() && ran.is_none() && args.load.is_none() && !args.full_screen {
        banner(&mut session);
    }
    let status = direct_mode(
        &mut session,
        term,
        args.full_screen,
        &break_flag,
        ran.as_ref(),
    );
    session.machine_mut().leave_full_screen();
    finish_devices(&mut session, &args);
    if let Err(s) = write_screenshot(&session, &args) {
        return s;
    }
    output_status(&session, status)
}

/// The exit status once the session is over: the console's failure, if it had one,
/// decides it (the reader going away ends quietly; a failed write is reported with the
/// file stdout went to).
fn output_status(session: &Session, status: i32) -> i32 {
    match session.machine().output_failure() {
        None => status,
        Some(ConsoleError::Closed) => EXIT_BROKEN_PIPE,
        Some(ConsoleError::Write(e)) => {
            let _ = writeln!(
                std::io::stderr(),
                "gwrun: cannot write {}: {e}",
                stream_name(1, "stdout")
            );
            1
        }
    }
}

/// The file behind a standard stream, for messages: its path when the system says (on
/// Linux), else `fallback`.
fn stream_name(fd: u32, fallback: &str) -> String {
    match std::fs::read_link(format!("/proc/self/fd/{fd}")) {
        Ok(p) if p.is_absolute() => format!("{} ({fallback})", p.display()),
        _ => fallback.to_string(),
    }
}

/// Bytes for stdout from a command that writes and exits: a reader that went away ends
/// quietly, a failed write is an error naming the file.
fn write_stdout(what: &str, bytes: &[u8]) -> i32 {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => EXIT_BROKEN_PIPE,
        Err(e) => {
            eprintln!("{what}: cannot write {}: {e}", stream_name(1, "stdout"));
            1
        }
    }
}

/// The printer stream `--lpt1` names: `FILE:name` or `STDIO:` (PC-BASIC's syntax).
fn printer_stream(spec: &str) -> Result<Option<Box<dyn std::io::Write>>, String> {
    let upper = spec.to_ascii_uppercase();
    if upper.starts_with("STDIO:") {
        return Ok(Some(Box::new(std::io::stdout())));
    }
    if upper.starts_with("FILE:") {
        let f = std::fs::File::create(&spec[5..]).map_err(|e| e.to_string())?;
        return Ok(Some(Box::new(std::io::BufWriter::new(f))));
    }
    if upper.is_empty() || upper.starts_with("PRINTER:") {
        return Ok(None);
    }
    Err("expected FILE:name or STDIO:".to_string())
}

/// Opens the sound card for `--live-sound`, from the sound clock's zero.
#[cfg(feature = "live-sound")]
fn open_live_sound(
    origin: std::time::Instant,
) -> Result<Box<dyn gwrun_core::sound::LivePlayer>, String> {
    Ok(Box::new(crate::live_sound::Live::open(origin)?))
}

/// Without the `live-sound` feature there is no sound card to open.
#[cfg(not(feature = "live-sound"))]
fn open_live_sound(
    _origin: std::time::Instant,
) -> Result<Box<dyn gwrun_core::sound::LivePlayer>, String> {
    Err("this gwrun was built without live sound (cargo build --features live-sound)".into())
}

/// At the end: the printer's stream flushed, the `--sound` WAV written.
fn finish_devices(session: &mut Session, args: &Args) {
    let m = session.machine_mut();
    m.drain_sound();
    m.flush_printers();
    if let Some(path) = &args.sound
        && let Err(e) = std::fs::write(path, m.sound_wav())
    {
        eprintln!("gwrun: --sound: {e}");
    }
    if m.pixels_missed() {
        eprintln!(
            "gwrun: the program drew in a graphics mode; this terminal was shown its text \
             only (no pixel protocol known for it). Try --graphics=sixel or \
             --graphics=kitty if the terminal has one, or --screenshot=FILE.png."
        );
    }
}

/// Direct mode, fresh or after a program's run: keys from the terminal (GW's full-screen
/// editor when `full_screen`) or lines from piped input.
fn direct_mode(
    session: &mut Session,
    term: Option<Rc<RefCell<crate::repl_term::Term>>>,
    full_screen: bool,
    break_flag: &AtomicBool,
    ran: Option<&Outcome>,
) -> i32 {
    use crate::repl_term::TermKeyboard;
    use gwrun_core::session::repl::{Piped, ScreenKeys};
    let mut term_keys;
    let mut piped_keys;
    let keys: &mut dyn gwrun_core::session::repl::Keyboard = match term {
        Some(t) => {
            term_keys = ScreenKeys::new(TermKeyboard::new(t), full_screen);
            &mut term_keys
        }
        None => {
            piped_keys = ScreenKeys::new(Piped, false);
            &mut piped_keys
        }
    };
    match ran {
        Some(outcome) => gwrun_core::session::repl::resume(session, keys, break_flag, outcome),
        None => gwrun_core::session::repl::run(session, keys, break_flag),
    }
}

/// PC-BASIC's launch sequence (`--load`, `--exec`, `--quit`): the program (`--load`, or
/// FILE) is loaded, the commands run as direct-mode lines, FILE (when not `--load`) runs,
/// and then gwrun quits (after FILE or with `--quit`) or goes on in direct mode.
fn launch(
    session: &mut Session,
    args: &Args,
    term: Option<Rc<RefCell<crate::repl_term::Term>>>,
    break_flag: &Arc<AtomicBool>,
) -> i32 {
    let program = args.load.as_ref().or(args.file.as_ref());
    let run = args.load.is_none() && args.file.is_some();
    if let Some(path) = program {
        let bytes = match read_program_file(path) {
            Ok((_, b)) => b,
            Err(status) => return status,
        };
        if let Err(e) = session.load_source(&bytes) {
            session.screen_write(e.to_string().as_bytes());
            session.screen_newline();
        }
    }
    for cmd in split_commands(args.exec.as_deref().unwrap_or_default()) {
        if session.enter_line(&cmd) == Outcome::Exit {
            session.finish_screen();
            return 0;
        }
    }
    if run {
        let outcome = session.run();
        session.finish_screen();
        let cost = print_cost(session, args);
        let status = match outcome {
            Outcome::Ended | Outcome::Exit => 0,
            Outcome::Error(_) => 1,
            Outcome::Break { .. } => 130,
        };
        if let Err(s) = write_screenshot(session, args) {
            return s;
        }
        return output_status(session, status.max(cost));
    }
    if args.quit == Some(true) {
        session.finish_screen();
        return write_screenshot(session, args).err().unwrap_or(0);
    }
    if args.full_screen {
        session.machine_mut().want_full_screen();
    }
    let status = direct_mode(session, term, args.full_screen, break_flag, None);
    session.machine_mut().leave_full_screen();
    if let Err(s) = write_screenshot(session, args) {
        return s;
    }
    status
}

/// `--screenshot FILE`: the final screen as a PNG.
fn write_screenshot(session: &Session, args: &Args) -> Result<(), i32> {
    let Some(path) = &args.screenshot else {
        return Ok(());
    };
    std::fs::write(path, session.machine().screenshot_png()).map_err(|e| {
        eprintln!("gwrun: cannot write {}: {e}", path.display());
        1
    })
}

/// `--exec`'s commands: split at `:` outside double quotes (PC-BASIC's rule), blank
/// ones dropped.
pub fn split_commands(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                cur.push(c);
            }
            ':' if !quoted => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out.retain(|c| !c.trim().is_empty());
    out
}

/// A boolean option value as PC-BASIC takes it (true/false, yes/no, on/off, 1/0).
fn parse_bool(v: &str) -> Result<bool, String> {
    match v.trim().to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" | "1" => Ok(true),
        "false" | "no" | "off" | "0" => Ok(false),
        _ => Err(format!("`{v}`: expected true or false")),
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
fn load_file(session: &mut Session, path: &Path) -> Result<(), i32> {
    let (path, bytes) = read_program_file(path)?;
    if let Err(e) = session.load_source(&bytes) {
        eprintln!("gwrun: {}: {e}", path.display());
        return Err(1);
    }
    Ok(())
}

/// A program file found as LOAD finds it and read within the program size cap (a
/// message and exit status 1 when it cannot be).
fn read_program_file(path: &Path) -> Result<(PathBuf, Vec<u8>), i32> {
    let Some(found) = find_program(path) else {
        eprintln!(
            "gwrun: {}: no such program (nor with .BAS added, in any case)",
            path.display()
        );
        return Err(1);
    };
    match gwrun_core::program::progfile::read_program(&found) {
        Ok(b) => Ok((found, b)),
        Err(e) => {
            eprintln!("gwrun: cannot read {}: {e}", found.display());
            Err(1)
        }
    }
}

/// Loads and runs a program; the cost report follows the run (its status: 1 when stderr
/// could not take it).
fn run_file(session: &mut Session, path: &Path, args: &Args) -> Result<(Outcome, i32), i32> {
    load_file(session, path)?;
    if let Some(start) = args.clock_start {
        // the clock reads START as the program starts, however long loading took
        session.machine_mut().set_clock(start);
    }
    let outcome = session.run();
    let cost = print_cost(session, args);
    Ok((outcome, cost))
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

/// A program file as LOAD finds it: the name as given if it exists, else with `.BAS`
/// added when it has no extension, the name's case not mattering (DOS names).
pub fn find_program(path: &Path) -> Option<PathBuf> {
    if path.exists() && !path.is_dir() {
        return Some(path.to_path_buf());
    }
    let name = path.file_name()?.to_str()?;
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let with_ext = if Path::new(name).extension().is_none() && !name.ends_with('.') {
        format!("{name}.BAS")
    } else {
        name.to_string()
    };
    // the exact spelling first, then any case
    let exact = dir.join(&with_ext);
    if exact.is_file() {
        return Some(path.with_file_name(with_ext));
    }
    let found = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.eq_ignore_ascii_case(&with_ext))
        .min()?;
    let candidate = path.with_file_name(found);
    candidate.is_file().then_some(candidate)
}

/// `--dump STAGE FILE`.
fn dump(path: &std::path::Path, stage: DumpStage) -> i32 {
    use gwrun_core::compile::dump::Stage;
    let bytes = match gwrun_core::program::progfile::read_program(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("gwrun: cannot read {}: {e}", path.display());
            return 1;
        }
    };
    let program = match gwrun_core::program::progfile::load(&bytes) {
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
    write_stdout(
        "gwrun",
        gwrun_core::compile::dump::dump(&program, stage).as_bytes(),
    )
}

fn convert(input: &std::path::Path, output: &std::path::Path, to: ConvertTo) -> i32 {
    let bytes = match gwrun_core::program::progfile::read_program(input) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("gwrun: cannot read {}: {e}", input.display());
            return 1;
        }
    };
    let (program, protected) = match gwrun_core::program::progfile::load(&bytes) {
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
        ConvertTo::Ascii => gwrun_core::program::progfile::save_ascii(&program),
        ConvertTo::Tokenized => gwrun_core::program::progfile::save_tokenized(&program),
    };
    match gwrun_core::program::progfile::write_atomic(output, &out) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("gwrun: cannot write {}: {e}", output.display());
            1
        }
    }
}

/// `--stats` and `--profile` after a run (on stderr, so the program's output stays
/// clean); the exit status of writing them (1 when stderr's file cannot take them).
fn print_cost(session: &Session, args: &Args) -> i32 {
    if !args.stats && args.profile.is_none() {
        return 0;
    }
    let model = match args.goto_model {
        GotoModelArg::Gw => gwrun_core::cost::GotoModel::Gw,
        GotoModelArg::Naive => gwrun_core::cost::GotoModel::Naive,
    };
    let mut report = session.cost_report(model);
    report.clock_mhz = args.clock;
    let mut text = String::new();
    if args.stats {
        text.push_str(&report.stats_text());
    }
    match args.profile {
        Some(ProfileFormat::Text) => text.push_str(&report.profile_text()),
        Some(ProfileFormat::Json) => text.push_str(&report.profile_json()),
        None => {}
    }
    let mut err = std::io::stderr().lock();
    match err.write_all(text.as_bytes()).and_then(|()| err.flush()) {
        Ok(()) => 0,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => EXIT_BROKEN_PIPE,
        Err(_) => 1,
    }
}
