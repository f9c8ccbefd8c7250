//! The arguments validated: `parse_args` and `parse_from` run clap and then `Args::check`,
//! which refuses what clap cannot express in the user's own words (a second program
//! name, `--profile json FILE`, `--to` without `--convert`, a report option without a
//! program), with clap's message format and exit status 2.

use super::args::Args;
use clap::{CommandFactory, Parser};
use std::ffi::OsString;

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
