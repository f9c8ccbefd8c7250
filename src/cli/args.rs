//! The raw command line as clap reads it: the `Args` struct with every option and its
//! help text, the subcommands, and the value parsers of single option values. What clap
//! cannot check by itself (combinations, words in the wrong place) is `check.rs`'s; what
//! the options do is `run.rs`'s and `setup.rs`'s.

use clap::Parser;
use std::ffi::OsString;
use std::path::PathBuf;

/// gwrun: a faithful, fast GW-BASIC 3.23 interpreter.
#[derive(Debug, Parser)]
#[command(
    name = "gwrun",
    version,
    about,
    args_conflicts_with_subcommands = true,
    disable_version_flag = true,
    disable_help_subcommand = true
)]
pub struct Args {
    /// Program to run (ASCII, tokenized or protected .BAS; `.BAS` may be left out, and
    /// the name's case does not matter, as for LOAD; `-` reads it from standard input,
    /// up to its end or a Ctrl-Z, the rest being the program's input); none: direct mode.
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
    /// Add an entry to the program's environment table, or replace it
    /// (`--env NAME=VALUE`, as ENVIRON takes it; an empty VALUE deletes it). The table
    /// starts as DOS's (COMSPEC, PATH, PROMPT), never the host's; ENVIRON$ reads it and
    /// SHELL's command sees it. May be given again.
    #[arg(long, value_name = "NAME=VALUE")]
    pub env: Vec<String>,
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
    /// bytes (default when redirected), `unicode` (UTF-8), or `dos` (GW-BASIC's own
    /// bytes for a redirected stdout: CR LF line ends, rows not wrapped, the CHR$(255)
    /// after Ok and error messages).
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
    #[arg(short = 'k', long, value_name = "STRING", allow_hyphen_values = true)]
    pub keys: Option<String>,
    /// Load a program without running it, then go to direct mode.
    #[arg(short = 'l', long, value_name = "FILE", conflicts_with = "file")]
    pub load: Option<PathBuf>,
    /// Run this program (PC-BASIC's --run; the same as giving it as FILE).
    #[arg(short = 'r', long, value_name = "FILE", conflicts_with_all = ["file", "load"])]
    pub run: Option<PathBuf>,
    /// On a terminal, direct mode uses GW-BASIC's full-screen editor (move anywhere,
    /// change a listed line and press Enter) instead of the line editor with history.
    #[arg(long)]
    pub full_screen: bool,
    /// How gwrun talks to the user (PC-BASIC's names): `window` opens a window of its own
    /// with GW-BASIC's screen at 4:3, its keyboard, sound and clipboard (also
    /// `graphical`); `none` reads stdin and writes stdout even on a terminal (a filter for
    /// pipes; also -n), `cli` edits typed lines with history and shows the GW screen when
    /// a program draws on it (the default on a terminal; also -b, `terminal`), `text` uses
    /// GW-BASIC's full-screen editor from the start (as --full-screen; also -t).
    #[arg(long, value_name = "NAME", value_enum)]
    pub interface: Option<Interface>,
    /// The same as --interface=none (PC-BASIC's -n).
    #[arg(short = 'n', conflicts_with_all = ["interface", "interface_cli", "interface_text"])]
    pub interface_none: bool,
    /// The same as --interface=cli (PC-BASIC's -b).
    #[arg(short = 'b', conflicts_with_all = ["interface", "interface_text"])]
    pub interface_cli: bool,
    /// The same as --interface=text (PC-BASIC's -t).
    #[arg(short = 't', conflicts_with = "interface")]
    pub interface_text: bool,
    /// Run these direct-mode commands and quit, reading stdin and writing stdout (PC-BASIC's
    /// -c: the same as `-n -q -e CMDS`).
    #[arg(short = 'c', value_name = "CMDS", conflicts_with_all = ["exec", "interface"])]
    pub commands: Option<String>,
    /// How program text files are encoded: `utf-8` (read and written as UTF-8, each
    /// character mapped to its code page 437 byte; one without a CP437 form is read as
    /// `?`) or `cp437` (raw bytes, the default). Applies to the program named on the
    /// command line, LOAD, MERGE, CHAIN, RUN "file", SAVE ,A and `convert` (PC-BASIC's
    /// --text-encoding also converts data files; gwrun's data files stay bytes).
    #[arg(long, value_name = "ENCODING", value_parser = parse_text_encoding)]
    pub text_encoding: Option<gwrun_core::program::textenc::TextEncoding>,
    /// Print the version and exit.
    #[arg(short = 'v', short_alias = 'V', long, action = clap::ArgAction::Version)]
    pub version: Option<bool>,
    /// Highest file number OPEN accepts (GW-BASIC's /F:n; default 3).
    #[arg(short = 'f', long, value_name = "N", default_value_t = DEFAULT_MAX_FILES, value_parser = clap::value_parser!(u8).range(1..=15))]
    pub max_files: u8,
    /// Longest random-file record OPEN's LEN= accepts (GW-BASIC's /S:n; default 128,
    /// at most 32767).
    #[arg(short = 's', long, value_name = "N", default_value_t = DEFAULT_MAX_RECLEN, value_parser = clap::value_parser!(u16).range(1..=32767))]
    pub max_reclen: u16,
    /// Confine the program's files to its drives (the default: accepted so that older
    /// command lines keep working): nothing outside a drive's folder, through `..` or a
    /// symbolic link, can be opened, listed, renamed or removed (docs/files.md).
    #[arg(long, conflicts_with = "no_confine")]
    pub confine: bool,
    /// Let the program reach the whole host file system, as gwrun did before it confined
    /// programs: `..` climbs above a drive's folder and links lead anywhere.
    #[arg(long)]
    pub no_confine: bool,
    /// Map a drive letter to a folder, PC-BASIC's syntax: `--mount=B:PATH` (several
    /// separated by commas, or the option given again). Letters not mounted are the
    /// program's folder (the working directory without a program); C: is the current
    /// drive. A drive mapped to `/` is not confined.
    #[arg(long, value_name = "D:PATH")]
    pub mount: Vec<String>,
    /// When the program ends, write the screen as it is shown (a graphics page or the
    /// text, without the cursor) to FILE as a PNG: 1280×960, the monitor's 4:3, each
    /// pixel the card's colour or, where it straddles two card pixels, their mix
    /// (docs/graphics.md); `--screenshot-size` picks another size.
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// The size of `--screenshot`'s picture: `WIDTHxHEIGHT` (4:3 sizes such as 640x480
    /// keep the monitor's proportions), or `native` for the card's own pixels (640×200,
    /// 320×200, 640×350; text 640×350 or 320×350) in indexed colour.
    #[arg(long, value_name = "SIZE", default_value_t = DEFAULT_PICTURE, value_parser = parse_picture_size)]
    pub screenshot_size: PictureSize,
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
    /// Write everything the speaker plays (BEEP, SOUND, PLAY) to this WAV file as it
    /// plays (16-bit mono, 44.1 kHz, square waves; at most an hour).
    #[arg(long, value_name = "FILE.wav", require_equals = false)]
    pub sound: Option<PathBuf>,
    /// Play BEEP, SOUND and PLAY on the sound card as the program runs (builds with the
    /// `live-sound` feature); waiting for music then takes real time, as on GW-BASIC.
    #[arg(long)]
    pub live_sound: bool,
    /// The format `--convert` writes (default ascii).
    #[arg(long, value_name = "FORMAT", requires = "convert")]
    pub to: Option<ConvertTo>,
    // ---- PC-BASIC's session options and the clock ----
    /// Direct-mode commands to carry out first, `:`-separated (outside quotes), after
    /// the program is loaded and before it runs (PC-BASIC's --exec).
    #[arg(short = 'e', long, value_name = "CMDS", allow_hyphen_values = true)]
    pub exec: Option<String>,
    /// Quit when the commands and the program are done instead of going on in direct
    /// mode (PC-BASIC's --quit; a program given as FILE always quits after its run).
    #[arg(short = 'q', long, value_name = "BOOL", num_args = 0..=1, require_equals = true, default_missing_value = "true", value_parser = parse_bool)]
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

/// `--max-files`'s default (GW-BASIC's /F: absent).
const DEFAULT_MAX_FILES: u8 = 3;
/// `--max-reclen`'s default (GW-BASIC's /S: absent).
const DEFAULT_MAX_RECLEN: u16 = 128;
/// `--screenshot-size`'s default: the monitor's 4:3 at twice 640×480.
const DEFAULT_PICTURE: PictureSize = PictureSize(Some((1280, 960)));

impl Args {
    /// What clap makes of `gwrun FILE` alone, built without clap: the run every start-up
    /// measures, where building clap's command and matching one word against it was a
    /// third of a trivial program's instructions. Every field is named (a field added to
    /// `Args` must be added here), and the test `a_plain_run_is_what_clap_makes` compares
    /// the whole struct with clap's for the same words.
    pub(super) fn plain_run(file: PathBuf) -> Args {
        Args {
            file: Some(file),
            extra: Vec::new(),
            stay: false,
            allow_shell: false,
            env: Vec::new(),
            stats: false,
            profile: None,
            goto_model: GotoModelArg::Gw,
            clock: gwrun_core::cost::weights::DEFAULT_CLOCK_MHZ,
            output: None,
            pcbasic_next: false,
            pcbasic_zero_trip: false,
            pcbasic_math: false,
            keys: None,
            load: None,
            run: None,
            full_screen: false,
            interface: None,
            interface_none: false,
            interface_cli: false,
            interface_text: false,
            commands: None,
            text_encoding: None,
            version: None,
            max_files: DEFAULT_MAX_FILES,
            max_reclen: DEFAULT_MAX_RECLEN,
            confine: false,
            no_confine: false,
            mount: Vec::new(),
            screenshot: None,
            screenshot_size: DEFAULT_PICTURE,
            graphics: GraphicsOut::Auto,
            convert: None,
            dump: None,
            lpt1: None,
            sound: None,
            live_sound: false,
            to: None,
            exec: None,
            quit: None,
            hide_protected: None,
            hide_listing: None,
            clock_start: None,
            command: None,
        }
    }
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

/// How gwrun talks to the user (`--interface`, PC-BASIC's names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Interface {
    /// A window of gwrun's own (crate gwrun-window).
    #[value(alias = "graphical")]
    Window,
    /// stdin and stdout, even on a terminal.
    None,
    /// Typed lines edited with history; the GW screen when a program draws.
    #[value(alias = "terminal")]
    Cli,
    /// GW-BASIC's full-screen editor from the start.
    Text,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum Encoding {
    Raw,
    Unicode,
    Dos,
}

// The subcommands. Their arguments are declared only when one is named (`defer`): a
// program run does not build the lab's dozens of options (a fifth of start-up's
// instructions). A plain comment: clap would take a doc comment as help text.
#[derive(Debug, clap::Subcommand)]
#[command(defer = true)]
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
    /// Describe a statement, function or operator: syntax, what gwrun does, the errors it
    /// raises, where gwrun or PC-BASIC differ from GW-BASIC; without KEYWORD, list them.
    Help {
        #[arg(value_name = "KEYWORD")]
        keyword: Option<String>,
        /// Write the whole reference as Markdown (docs/compatibility.md).
        #[arg(long, conflicts_with = "keyword")]
        markdown: bool,
    },
    /// Look for mistakes in a program without running it: jumps to missing lines, loops
    /// that cannot close, lines GW-BASIC reads otherwise than they look, variables never
    /// given a value, unreachable lines. Exit status 1 when it finds an error.
    Check {
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// `text` (FILE:LINE:COL: severity: message) or `json` (for editors).
        #[arg(long, value_name = "FORMAT", default_value = "text")]
        format: CheckFormat,
    },
    /// Print a shell completion script for gwrun (bash, elvish, fish, powershell, zsh).
    Completions {
        #[arg(value_name = "SHELL")]
        shell: clap_complete::Shell,
    },
    /// Print gwrun's manual page (roff; `gwrun manpage > gwrun.1`).
    Manpage,
    /// Regenerate the claims report (docs/claims.md): the documents' sorting and
    /// shuffling claims re-examined with the listings of basic/ (embedded in the binary).
    #[cfg(feature = "research")]
    Claims(gwrun_research::claims::cli::ClaimsArgs),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CheckFormat {
    Text,
    Json,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum ConvertTo {
    Ascii,
    Tokenized,
}

/// `--screenshot-size`: a width and height, or the card's own pixels (None).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PictureSize(pub Option<(usize, usize)>);

/// The size as `--screenshot-size` takes it (clap shows the default this way).
impl std::fmt::Display for PictureSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some((w, h)) => write!(f, "{w}x{h}"),
            None => f.write_str("native"),
        }
    }
}

