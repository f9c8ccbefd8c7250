//! The subcommands that write something and exit: `convert` (and `--convert`), `--dump`,
//! `completions` and `manpage`, and the helper that writes their bytes to stdout (a
//! reader that went away ends quietly with `EXIT_BROKEN_PIPE`, a failed write names the
//! file).

use super::EXIT_BROKEN_PIPE;
use super::args::{Args, CheckFormat, ConvertTo, DumpStage};
use super::program_file::{is_stdio, not_a_program, read_program_file};
use clap::CommandFactory;
use gwrun_core::program::Program;
use gwrun_core::program::progfile;
use gwrun_core::program::textenc::TextEncoding;
use std::io::Write;
use std::path::Path;

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

/// A program for `--dump` or `convert`: the file as named, or standard input for `-`,
/// decoded from `encoding`; protected says whether it was. A message and status 1 when
/// it cannot be read or is no program.
fn read_source(path: &Path, encoding: TextEncoding) -> Result<(Program, bool), i32> {
    let bytes = if is_stdio(path) {
        read_program_file(path)?.1
    } else {
        match crate::disk::read_program(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("gwrun: cannot read {}: {e}", path.display());
                return Err(1);
            }
        }
    };
    let name = if is_stdio(path) {
        Path::new("(standard input)")
    } else {
        path
    };
    progfile::load(&encoding.decode(&bytes)).map_err(|e| {
        match not_a_program(&bytes) {
            Some(why) => eprintln!("gwrun: {}: not a GW-BASIC program ({why})", name.display()),
            None => eprintln!("gwrun: {}: {}", name.display(), e.code),
        }
        1
    })
}

/// `--dump STAGE FILE`.
pub(super) fn dump(path: &Path, stage: DumpStage, encoding: TextEncoding) -> i32 {
    use gwrun_core::compile::dump::Stage;
    let program = match read_source(path, encoding) {
        Ok((p, _)) => p,
        Err(status) => return status,
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

/// `convert IN OUT`: a program rewritten in another format; `-` reads stdin or writes
/// stdout. An ASCII result is written in `encoding`.
pub(super) fn convert(input: &Path, output: &Path, to: ConvertTo, encoding: TextEncoding) -> i32 {
    let (program, protected) = match read_source(input, encoding) {
        Ok(p) => p,
        Err(status) => return status,
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
        ConvertTo::Ascii => encoding
            .encode(&progfile::save_ascii(&program))
            .into_owned(),
        ConvertTo::Tokenized => progfile::save_tokenized(&program),
    };
    if is_stdio(output) {
        return write_stdout("gwrun convert", &out);
    }
    match crate::disk::write_atomic(output, &out) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("gwrun: cannot write {}: {e}", output.display());
            1
        }
    }
}

/// `gwrun check FILE`: the linter's findings on stdout; status 1 when one is an error, 2
/// when the file cannot be read as a program.
pub(super) fn check(path: &Path, format: CheckFormat, encoding: TextEncoding) -> i32 {
    use gwrun_core::lint;
    let (name, bytes) = match read_program_file(path) {
        Ok(read) => read,
        Err(_) => return 2,
    };
    let text = encoding.decode(&bytes);
    let program = match progfile::load(&text) {
        Ok((p, _)) => p,
        Err(e) => {
            match not_a_program(&bytes) {
                Some(why) => eprintln!("gwrun: {}: not a GW-BASIC program ({why})", name.display()),
                None => eprintln!("gwrun: {}: {}", name.display(), e.code),
            }
            return 2;
        }
    };
    let found = lint::check(&program);
    let lines = lint::file_lines(&text);
    let file_line = |n: u16| -> Option<usize> {
        (progfile::detect(&text) == progfile::Format::Ascii)
            .then(|| lines.get(&n).copied())
            .flatten()
    };
    let out = match format {
        CheckFormat::Text => lint::render_text(&found, &name.display().to_string(), &file_line),
        CheckFormat::Json => lint::render_json(&found, &file_line),
    };
    match write_stdout("gwrun check", out.as_bytes()) {
        0 if lint::has_errors(&found) => 1,
        status => status,
    }
}

/// `gwrun help [KEYWORD]`: the reference entry, the index without a keyword, or the whole
/// reference as Markdown; an unknown word is status 1 with the titles it could mean.
pub(super) fn help(keyword: Option<&str>, markdown: bool) -> i32 {
    use gwrun_core::help;
    const WIDTH: usize = 79;
    if markdown {
        return write_stdout("gwrun help", help::render_markdown().as_bytes());
    }
    let Some(word) = keyword else {
        return write_stdout("gwrun help", help::render_index(WIDTH).as_bytes());
    };
    if let Some(entry) = help::lookup(word) {
        return write_stdout("gwrun help", help::render_text(entry, WIDTH).as_bytes());
    }
    let prefix: String = word.chars().take(2).collect();
    let near: Vec<&str> = help::starting_with(&prefix)
        .iter()
        .map(|e| e.title())
        .collect();
    if near.is_empty() {
        eprintln!("gwrun help: {word}: not a GW-BASIC keyword (`gwrun help` lists them)");
    } else {
        eprintln!(
            "gwrun help: {word}: not a GW-BASIC keyword; perhaps {}",
            near.join(", ")
        );
    }
    1
}

/// `gwrun completions SHELL`: the shell's completion script.
pub(super) fn completions(shell: clap_complete::Shell) -> i32 {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Args::command(), "gwrun", &mut out);
    write_stdout("gwrun completions", &out)
}

/// `gwrun manpage`: the manual page in roff.
pub(super) fn manpage() -> i32 {
    match super::manual::render() {
        Ok(out) => write_stdout("gwrun manpage", &out),
        Err(e) => {
            eprintln!("gwrun manpage: {e}");
            1
        }
    }
}
