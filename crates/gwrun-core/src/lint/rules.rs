//! The rules of `gwrun check` (see `lint`): each reads the program through the
//! interpreter's own layers (token decoder, parser, compiler) and adds its findings.

use super::{Finding, Severity};
use crate::compile::{self, FnTable, Slots};
use crate::error::ErrorCode;
use crate::program::Program;
use crate::syntax::ast::{
    DefFn, Expr, For, If, IfBranches, LValue, Name, Next, Parsed, Raise, SStmt, Spanned, Stmt,
    VarType, While,
};
use crate::syntax::parse::{bare_fns, parse_with_faults};
use crate::text::decode::{Tok, decode};
use crate::text::list::detokenize;
use crate::text::token::{KEYWORDS, Keyword};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::rc::Rc;

/// A program line with its parse.
struct Line<'a> {
    number: u16,
    body: &'a [u8],
    stmts: Vec<SStmt>,
    /// (statement start, fault offset) of each statement whose text goes wrong.
    faults: Vec<(u16, u16)>,
}

/// Every rule's findings.
pub(super) fn all(p: &Program) -> Vec<Finding> {
    let bare = bare_fns(p.iter().map(|(_, b)| b));
    let lines: Vec<Line> = p
        .iter()
        .map(|(number, body)| {
            let (stmts, faults) = parse_with_faults(body, &bare);
            Line {
                number,
                body,
                stmts,
                faults,
            }
        })
        .collect();
    let mut out = Vec::new();
    missing_lines(p, &lines, &mut out);
    syntax(&lines, &mut out);
    loops(p, &lines, &mut out);
    let uses = Uses::collect(&lines);
    functions(&uses, &lines, &mut out);
    never_assigned(&uses, &lines, &mut out);
    two_letter_names(&uses, &lines, &mut out);
    unreachable(&lines, &mut out);
    out
}

/// The column (1-based, line number included) of byte `offset` of a line as LIST shows it.
fn column(number: u16, body: &[u8], offset: usize) -> usize {
    let offset = offset.min(body.len());
    number.to_string().len() + 1 + detokenize(&body[..offset]).len() + 1
}

/// The column where `word` first stands in the listed line (1 when it is not found).
fn column_of(number: u16, body: &[u8], word: &[u8]) -> usize {
    let text = detokenize(body);
    let at = text
        .windows(word.len().max(1))
        .position(|w| w == word)
        .unwrap_or(0);
    number.to_string().len() + 1 + at + 1
}

fn finding(
    severity: Severity,
    rule: &'static str,
    line: u16,
    column: usize,
    message: String,
) -> Finding {
    Finding {
        severity,
        rule,
        line,
        column,
        message,
        detail: None,
    }
}

// ---------------------------------------------------------------- line references

/// Every line-number constant (GW's 0x0E) whose statement jumps there, checked against
/// the program; ERL compared with a missing line is a warning (never true).
fn missing_lines(p: &Program, lines: &[Line], out: &mut Vec<Finding>) {
    for l in lines {
        let toks = decode(l.body);
        for (i, t) in toks.iter().enumerate() {
            let Tok::LineNum(target) = t.tok else {
                continue;
            };
            if p.contains(target) {
                continue;
            }
            let mut before = toks[..i]
                .iter()
                .rev()
                .map(|t| &t.tok)
                .filter(|t| !matches!(t, Tok::Char(b' ') | Tok::Char(b',') | Tok::LineNum(_)));
            let col = column(l.number, l.body, usize::from(t.span.start));
            match before.next() {
                // ON ERROR GOTO 0 turns trapping off and RESUME 0 retries: no line
                Some(Tok::Kw(Keyword::Goto))
                    if target == 0 && before.next() == Some(&Tok::Kw(Keyword::Error)) => {}
                Some(Tok::Kw(Keyword::Resume)) if target == 0 => {}
                Some(Tok::Kw(
                    k @ (Keyword::Goto
                    | Keyword::Gosub
                    | Keyword::Then
                    | Keyword::Else
                    | Keyword::Restore
                    | Keyword::Resume
                    | Keyword::Run
                    | Keyword::Return),
                )) => out.push(finding(
                    Severity::Error,
                    "missing-line",
                    l.number,
                    col,
                    format!(
                        "{} {target}: there is no line {target} (Undefined line number when it runs)",
                        k.spelling()
                    ),
                )),
                Some(Tok::Kw(Keyword::Equal | Keyword::Less | Keyword::Greater))
                    if toks[..i]
                        .iter()
                        .rev()
                        .take(4)
                        .any(|t| t.tok == Tok::Kw(Keyword::Erl)) =>
                {
                    out.push(finding(
                        Severity::Warning,
                        "erl-line",
                        l.number,
                        col,
                        format!("ERL is compared with {target}, a line that is not there"),
                    ));
                }
                _ => {}
            }
        }
    }
}

