//! The arguments validated: `parse_args` and `parse_from` run clap and then `Args::check`,
//! which refuses what clap cannot express in the user's own words (a second program
//! name, `--profile json FILE`, `--to` without `--convert`, a report option without a
//! program), with clap's message format and exit status 2.

use super::args::{Args, Interface};
use clap::{CommandFactory, Parser};
use std::ffi::OsString;
use std::path::PathBuf;

/// The arguments of the process, checked (`Args::check`); a bad combination exits with
/// clap's message format and status 2.
pub fn parse_args() -> Args {
    let argv: Vec<OsString> = std::env::args_os().collect();
    match parse_from(&argv) {
        Ok(a) => a,
        Err(e) => e.exit(),
    }
}

/// `argv` (with the program name first) parsed, checked and normalised: PC-BASIC's
/// shorthands become the options they stand for (`-r FILE` is FILE; `-c CMDS` is
/// `-n -q -e CMDS`; `-n`, `-b`, `-t` are `--interface`; `--interface=text` is
/// `--full-screen`), so the rest of gwrun sees one spelling of each.
pub fn parse_from(argv: &[OsString]) -> Result<Args, clap::Error> {
    let mut args = match plain_file(argv) {
        Some(file) => Args::plain_run(file),
        None => Args::try_parse_from(argv).map_err(pcbasic_hint)?,
    };
    args.check(argv)?;
    args.normalise();
    Ok(args)
}

/// The subcommands' names: a lone word that is one of them is not a program's name.
/// The test `the_subcommand_names_are_clap_s` keeps this list in step with `Command`.
const SUBCOMMANDS: &[&str] = &[
    "convert",
    "lab",
    "help",
    "check",
    "completions",
    "manpage",
    "claims",
];

/// The program's name when the command line is `gwrun FILE` and nothing else (a word
/// that is not an option, `-` or a subcommand's name): clap would make of it what
/// `Args::plain_run` makes.
fn plain_file(argv: &[OsString]) -> Option<PathBuf> {
    let [_, word] = argv else {
        return None;
    };
    let text = word.to_str()?;
    let plain = !text.is_empty() && !text.starts_with('-') && !SUBCOMMANDS.contains(&text);
    plain.then(|| PathBuf::from(word))
}

/// PC-BASIC's options gwrun does not have, each with what to use instead; other words
/// are left to clap's message.
const PCBASIC_ONLY: &[(&str, &str)] = &[
    (
        "-d",
        "double-precision math functions (GW-BASIC's /d) are not implemented",
    ),
    (
        "--double",
        "double-precision math functions (GW-BASIC's /d) are not implemented",
    ),
    (
        "-i",
        "gwrun reads typed input from standard input: `gwrun PROG < FILE`",
    ),
    (
        "--input",
        "gwrun reads typed input from standard input: `gwrun PROG < FILE`",
    ),
    (
        "-o",
        "gwrun writes the screen to standard output: `gwrun PROG > FILE`",
    ),
    (
        "-s",
        "the record length of random files is not limited below GW-BASIC's 32767",
    ),
    (
        "--max-reclen",
        "the record length of random files is not limited below GW-BASIC's 32767",
    ),
    ("-w", "gwrun has no window to keep open"),
    ("--wait", "gwrun has no window to keep open"),
];

/// clap's error for an unknown argument, with a word about it when it is one of
/// PC-BASIC's options gwrun lacks.
fn pcbasic_hint(e: clap::Error) -> clap::Error {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return e;
    }
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else {
        return e;
    };
    let name = arg.split('=').next().unwrap_or(arg);
    let Some((_, why)) = PCBASIC_ONLY.iter().find(|(o, _)| *o == name) else {
        return e;
    };
    Args::command().error(
        ErrorKind::UnknownArgument,
        format!("`{arg}` is PC-BASIC's option, which gwrun does not have: {why}"),
    )
}

impl Args {
    /// PC-BASIC's shorthands turned into the options they stand for.
    fn normalise(&mut self) {
        if let Some(file) = self.run.take() {
            self.file = Some(file);
        }
        if let Some(cmds) = self.commands.take() {
            self.exec = Some(cmds);
            self.quit = Some(true);
            self.interface = Some(Interface::None);
        }
        for (on, interface) in [
            (self.interface_none, Interface::None),
            (self.interface_cli, Interface::Cli),
            (self.interface_text, Interface::Text),
        ] {
            if on {
                self.interface = Some(interface);
            }
        }
        if self.interface == Some(Interface::Text) {
            self.full_screen = true;
        }
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_subcommand_names_are_clap_s() {
        let cmd = Args::command();
        let names: Vec<&str> = cmd
            .get_subcommands()
            .flat_map(|c| std::iter::once(c.get_name()).chain(c.get_all_aliases()))
            .collect();
        for name in &names {
            assert!(
                SUBCOMMANDS.contains(name),
                "{name} is missing from SUBCOMMANDS"
            );
        }
        // a build without the research code has no `lab` and `claims`: such a word then
        // goes to clap, which takes it as the program's name
        if cfg!(feature = "research") {
            for name in SUBCOMMANDS {
                assert!(names.contains(name), "{name} is not a subcommand");
            }
        }
    }

    #[test]
    fn a_plain_run_is_what_clap_makes() {
        for word in [
            "prog.bas",
            "PROG",
            "dir/ball.bas",
            "a b.bas",
            "x=1",
            "Help",
            "labs",
        ] {
            let argv: Vec<OsString> = vec!["gwrun".into(), word.into()];
            assert!(plain_file(&argv).is_some(), "{word}");
            let fast = parse_from(&argv).unwrap();
            let mut slow = Args::try_parse_from(&argv).unwrap();
            slow.check(&argv).unwrap();
            slow.normalise();
            assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "{word}");
        }
    }

    #[test]
    fn options_subcommands_and_stdin_go_to_clap() {
        for words in [
            &["gwrun"][..],
            &["gwrun", "-"],
            &["gwrun", "--stats"],
            &["gwrun", "help"],
            &["gwrun", "manpage"],
            &["gwrun", ""],
            &["gwrun", "a.bas", "b.bas"],
        ] {
            let argv: Vec<OsString> = words.iter().map(OsString::from).collect();
            assert!(plain_file(&argv).is_none(), "{words:?}");
        }
    }
}
