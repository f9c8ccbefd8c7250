//! `gwrun check`: mistakes found in a program without running it, with the line and
//! column LIST shows. It reads the program as GW-BASIC does, through the same cruncher,
//! parser and compiler the interpreter uses, so what it calls an error is what the run
//! would stop at when it gets there:
//!
//! | rule | severity | finds |
//! |---|---|---|
//! | `missing-line` | error | GOTO, GOSUB, THEN, ELSE, ON…, RETURN n, RESTORE, RESUME, RUN n, ON ERROR/event GOSUB to a line that is not there |
//! | `erl-line` | warning | ERL compared with a line that is not there (never true) |
//! | `syntax` | error | a statement GW-BASIC cannot read, with the tokens it read it as and words that run into names (`TOS1`) |
//! | `for-without-next`, `next-without-for`, `while-without-wend`, `wend-without-while` | error | loops GW-BASIC's forward scan cannot close |
//! | `undefined-fn` | error | FNx called with no DEF FNx in the program |
//! | `fn-before-def` | warning | FNx called on a line before its DEF FN |
//! | `never-assigned` | warning | a variable read but never given a value |
//! | `unreachable` | warning | lines no jump reaches after a GOTO, END, RETURN … |
//! | `two-letter-names` | note | names that older BASICs (which keep two letters) would take as one |

mod rules;

use crate::program::Program;

/// How bad a finding is: an error stops the run when reached; a warning is probably a
/// mistake; a note only matters elsewhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
    Note,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// One thing found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub severity: Severity,
    /// The rule's name (`missing-line`, ...).
    pub rule: &'static str,
    /// The program line.
    pub line: u16,
    /// The column (1-based) in the line as LIST shows it, number included.
    pub column: usize,
    pub message: String,
    /// More lines of explanation (how the line was tokenised), if any.
    pub detail: Option<String>,
}

/// Everything found in a program, in line order (errors first within a line).
pub fn check(program: &Program) -> Vec<Finding> {
    let mut found = rules::all(program);
    found.sort_by_key(|f| (f.line, f.severity, f.column));
    found
}

/// Whether any finding is an error (gwrun check then exits with status 1).
pub fn has_errors(found: &[Finding]) -> bool {
    found.iter().any(|f| f.severity == Severity::Error)
}

/// The findings as `FILE:LINE:COL: severity: message [rule]` lines, the way compilers
/// write them (editors jump to them); `file_line` maps a program line to the line of the
/// file it came from (ASCII files), else the program line is given.
pub fn render_text(
    found: &[Finding],
    file: &str,
    file_line: &dyn Fn(u16) -> Option<usize>,
) -> String {
    let mut out = String::new();
    for f in found {
        let at = file_line(f.line).map_or_else(|| f.line.to_string(), |l| l.to_string());
        out.push_str(&format!(
            "{file}:{at}:{}: {}: line {}: {} [{}]\n",
            f.column,
            f.severity.name(),
            f.line,
            f.message,
            f.rule
        ));
        if let Some(d) = &f.detail {
            for l in d.lines() {
                out.push_str(&format!("    {l}\n"));
            }
        }
    }
    let count = |s| found.iter().filter(|f| f.severity == s).count();
    out.push_str(&format!(
        "{file}: {} errors, {} warnings, {} notes\n",
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Note)
    ));
    out
}

/// The findings as a JSON array of objects (`severity`, `rule`, `line`, `file_line`,
/// `column`, `message`, `detail`), for editors.
pub fn render_json(found: &[Finding], file_line: &dyn Fn(u16) -> Option<usize>) -> String {
    let items: Vec<String> = found
        .iter()
        .map(|f| {
            format!(
                "{{\"severity\":\"{}\",\"rule\":\"{}\",\"line\":{},\"file_line\":{},\"column\":{},\"message\":{},\"detail\":{}}}",
                f.severity.name(),
                f.rule,
                f.line,
                file_line(f.line).map_or("null".to_string(), |l| l.to_string()),
                f.column,
                json_string(&f.message),
                f.detail.as_deref().map_or("null".to_string(), json_string)
            )
        })
        .collect();
    format!("[{}]\n", items.join(",\n "))
}

/// A string as a JSON literal.
fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Where each program line starts in an ASCII program file (1-based file lines; a later
/// line with the same number wins, as LOAD keeps it).
pub fn file_lines(text: &[u8]) -> std::collections::HashMap<u16, usize> {
    let mut map = std::collections::HashMap::new();
    let text = text.split(|&b| b == 0x1A).next().unwrap_or_default();
    for (i, raw) in text.split(|&b| b == b'\n').enumerate() {
        let line = raw.strip_suffix(b"\r").unwrap_or(raw);
        if let Some((n, _)) = crate::text::lex::read_line_number(line)
            && let Ok(n) = u16::try_from(n)
        {
            map.insert(n, i + 1);
        }
    }
    map
}

#[cfg(test)]
mod tests;