// ---------------------------------------------------------------- statements GW cannot read

/// The first statement of each line whose text goes wrong: the error it raises when it
/// runs, where, the tokens GW-BASIC read, and names that swallowed a keyword.
fn syntax(lines: &[Line], out: &mut Vec<Finding>) {
    for l in lines {
        let Some(&(start, at)) = l.faults.first() else {
            continue;
        };
        let code = l
            .stmts
            .iter()
            .find_map(|s| raised(&s.node))
            .unwrap_or(ErrorCode::SyntaxError);
        let def_fn = l.stmts.iter().find_map(|s| match &s.node {
            Stmt::DefFn(DefFn { func, .. }) if s.span.start == start => Some(display(func)),
            _ => None,
        });
        let message = match def_fn {
            Some(name) => {
                format!("{code} at each call of FN{name}: GW-BASIC cannot read its body from here")
            }
            None => format!(
                "{code} when the run gets here: GW-BASIC cannot read the statement from here"
            ),
        };
        let mut f = finding(
            Severity::Error,
            "syntax",
            l.number,
            column(l.number, l.body, usize::from(at)),
            message,
        );
        f.detail = Some(tokenised(l.body));
        out.push(f);
    }
}

/// The error a statement's text raises (in scan order), if any.
fn raised(s: &Stmt<Parsed>) -> Option<ErrorCode> {
    match s {
        Stmt::Raise(Raise { fault: e }) => expr_raise(e).or(Some(ErrorCode::SyntaxError)),
        Stmt::If(If { cond, branches }) => expr_raise(cond).or_else(|| {
            branches
                .then_branch
                .iter()
                .chain(branches.else_branch.iter().flatten())
                .find_map(|s| raised(&s.node))
        }),
        _ => {
            let mut found = None;
            let mut v = FirstRaise(&mut found);
            s.visit(&mut v);
            found
        }
    }
}

/// Finds the first `Expr::Raise` in the expressions a statement scans.
struct FirstRaise<'a>(&'a mut Option<ErrorCode>);

impl crate::syntax::ast::Visit<Parsed> for FirstRaise<'_> {
    fn expr(&mut self, e: &Expr) {
        if self.0.is_none() {
            *self.0 = expr_raise(e);
        }
    }
}

fn expr_raise(e: &Expr) -> Option<ErrorCode> {
    match e {
        Expr::Raise(parts, code) => parts.iter().find_map(expr_raise).or(Some(*code)),
        Expr::Index(_, v) | Expr::UserFn(_, v) | Expr::Call(_, v) => v.iter().find_map(expr_raise),
        Expr::Unary(_, x) => expr_raise(x),
        Expr::Binary(_, a, b) => expr_raise(a).or_else(|| expr_raise(b)),
        Expr::Num(_) | Expr::Str(_) | Expr::Var(_) => None,
    }
}

/// How GW-BASIC tokenised a line: each token in brackets, then a word on each name that
/// starts with a keyword (GW-BASIC reads the longest name it can, so `TOS1` is one name,
/// not TO S1).
fn tokenised(body: &[u8]) -> String {
    let toks = decode(body);
    let mut shown = Vec::new();
    let mut hints = Vec::new();
    for t in &toks {
        let bytes = &body[usize::from(t.span.start)..usize::from(t.span.end).min(body.len())];
        if matches!(t.tok, Tok::Char(b' ')) {
            continue;
        }
        let text = String::from_utf8_lossy(&detokenize(bytes))
            .trim()
            .to_string();
        if t.tok == Tok::Name
            && let Some(k) = keyword_prefix(bytes)
        {
            let rest = String::from_utf8_lossy(&bytes[k.len()..]).into_owned();
            hints.push(format!(
                "`{text}` is one name to GW-BASIC; if {k} was meant, write `{k} {rest}`"
            ));
        }
        shown.push(format!("[{text}]"));
    }
    let mut out = format!("GW-BASIC reads it as: {}", shown.join(" "));
    for h in hints {
        out.push('\n');
        out.push_str(&h);
    }
    out
}