/// `WIDTHxHEIGHT` (each 1 to 8192) or `native`.
fn parse_picture_size(text: &str) -> Result<PictureSize, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("native") {
        return Ok(PictureSize(None));
    }
    let size = t
        .split_once(['x', 'X'])
        .and_then(|(w, h)| Some((w.trim().parse().ok()?, h.trim().parse().ok()?)))
        .filter(|&(w, h): &(usize, usize)| (1..=8192).contains(&w) && (1..=8192).contains(&h));
    size.map(|s| PictureSize(Some(s))).ok_or_else(|| {
        "a size is WIDTHxHEIGHT, each 1 to 8192 (such as 1280x960 or 640x480), or native"
            .to_string()
    })
}

/// The clock of `--clock`: a positive, finite number of MHz.
fn parse_clock(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err("the clock is a positive number of MHz, such as 4.77".to_string()),
    }
}

/// `--text-encoding`'s value (PC-BASIC's spellings: `utf-8`, `utf8`; `cp437` or empty for
/// raw bytes).
fn parse_text_encoding(v: &str) -> Result<gwrun_core::program::textenc::TextEncoding, String> {
    gwrun_core::program::textenc::TextEncoding::parse(v)
        .ok_or_else(|| format!("`{v}`: gwrun knows utf-8 and cp437 (raw bytes)"))
}

/// A boolean option value as PC-BASIC takes it (true/false, yes/no, on/off, 1/0).
fn parse_bool(v: &str) -> Result<bool, String> {
    match v.trim().to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" | "1" => Ok(true),
        "false" | "no" | "off" | "0" => Ok(false),
        _ => Err(format!("`{v}`: expected true or false")),
    }
}
