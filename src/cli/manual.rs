//! `gwrun manpage`: the manual page in roff. clap_mangen writes the name, synopsis,
//! description and options from the argument structs (so they never disagree with
//! `--help`); the sections clap cannot know are written here: the commands (each
//! described in this page, not in pages of their own), direct mode, examples and the exit
//! statuses.

use super::args::Args;
use clap::CommandFactory;

/// The manual page.
pub(super) fn render() -> std::io::Result<Vec<u8>> {
    let man = clap_mangen::Man::new(Args::command());
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    man.render_options_section(&mut out)?;
    out.extend_from_slice(roff(SECTIONS).as_bytes());
    out.extend_from_slice(reference().as_bytes());
    man.render_version_section(&mut out)?;
    Ok(out)
}

/// The statement reference, from the same table as `gwrun help` and
/// docs/compatibility.md.
fn reference() -> String {
    use gwrun_core::help::entries;
    let mut text = String::from(
        "## Statement reference\nEvery statement, function and operator; gwrun help KEYWORD shows one.\n",
    );
    for e in entries() {
        text.push_str(&format!("### {} ({})\n", e.names.join(", "), e.kind.name()));
        for s in e.syntax {
            text.push_str(&format!("    {s}\n"));
        }
        text.push_str(e.does);
        text.push('\n');
        for r in e.errors {
            text.push_str(&format!("Error: {}: {}.\n", r.error, r.when));
        }
        if !e.gwrun.is_empty() {
            text.push_str(&format!("gwrun differs: {}\n", e.gwrun));
        }
        if !e.pcbasic.is_empty() {
            text.push_str(&format!("PC-BASIC differs: {}\n", e.pcbasic));
        }
    }
    roff(&text)
}

/// Text with a light markup turned into roff: `## NAME` a section, `### item` a tagged
/// paragraph's tag (its text follows), a blank line a paragraph, `    ` an example line.
fn roff(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            out.push_str(&format!(".SH {}\n", h.to_uppercase()));
        } else if let Some(tag) = line.strip_prefix("### ") {
            out.push_str(&format!(".TP\n\\fB{}\\fR\n", escape(tag)));
        } else if let Some(ex) = line.strip_prefix("    ") {
            out.push_str(&format!(".nf\n.RS\n{}\n.RE\n.fi\n", escape(ex)));
        } else if line.is_empty() {
            out.push_str(".PP\n");
        } else {
            out.push_str(&escape(line));
            out.push('\n');
        }
    }
    out
}

/// A line safe for roff: backslashes doubled, a leading `.` or `'` guarded.
fn escape(line: &str) -> String {
    let s = line.replace('\\', "\\e").replace('-', "\\-");
    if s.starts_with('.') || s.starts_with('\'') {
        format!("\\&{s}")
    } else {
        s
    }
}

/// ORDER: the sections after OPTIONS, in the order man pages usually have them.
const SECTIONS: &str = "\
## Commands
### gwrun convert IN OUT [--to ascii|tokenized]
Converts a program file between GW-BASIC's formats; - for IN reads standard input, - for OUT writes standard output.
### gwrun help [KEYWORD]
Describes a statement, function or operator: its syntax, what gwrun does, the errors it raises and where gwrun or PC-BASIC differ from GW-BASIC (the reference below). Without KEYWORD it lists them all.
### gwrun check FILE [--format=json]
Looks for mistakes in a program without running it: jumps to lines that do not exist, FOR without NEXT, functions and variables used before they are defined or given a value, unreachable lines, and lines GW-BASIC reads otherwise than they look (FOR I=1TOS1 has a variable TOS1). Each finding gives the line and column as LIST shows them. Exit status 1 when an error is found, 2 when FILE is not a program.
### gwrun lab ...
The shuffle and deal lab: is a shuffle or a deal fair? (gwrun lab --help)
### gwrun claims [--out FILE]
Regenerates the report on the documents' claims about sorting and shuffling.
### gwrun completions SHELL
Prints a completion script for bash, elvish, fish, powershell or zsh.
### gwrun manpage
Prints this page.

## Direct mode
Without FILE, gwrun opens GW-BASIC's direct mode: the Ok prompt. A line that starts with a number is stored in the program (a number alone deletes that line); any other line is carried out at once. LIST, RUN, CONT, EDIT, AUTO, RENUM, DELETE, NEW, LOAD, SAVE, MERGE, CHAIN, FILES and SYSTEM work as in GW-BASIC. On a terminal typed lines are edited with history (Up and Down); with --full-screen (-t) GW-BASIC's own full-screen editor is used. Ctrl-C stops a running program with Break in N; CONT goes on. SYSTEM or Ctrl-D leaves. With standard input redirected, its lines are typed at the prompt and gwrun leaves at their end.

## Examples
Run a program (ASCII, tokenised or protected; .BAS may be left out):
    gwrun SHELL_TED.BAS
Run it, then stay at Ok with it loaded:
    gwrun --stay DEAL
Answer its INPUT statements from a file and keep the screen's text:
    gwrun QUIZ.BAS < answers.txt > transcript.txt
Run direct-mode commands and leave, as PC-BASIC's -c does:
    gwrun -c 'PRINT 2^10'
Load a program, save a text copy, leave:
    gwrun -l GAME.BAS -e 'SAVE \"GAME.TXT\",A' -q
Run a program written in a UTF-8 editor:
    gwrun --text-encoding=utf-8 CAFE.BAS
Convert a tokenised program to text on standard output:
    gwrun convert GAME.BAS - | less
Keep the final screen as a picture and the music as sound:
    gwrun --screenshot=end.png --sound=music.wav DEMO.BAS
Count what GW-BASIC would have spent:
    gwrun --stats --profile SORT.BAS

## Exit status
### 0
The program ended (END, SYSTEM, its last line) or direct mode was left.
### 1
An error the program did not trap ended it, a file could not be written, or gwrun could not start the program (no such file, a directory, not a program).
### 2
The command line was wrong (an unknown option, a bad value, a wrong combination).
### 130
Ctrl-C or STOP ended the program (Break in N).
### 128+N
Signal N (SIGTERM, SIGHUP) ended the run; the program's files were closed first.
### 141
The reader of standard output went away (SIGPIPE), as in gwrun PROG | head.

## Files
Program files are found as LOAD finds them: the name as given, else with .BAS added, in any case. The program's own files are in the current directory, which the program sees as C:\\.

## See also
The guide and the references in the docs folder of gwrun's source: docs/guide.md, docs/compatibility.md, docs/direct-mode.md, docs/files.md.
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_names_no_other_page() {
        let page = String::from_utf8(render().unwrap()).unwrap();
        // clap_mangen's own subcommand list would point to gwrun-lab(1) and the like
        assert!(!page.contains("(1)"), "{page}");
        for section in [
            "OPTIONS",
            "COMMANDS",
            "DIRECT MODE",
            "EXAMPLES",
            "EXIT STATUS",
            "STATEMENT REFERENCE",
        ] {
            assert!(page.contains(&format!(".SH {section}")), "{section}");
        }
    }

    #[test]
    fn every_option_is_in_the_page() {
        let page = String::from_utf8(render().unwrap()).unwrap();
        for arg in Args::command().get_arguments() {
            if arg.is_hide_set() {
                continue;
            }
            if let Some(long) = arg.get_long() {
                assert!(
                    page.contains(&format!("\\-\\-{}", long.replace('-', "\\-"))),
                    "--{long}"
                );
            }
        }
    }
}