/// The longest keyword made of letters that a name starts with, leaving some of the name
/// after it.
fn keyword_prefix(name: &[u8]) -> Option<&'static str> {
    KEYWORDS
        .iter()
        .map(|(_, s, _)| *s)
        .filter(|s| s.len() >= 2 && s.bytes().all(|b| b.is_ascii_uppercase()))
        .filter(|s| name.len() > s.len() && name.starts_with(s.as_bytes()))
        .max_by_key(|s| s.len())
}

// ---------------------------------------------------------------- loops

/// Names interned for the compiler, typed by suffix (the DEFtype statements act only as
/// the program runs).
#[derive(Default)]
struct Interned(HashMap<(Rc<[u8]>, VarType, bool), u32>);

impl Interned {
    fn slot(&mut self, name: &Name, array: bool) -> u32 {
        let key = (name.text.clone(), self.type_of(name), array);
        let next = self.0.len() as u32;
        *self.0.entry(key).or_insert(next)
    }
}

impl Slots for Interned {
    fn type_of(&self, name: &Name) -> VarType {
        name.suffix.unwrap_or(VarType::Sng)
    }
    fn scalar_slot(&mut self, name: &Name) -> u32 {
        self.slot(name, false)
    }
    fn array_slot(&mut self, name: &Name) -> u32 {
        self.slot(name, true)
    }
}

/// FOR and WHILE bound as GW-BASIC's forward scan binds them when they run; a NEXT whose
/// variable no FOR uses, and a WEND in a program without WHILE.
fn loops(p: &Program, lines: &[Line], out: &mut Vec<Finding>) {
    let code = compile::compile(p, &mut Interned::default(), &mut FnTable::default());
    let at = |line: u32, instr: u32| -> (u16, usize) {
        let l = &code.lines[line as usize];
        let start = l
            .spans
            .get(instr as usize)
            .map_or(0, |s| usize::from(s.start));
        (l.number, column(l.number, &l.body, start))
    };
    for (li, l) in code.lines.iter().enumerate() {
        for (ii, site) in l.instrs.iter().enumerate() {
            match &site.instr {
                Stmt::For(For { bind, .. }) => {
                    let (n, c) = at(li as u32, ii as u32);
                    if bind.next.is_err() {
                        out.push(finding(
                            Severity::Error,
                            "for-without-next",
                            n,
                            c,
                            "FOR without NEXT: no NEXT follows to close this loop".to_string(),
                        ));
                    } else if let Some((ErrorCode::NextWithoutFor, next)) = bind.at_once {
                        let (nn, nc) = at(next.line, next.instr);
                        out.push(finding(
                            Severity::Error,
                            "next-without-for",
                            nn,
                            nc,
                            format!(
                                "NEXT without FOR when the FOR of line {n} runs: this NEXT closes \
                                 it but names another variable"
                            ),
                        ));
                    }
                }
                Stmt::While(While { bind, .. }) if bind.wend.is_err() => {
                    let (n, c) = at(li as u32, ii as u32);
                    out.push(finding(
                        Severity::Error,
                        "while-without-wend",
                        n,
                        c,
                        "WHILE without WEND: no WEND follows to close this loop".to_string(),
                    ));
                }
                _ => {}
            }
        }
    }
    // NEXT and WEND that no loop of the program can be open for
    let mut for_vars: HashSet<(Rc<[u8]>, Option<u8>)> = HashSet::new();
    let mut any_while = false;
    // with a FOR or WHILE that GW cannot read, which loop was meant is unknown: the NEXTs
    // and WENDs are not judged (the syntax finding says what is wrong)
    let unreadable_loop = lines.iter().any(|l| {
        l.faults.iter().any(|&(start, _)| {
            decode(&l.body[usize::from(start)..])
                .iter()
                .find(|t| t.tok != Tok::Char(b' '))
                .is_some_and(|t| matches!(t.tok, Tok::Kw(Keyword::For | Keyword::While)))
        })
    });
    if unreadable_loop {
        return;
    }
    for l in lines {
        walk(&l.stmts, &mut |s| match &s.node {
            Stmt::For(For { var, .. }) => {
                for_vars.insert((var.text.clone(), sfx(var)));
            }
            Stmt::While(_) => any_while = true,
            _ => {}
        });
    }
    for l in lines {
        walk(&l.stmts, &mut |s| {
            let c = column(l.number, l.body, usize::from(s.span.start));
            match &s.node {
                Stmt::Next(Next { vars, .. }) if vars.is_empty() && for_vars.is_empty() => {
                    out.push(finding(
                        Severity::Error,
                        "next-without-for",
                        l.number,
                        c,
                        "NEXT without FOR: the program has no FOR".to_string(),
                    ));
                }
                Stmt::Next(Next { vars, .. }) => {
                    for v in vars {
                        let known = for_vars.iter().any(|(t, s)| {
                            *t == v.text && (*s == sfx(v) || s.is_none() || v.suffix.is_none())
                        });
                        if !known {
                            out.push(finding(
                                Severity::Error,
                                "next-without-for",
                                l.number,
                                c,
                                format!(
                                    "NEXT without FOR: no FOR of the program uses {}",
                                    display(v)
                                ),
                            ));
                        }
                    }
                }
                Stmt::Wend(_) if !any_while => out.push(finding(
                    Severity::Error,
                    "wend-without-while",
                    l.number,
                    c,
                    "WEND without WHILE: the program has no WHILE".to_string(),
                )),
                _ => {}
            }
        });
    }
}

