//! The subcommands that write something and exit: `convert` (and `--convert`), `--dump`,
//! `completions` and `manpage`, and the helper that writes their bytes to stdout (a
//! reader that went away ends quietly with `EXIT_BROKEN_PIPE`, a failed write names the
//! file).

use super::EXIT_BROKEN_PIPE;
use super::args::{Args, ConvertTo, DumpStage};
use clap::CommandFactory;
use std::io::Write;

/// Bytes for stdout from a command that writes and exits: a reader that went away ends
/// quietly, a failed write is an error naming the file.
pub(super) fn write_stdout(what: &str, bytes: &[u8]) -> i32 {
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

/// The file behind a standard stream, for messages: its path when the system says (on
/// Linux), else `fallback`.
pub(super) fn stream_name(fd: u32, fallback: &str) -> String {
    match std::fs::read_link(format!("/proc/self/fd/{fd}")) {
        Ok(p) if p.is_absolute() => format!("{} ({fallback})", p.display()),
        _ => fallback.to_string(),
    }
}

/// `--dump STAGE FILE`.
pub(super) fn dump(path: &std::path::Path, stage: DumpStage) -> i32 {
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

pub(super) fn convert(input: &std::path::Path, output: &std::path::Path, to: ConvertTo) -> i32 {
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

/// `gwrun completions SHELL`: the shell's completion script.
pub(super) fn completions(shell: clap_complete::Shell) -> i32 {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Args::command(), "gwrun", &mut out);
    write_stdout("gwrun completions", &out)
}

/// `gwrun manpage`: the manual page in roff.
pub(super) fn manpage() -> i32 {
    let mut out = Vec::new();
    if let Err(e) = clap_mangen::Man::new(Args::command()).render(&mut out) {
        eprintln!("gwrun manpage: {e}");
        return 1;
    }
    write_stdout("gwrun manpage", &out)
}
