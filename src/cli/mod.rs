//! The command line: clap argument structs, validated into options (`parse_args`: a
//! combination clap cannot express is refused with the user's own words and clap's exit
//! status 2), and the entry point `run` that main.rs calls. `gwrun FILE` runs a program
//! (found as LOAD finds it: `gwrun DEAL` reads DEAL.BAS); `gwrun` alone opens direct
//! mode. Output that cannot be written ends the run: a closed pipe quietly with the
//! status of SIGPIPE (`EXIT_BROKEN_PIPE`), any other failure with a message naming the
//! file and status 1.
//!
//! | module | owns |
//! |---|---|
//! | `args` | the raw arguments clap reads: options, help texts, subcommands, value parsers |
//! | `check` | the arguments validated: combinations clap cannot express |
//! | `commands` | the subcommands that write and exit: convert, dump, completions, manpage |
//! | `manual` | the manual page: clap's options and the sections clap cannot know |
//! | `program_file` | a program file found as LOAD finds it, read and loaded |
//! | `setup` | the session the options describe: console, devices, compatibility |
//! | `run` | running a program or direct mode, and the exit status |
//! | `output` | what follows a run: the cost report, the screenshot, the devices' end |

mod args;
mod check;
mod commands;
mod manual;
mod output;
mod program_file;
mod run;
mod setup;

pub use args::{
    Args, CheckFormat, Command, ConvertTo, DumpStage, Encoding, GotoModelArg, GraphicsOut,
    Interface, ProfileFormat,
};
pub use check::{parse_args, parse_from};
pub use program_file::find_program;
pub use run::{program_or_direct_mode, split_commands};

use gwrun_core::session::Interrupter;
use std::sync::atomic::AtomicI32;

/// The signal (SIGTERM, SIGHUP) that asked the process to end, 0 if none: the program is
/// stopped as by Ctrl-C, its files are closed, and the exit status is 128 + the signal.
pub static TERMINATED: AtomicI32 = AtomicI32::new(0);

/// The exit status after the reader of stdout went away (128 + SIGPIPE, what a shell
/// shows for a process the signal ended; main.rs ends the process by the signal itself).
pub const EXIT_BROKEN_PIPE: i32 = 141;

/// Exit statuses: 0 after END/SYSTEM/end of program, 1 after an untrapped error or a
/// CLI error (output that could not be written included), 130 after a Break (Ctrl-C or
/// STOP: `Break in NNN`), 128 + the signal after SIGTERM or SIGHUP, `EXIT_BROKEN_PIPE`
/// when stdout's reader went away.
pub fn run(args: Args, interrupter: Interrupter) -> i32 {
    let encoding = args.text_encoding.unwrap_or_default();
    if let Some(Command::Completions { shell }) = &args.command {
        return commands::completions(*shell);
    }
    if let Some(Command::Check { file, format }) = &args.command {
        return commands::check(file, *format, encoding);
    }
    if let Some(Command::Help { keyword, markdown }) = &args.command {
        return commands::help(keyword.as_deref(), *markdown);
    }
    if let Some(Command::Manpage) = &args.command {
        return commands::manpage();
    }
    #[cfg(feature = "research")]
    if let Some(Command::Lab { command }) = args.command {
        return gwrun_research::lab::cli::main(command, &interrupter.flag());
    }
    #[cfg(feature = "research")]
    if let Some(Command::Claims(claims)) = &args.command {
        return gwrun_research::claims::cli::main(claims, &interrupter.flag());
    }
    if let Some(Command::Convert { input, output, to }) = &args.command {
        return commands::convert(input, output, *to, encoding);
    }
    if let Some([input, output]) = args.convert.as_deref() {
        return commands::convert(input, output, args.to.unwrap_or(ConvertTo::Ascii), encoding);
    }
    if let (Some(stage), Some(file)) = (args.dump, &args.file) {
        return commands::dump(file, stage, encoding);
    }
    if args.interface == Some(Interface::Window) {
        return crate::window::run(args, interrupter);
    }
    run::program_or_direct_mode(args, interrupter, None)
}