/// Every statement of a line in text order, IF's branches included.
fn walk(stmts: &[SStmt], f: &mut dyn FnMut(&SStmt)) {
    for s in stmts {
        f(s);
        if let Stmt::If(If {
            branches:
                IfBranches {
                    then_branch,
                    else_branch,
                },
            ..
        }) = &s.node
        {
            walk(then_branch, f);
            if let Some(e) = else_branch {
                walk(e, f);
            }
        }
    }
}

/// A name's type suffix as written (`$ % ! #`), if any.
fn sfx(n: &Name) -> Option<u8> {
    n.suffix.map(VarType::suffix)
}

fn display(n: &Name) -> String {
    let mut s = String::from_utf8_lossy(&n.text).into_owned();
    if let Some(t) = n.suffix {
        s.push(t.suffix() as char);
    }
    s
}

// ---------------------------------------------------------------- variables and functions

/// A variable's identity as written: name, suffix, array or not.
type VarId = (Rc<[u8]>, Option<u8>, bool);

/// What the program reads, assigns, defines and calls, line by line.
#[derive(Default)]
struct Uses {
    /// Variables read, with the first line each is read in.
    reads: BTreeMap<VarId, u16>,
    /// Variables given a value anywhere (assigned, read into, FOR, DIM, parameters ...).
    written: HashSet<VarId>,
    /// DEF FN definitions: name → line.
    defs: HashMap<(Rc<[u8]>, Option<u8>), u16>,
    /// FN calls: (name, line).
    calls: Vec<(Name, u16)>,
    /// Every variable name with the first line it appears in.
    names: BTreeMap<VarId, u16>,
    line: u16,
}

impl Uses {
    fn collect(lines: &[Line]) -> Uses {
        let mut u = Uses::default();
        for l in lines {
            u.line = l.number;
            for s in &l.stmts {
                let _ = s.node.map(&mut u);
            }
            // what a statement GW cannot read would have done is unknown: its names
            // count as given a value (the syntax finding already says what is wrong)
            for &(start, _) in &l.faults {
                let end = crate::text::decode::statement_end(l.body, usize::from(start));
                for t in decode(&l.body[usize::from(start)..end]) {
                    if t.tok == Tok::Name {
                        let at = usize::from(start) + usize::from(t.span.start);
                        let text = &l.body[at..usize::from(start) + usize::from(t.span.end)];
                        let name = crate::syntax::parse::make_name(text);
                        u.write(&name, false);
                        u.write(&name, true);
                    }
                }
            }
        }
        u
    }

    fn note(&mut self, name: &Name, array: bool) -> VarId {
        let id = (name.text.clone(), sfx(name), array);
        self.names.entry(id.clone()).or_insert(self.line);
        id
    }

    fn read(&mut self, e: &Expr) {
        match e {
            Expr::Var(n) => {
                let id = self.note(n, false);
                self.reads.entry(id).or_insert(self.line);
            }
            Expr::Index(n, idx) => {
                let id = self.note(n, true);
                self.reads.entry(id).or_insert(self.line);
                idx.iter().for_each(|x| self.read(x));
            }
            Expr::UserFn(n, args) => {
                self.calls.push((n.clone(), self.line));
                args.iter().for_each(|x| self.read(x));
            }
            Expr::Unary(_, x) => self.read(x),
            Expr::Binary(_, a, b) => {
                self.read(a);
                self.read(b);
            }
            Expr::Call(_, v) | Expr::Raise(v, _) => v.iter().for_each(|x| self.read(x)),
            Expr::Num(_) | Expr::Str(_) => {}
        }
    }

    fn fold_all(&mut self, v: &[SStmt]) -> Vec<SStmt> {
        v.iter()
            .map(|s| Spanned {
                node: s.node.map(&mut *self),
                span: s.span.clone(),
            })
            .collect()
    }

    fn write(&mut self, name: &Name, array: bool) {
        let id = self.note(name, array);
        self.written.insert(id);
    }
}

/// Folding a parsed statement into itself is how its parts are seen, each in its role.
impl crate::syntax::ast::Fold<Parsed, Parsed> for Uses {
    fn expr(&mut self, e: &Expr) -> Expr {
        self.read(e);
        e.clone()
    }
    fn target(&mut self, t: &LValue) -> LValue {
        match t {
            LValue::Var(n) => self.write(n, false),
            LValue::Index(n, idx) => {
                self.write(n, true);
                idx.iter().for_each(|x| self.read(x));
            }
        }
        t.clone()
    }
    fn var(&mut self, v: &Name) -> Name {
        self.write(v, false);
        v.clone()
    }
    fn array(&mut self, a: &Name) -> Name {
        self.write(a, true);
        a.clone()
    }
    fn line(&mut self, n: &u16) -> u16 {
        *n
    }
    fn user_fn(&mut self, f: &Name) -> Name {
        self.defs
            .entry((f.text.clone(), sfx(f)))
            .or_insert(self.line);
        f.clone()
    }
    fn if_branches(&mut self, b: &IfBranches) -> IfBranches {
        let then_branch = self.fold_all(&b.then_branch);
        let else_branch = b.else_branch.as_deref().map(|e| self.fold_all(e));
        IfBranches {
            then_branch,
            else_branch,
        }
    }
    fn else_skip(&mut self, _s: &()) {}
    fn for_bind(&mut self, _b: &()) {}
    fn while_bind(&mut self, _b: &()) {}
    fn swap_flat(&mut self, _s: &()) {}
}

fn body_of<'a>(lines: &'a [Line], number: u16) -> &'a [u8] {
    lines
        .iter()
        .find(|l| l.number == number)
        .map_or(&[][..], |l| l.body)
}

/// FN calls with no DEF FN (an error when reached), or on a line before it (a warning:
/// the DEF FN must have run first).
fn functions(u: &Uses, lines: &[Line], out: &mut Vec<Finding>) {
    let mut seen = HashSet::new();
    for (name, line) in &u.calls {
        let key = (name.text.clone(), sfx(name));
        if !seen.insert((key.clone(), *line)) {
            continue;
        }
        let shown = format!("FN{}", display(name));
        let col = column_of(*line, body_of(lines, *line), shown.as_bytes());
        match u.defs.get(&key) {
            None => out.push(finding(
                Severity::Error,
                "undefined-fn",
                *line,
                col,
                format!("{shown} has no DEF {shown} in the program (Undefined user function)"),
            )),
            Some(&def) if def > *line => out.push(finding(
                Severity::Warning,
                "fn-before-def",
                *line,
                col,
                format!(
                    "{shown} is used here, before its DEF {shown} in line {def}; the DEF must have run \
                     first (Undefined user function)"
                ),
            )),
            _ => {}
        }
    }
}

/// Variables read but given a value nowhere (they read as 0 or "").
fn never_assigned(u: &Uses, lines: &[Line], out: &mut Vec<Finding>) {
    for ((text, suffix, array), line) in &u.reads {
        let given = u.written.iter().any(|(t, s, a)| {
            t == text && a == array && (s == suffix || s.is_none() || suffix.is_none())
        });
        if given {
            continue;
        }
        let mut name = String::from_utf8_lossy(text).into_owned();
        if let Some(c) = suffix {
            name.push(char::from(*c));
        }
        let shown = if *array {
            format!("{name}()")
        } else {
            name.clone()
        };
        let zero = if *suffix == Some(b'$') { "\"\"" } else { "0" };
        out.push(finding(
            Severity::Warning,
            "never-assigned",
            *line,
            column_of(*line, body_of(lines, *line), name.as_bytes()),
            format!(
                "{shown} is read but never given a value in this program (it is {zero}, unless \
                 a CHAIN passes it)"
            ),
        ));
    }
}

/// A name and the first line it appears in.
type Seen<'a> = (&'a Rc<[u8]>, u16);

/// Names that share their first two characters (and type): one variable to BASICs that
/// keep only two (GW-BASIC keeps 40).
fn two_letter_names(u: &Uses, lines: &[Line], out: &mut Vec<Finding>) {
    let mut groups: BTreeMap<(Vec<u8>, Option<u8>, bool), Vec<Seen>> = BTreeMap::new();
    for ((text, suffix, array), line) in &u.names {
        let key = (text.iter().take(2).copied().collect(), *suffix, *array);
        groups.entry(key).or_default().push((text, *line));
    }
    for ((short, _, _), mut names) in groups {
        if names.len() < 2 {
            continue;
        }
        names.sort_by_key(|(_, line)| *line);
        let listed: Vec<String> = names
            .iter()
            .map(|(t, _)| String::from_utf8_lossy(t).into_owned())
            .collect();
        let (second, line) = names[1];
        out.push(finding(
            Severity::Note,
            "two-letter-names",
            line,
            column_of(line, body_of(lines, line), second),
            format!(
                "{} are one variable {} to BASICs that keep two characters of a name \
                 (GW-BASIC keeps 40)",
                listed.join(", "),
                String::from_utf8_lossy(&short)
            ),
        ));
    }
}

// ---------------------------------------------------------------- unreachable lines

/// Whether control can go past the end of a statement list (it does not end with a jump
/// or a stop that always happens).
fn falls_through(stmts: &[SStmt]) -> bool {
    let Some(last) = stmts.last() else {
        return true;
    };
    match &last.node {
        Stmt::Goto(_)
        | Stmt::Return(_)
        | Stmt::End(_)
        | Stmt::System(_)
        | Stmt::Run(_)
        | Stmt::Chain(_)
        | Stmt::New(_)
        | Stmt::Resume(_)
        | Stmt::Load(_) => false,
        Stmt::If(If { branches, .. }) => match &branches.else_branch {
            Some(e) => falls_through(&branches.then_branch) || falls_through(e),
            None => true,
        },
        _ => true,
    }
}

/// Only remarks and DATA: nothing to run.
fn inert(stmts: &[SStmt]) -> bool {
    stmts
        .iter()
        .all(|s| matches!(s.node, Stmt::Rem(_) | Stmt::Data(_)))
}

/// Runs of lines that no jump names and that follow a line control cannot go past.
fn unreachable(lines: &[Line], out: &mut Vec<Finding>) {
    let mut targets = HashSet::new();
    for l in lines {
        for t in decode(l.body) {
            if let Tok::LineNum(n) = t.tok {
                targets.insert(n);
            }
        }
    }
    let mut reachable = true;
    let mut run: Vec<&Line> = Vec::new();
    let flush = |run: &mut Vec<&Line>, out: &mut Vec<Finding>| {
        if run.iter().any(|l| !inert(&l.stmts)) {
            let (first, last) = (run[0].number, run[run.len() - 1].number);
            let what = if first == last {
                format!("line {first} is never reached")
            } else {
                format!("lines {first} to {last} are never reached")
            };
            out.push(finding(
                Severity::Warning,
                "unreachable",
                first,
                1,
                format!("{what}: no jump goes there and the line before does not go on"),
            ));
        }
        run.clear();
    };
    for (i, l) in lines.iter().enumerate() {
        reachable = i == 0 || targets.contains(&l.number) || reachable;
        if reachable {
            flush(&mut run, out);
        } else {
            run.push(l);
        }
        reachable = reachable && falls_through(&l.stmts);
    }
    flush(&mut run, out);
}
