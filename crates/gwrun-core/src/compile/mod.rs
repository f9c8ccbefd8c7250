//! Parsed statements → `code`: names resolved to slots with the DEFtype table in force,
//! line numbers to line indexes, IF flattened, FOR/WHILE bound to their NEXT/WEND by
//! GW-BASIC's forward scans (digest §3.2 step 6, §4), DATA items collected in program
//! order. Compiling is cheap and linear in the program's size, so the program is compiled
//! when it runs, and again whenever a DEFtype statement changes the table.

mod cmpnums;
pub mod code;
mod data;
pub mod dump;
mod typed;

use crate::error::ErrorCode;
use crate::program::Program;
use crate::syntax::ast::*;
use crate::syntax::parse::{bare_fns, parse_line_in, raised_code};
use code::*;
use std::cell::OnceCell;
use std::collections::HashMap;
use std::rc::Rc;

/// A variable's identity: its name and type (`A` and `A%` are different variables).
pub type VarKey = (Rc<[u8]>, VarType);

/// The variable table names are resolved against: the DEFtype table in force and one slot
/// per (name, type), made on first sight. The machine's `Vars` is one.
pub trait Slots {
    /// The type of a name: its suffix, or the DEFtype table's entry for its letter.
    fn type_of(&self, name: &Name) -> VarType;
    fn scalar_slot(&mut self, name: &Name) -> u32;
    fn array_slot(&mut self, name: &Name) -> u32;
}

/// User functions: interned by (name, type).
#[derive(Debug, Default)]
pub struct FnTable {
    index: HashMap<VarKey, u32>,
    /// Where each function's DEF FN statement is, once executed.
    pub defined: Vec<Option<Pos>>,
    /// Each function's result type.
    pub types: Vec<VarType>,
    /// Each function's name and type.
    pub keys: Vec<VarKey>,
    /// Creation rank of each function's entry in GW's scalar table (`u32::MAX` until
    /// its DEF FN first runs; see `machine::dataseg`).
    pub rank: Vec<u32>,
}

impl FnTable {
    fn slot(&mut self, key: VarKey) -> u32 {
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        let i = self.defined.len() as u32;
        self.defined.push(None);
        self.types.push(key.1);
        self.keys.push(key.clone());
        self.rank.push(u32::MAX);
        self.index.insert(key, i);
        i
    }

    /// Forget all definitions (CLEAR/RUN); indexes stay valid.
    pub fn clear(&mut self) {
        self.defined.iter_mut().for_each(|d| *d = None);
        self.rank.iter_mut().for_each(|r| *r = u32::MAX);
    }
}

/// Compiles the whole program.
pub fn compile(program: &Program, vars: &mut impl Slots, fns: &mut FnTable) -> Code {
    let numbers: Vec<u16> = program.iter().map(|(n, _)| n).collect();
    let bare = bare_fns(program.iter().map(|(_, b)| b));
    let mut c = Compiler {
        vars,
        fns,
        bare: &bare,
        numbers: &numbers,
        jump_sites: 0,
        sites: 0,
        line_len: 0,
        stmt_end: 0,
    };
    let mut lines = Vec::with_capacity(numbers.len());
    for (number, body) in program.iter() {
        lines.push(c.line(number, body));
    }
    let mut code = Code {
        lines,
        data: Vec::new(),
        jump_sites: c.jump_sites,
        sites: c.sites,
        bare_fns: bare,
    };
    bind_loops(&mut code.lines, None);
    code.data = collect_data(&code);
    code
}

/// Compiles a program again from the text its code was made from (after a DEFtype
/// change: names may resolve to other slots; positions and sites stay the same).
pub fn recompile(code: &Code, vars: &mut impl Slots, fns: &mut FnTable) -> Code {
    let mut program = Program::new();
    for l in &code.lines {
        program.insert(l.number, l.body.to_vec());
    }
    compile(&program, vars, fns)
}

/// Compiles a direct-mode line against the program's code (jumps go into the program;
/// FOR and WHILE bind within the line).
pub fn compile_direct(body: &[u8], code: &Code, vars: &mut impl Slots, fns: &mut FnTable) -> CLine {
    let numbers: Vec<u16> = code.lines.iter().map(|l| l.number).collect();
    let mut c = Compiler {
        vars,
        fns,
        bare: &code.bare_fns,
        numbers: &numbers,
        jump_sites: code.jump_sites,
        sites: code.sites,
        line_len: 0,
        stmt_end: 0,
    };
    let mut lines = vec![c.line(65535, body)];
    bind_loops(&mut lines, Some(DIRECT));
    lines.pop().unwrap_or_else(|| CLine {
        number: 65535,
        instrs: Vec::new(),
        spans: Vec::new(),
        site_base: code.sites,
        jump_base: code.jump_sites,
        body: Rc::from(body),
    })
}

struct Compiler<'a, S: Slots> {
    vars: &'a mut S,
    fns: &'a mut FnTable,
    /// The functions the program defines without parameters (`parse_line_in`).
    bare: &'a [Rc<[u8]>],
    numbers: &'a [u16],
    jump_sites: u32,
    sites: u32,
    line_len: u16,
    stmt_end: u16,
}

impl<S: Slots> Compiler<'_, S> {
    fn line(&mut self, number: u16, body: &[u8]) -> CLine {
        self.line_len = body.len() as u16;
        let jump_base = self.jump_sites;
        let stmts = parse_line_in(body, self.bare);
        let mut out = Flat {
            instrs: Vec::new(),
            spans: Vec::new(),
        };
        self.flatten(&stmts, &mut out);
        let site_base = self.sites;
        self.sites += out.instrs.len() as u32;
        CLine {
            number,
            instrs: out.instrs.into_iter().map(Site::new).collect(),
            spans: out.spans,
            site_base,
            jump_base,
            body: Rc::from(body),
        }
    }

    /// Statements in line order; an IF's branches follow it, the false test skipping
    /// over the THEN branch to the ELSE branch or the end of the line.
    fn flatten(&mut self, stmts: &[SStmt], out: &mut Flat) {
        for s in stmts {
            self.stmt_end = s.span.end;
            let Stmt::If(If { cond, branches }) = &s.node else {
                let mut node = s.node.map(self);
                if let Stmt::Swap(w) = &mut node {
                    w.flat = SwapElems::of(&w.a, &w.b);
                }
                out.push(node, s.span.clone());
                continue;
            };
            let at = out.instrs.len();
            let then_branch = &branches.then_branch;
            let head_end = then_branch.first().map_or(s.span.end, |t| t.span.start);
            out.push(
                Stmt::If(If {
                    cond: int_variable(self.expr(cond), self.int_form(cond)),
                    branches: IfSkip { to: 0, bytes: 0 },
                }),
                s.span.start..head_end,
            );
            self.flatten(then_branch, out);
            let skip = match &branches.else_branch {
                Some(else_stmts) => {
                    let else_at = else_stmts.first().map_or(s.span.end, |e| e.span.start);
                    let rest = self.line_len.saturating_sub(else_at);
                    out.push(Stmt::Else(Else { skip: rest }), else_at..else_at);
                    let to = out.instrs.len() as u32;
                    self.flatten(else_stmts, out);
                    IfSkip {
                        to,
                        bytes: else_at.saturating_sub(head_end),
                    }
                }
                None => IfSkip {
                    to: u32::MAX,
                    bytes: self.line_len.saturating_sub(head_end),
                },
            };
            if let Stmt::If(If { branches, .. }) = &mut out.instrs[at] {
                *branches = skip;
            }
        }
    }

    fn exprs(&mut self, es: &[Expr]) -> Box<[CExpr]> {
        es.iter().map(|e| self.expr(e)).collect()
    }

    /// The integer-only form of an expression, if every operand is an integer and every
    /// operator keeps integers integer.
    fn int_form(&mut self, e: &Expr) -> Option<IExpr> {
        Some(match e {
            Expr::Num(crate::num::Num::Int(i)) => IExpr::Const(*i),
            Expr::Var(n) if self.vars.type_of(n) == VarType::Int => {
                IExpr::Var(self.vars.scalar_slot(n))
            }
            Expr::Index(n, subs) if subs.len() == 1 && self.vars.type_of(n) == VarType::Int => {
                let arr = self.vars.array_slot(n);
                match self.int_form(&subs[0])? {
                    IExpr::Var(v) => IExpr::ElemV(arr, v),
                    sub => IExpr::Elem1(arr, Box::new(sub)),
                }
            }
            // `-v` as `0-v`: the same value, None on the same overflow (-32768), in a
            // flat shape (a FOR's `STEP -D`)
            Expr::Unary(UnOp::Neg, x) => match self.int_form(x)? {
                IExpr::Var(v) => IExpr::BinCV(BinOp::Sub, 0, v),
                x => IExpr::Neg(Box::new(x)),
            },
            Expr::Unary(UnOp::Not, x) => IExpr::Not(Box::new(self.int_form(x)?)),
            Expr::Binary(op, a, b) if !matches!(op, BinOp::Div | BinOp::Pow) => {
                let (x, y) = (self.int_form(a)?, self.int_form(b)?);
                if let Some(p) = ElemPair::new(*op, &x, &y) {
                    return Some(IExpr::CmpElems(Box::new(p)));
                }
                match (x, y) {
                    (IExpr::Var(x), IExpr::Var(y)) if *op == BinOp::Add => IExpr::AddVV(x, y),
                    (IExpr::Var(x), IExpr::Const(c)) if *op == BinOp::Add => IExpr::AddVC(x, c),
                    (IExpr::Var(x), IExpr::Var(y)) => IExpr::BinVV(*op, x, y),
                    (IExpr::Var(x), IExpr::Const(c)) => IExpr::BinVC(*op, x, c),
                    (IExpr::Const(c), IExpr::Var(y)) => IExpr::BinCV(*op, c, y),
                    (x, y) => IExpr::Bin(*op, Box::new(x), Box::new(y)),
                }
            }
            _ => return None,
        })
    }

    fn expr_general(&mut self, e: &Expr) -> CExpr {
        use crate::num::Num;
        match e {
            Expr::Num(Num::Int(i)) => CExpr::Int(*i),
            Expr::Num(Num::Sng(s)) => CExpr::Sng(*s),
            Expr::Num(Num::Dbl(d)) => CExpr::Dbl(*d),
            Expr::Str(s) => CExpr::Str(s.clone()),
            Expr::Var(n) => CExpr::Scalar(self.vars.scalar_slot(n)),
            Expr::Index(n, subs) if subs.len() == 1 => {
                CExpr::Elem1(self.vars.array_slot(n), Box::new(self.expr(&subs[0])))
            }
            Expr::Index(n, subs) => CExpr::Elem(self.vars.array_slot(n), self.exprs(subs)),
            Expr::UserFn(n, args) => {
                let key = (n.text.clone(), self.vars.type_of(n));
                CExpr::UserFn(self.fns.slot(key), self.exprs(args))
            }
            Expr::Unary(UnOp::Neg, x) => CExpr::Neg(Box::new(self.expr(x))),
            Expr::Unary(UnOp::Not, x) => CExpr::Not(Box::new(self.expr(x))),
            Expr::Binary(op, a, b) => {
                CExpr::Bin(*op, Box::new(self.expr(a)), Box::new(self.expr(b)))
            }
            Expr::Call(f, args) if args.last().is_some_and(Expr::is_faulty) => {
                CExpr::Raise(Box::new(Fault {
                    parts: self.exprs(args),
                    code: raised_code(e),
                    func: Some(*f),
                }))
            }
            Expr::Call(f, args) => CExpr::Call(*f, self.exprs(args)),
            Expr::Raise(parts, code) => CExpr::Raise(Box::new(Fault {
                parts: self.exprs(parts),
                code: *code,
                func: None,
            })),
        }
    }
}

impl<S: Slots> Fold<Parsed, Compiled> for Compiler<'_, S> {
    /// A compiled expression, with its all-integer fast form when it has one.
    fn expr(&mut self, e: &Expr) -> CExpr {
        let general = self.expr_general(e);
        match self.int_form(e) {
            Some(fast) if !matches!(fast, IExpr::Const(_) | IExpr::Var(_)) => {
                CExpr::IntPure(Box::new((fast, general)))
            }
            Some(_) => general,
            None if cmpnums::is_comparison(e) => self.cmp_nums(e, general),
            None => self.typed(e, general),
        }
    }

    fn target(&mut self, l: &LValue) -> CLValue {
        match l {
            LValue::Var(n) => CLValue::Scalar(self.vars.scalar_slot(n)),
            LValue::Index(n, subs) => CLValue::Elem(self.vars.array_slot(n), self.exprs(subs)),
        }
    }

    fn var(&mut self, n: &Name) -> VarSlot {
        VarSlot {
            slot: self.vars.scalar_slot(n),
            ty: self.vars.type_of(n),
        }
    }

    fn array(&mut self, n: &Name) -> u32 {
        self.vars.array_slot(n)
    }

    fn line(&mut self, number: &u16) -> Jump {
        let target = self.numbers.binary_search(number).ok().map(|i| i as u32);
        let site = self.jump_sites;
        self.jump_sites += 1;
        Jump {
            number: *number,
            target,
            site,
            rest_of_line: self.line_len.saturating_sub(self.stmt_end),
        }
    }

    fn user_fn(&mut self, n: &Name) -> u32 {
        let key = (n.text.clone(), self.vars.type_of(n));
        self.fns.slot(key)
    }

    /// IF is flattened by `flatten`; a branch list never reaches here.
    fn if_branches(&mut self, _: &IfBranches) -> IfSkip {
        IfSkip {
            to: u32::MAX,
            bytes: 0,
        }
    }

    fn else_skip(&mut self, _: &()) -> u16 {
        self.line_len.saturating_sub(self.stmt_end)
    }

    fn for_bind(&mut self, _: &()) -> Box<ForBind> {
        Box::new(ForBind {
            next: Err(crate::error::ErrorCode::ForWithoutNext),
            at_once: None,
            scan_bytes: 0,
            // set for every FOR by `bind_loops` (both compile paths run it)
            resume: Pos { line: 0, instr: 0 },
            scanned_vars: OnceCell::new(),
            scanned_touched: std::cell::Cell::new(0),
            flat: None,
        })
    }

    /// Made by `flatten` from the compiled targets.
    fn swap_flat(&mut self, _: &()) -> Option<Box<SwapElems>> {
        None
    }

    fn while_bind(&mut self, _: &()) -> WhileBind {
        WhileBind {
            wend: Err(crate::error::ErrorCode::WhileWithoutWend),
            scan_bytes: 0,
        }
    }
}

struct Flat {
    instrs: Vec<Instr>,
    spans: Vec<std::ops::Range<u16>>,
}

impl Flat {
    fn push(&mut self, i: Instr, span: std::ops::Range<u16>) {
        self.instrs.push(i);
        self.spans.push(span);
    }
}

/// Bytes GW's scan walks from byte `from_byte` of line `from` to the NEXT/WEND token at
/// byte `to_byte` of line `to` (inclusive), plus 5 bytes of header and terminator for each
/// line it crosses (an approximation of the scanner's per-line work). `line_start` holds
/// the running sum of those per-line sizes, so this is constant time.
fn bytes_between(from: Pos, from_byte: u16, to: Pos, to_byte: u16, line_start: &[u64]) -> u32 {
    let to_byte = u64::from(to_byte) + 1;
    if from.line == to.line {
        return to_byte.saturating_sub(u64::from(from_byte)) as u32;
    }
    let (f, t) = (from.line as usize, to.line as usize);
    let first = (line_start[f + 1] - line_start[f] - 5).saturating_sub(u64::from(from_byte)) + 1;
    let middle = line_start[t] - line_start[f + 1];
    (first + middle + 4 + to_byte).min(u64::from(u32::MAX)) as u32
}

/// Binds every FOR to its NEXT and every WHILE to its WEND as GW-BASIC's forward scan
/// does: statement by statement in text order, counting FOR +1 and each NEXT variable -1
/// (a bare NEXT counts once), WHILE +1 and WEND -1. The scan from one FOR stops where its
/// count returns to zero, which is where bracket matching closes it, so one pass with a
/// stack binds them all. `direct` gives the line index to record for the direct line.
fn bind_loops(lines: &mut [CLine], direct: Option<u32>) {
    let line_index = |l: usize| direct.unwrap_or(l as u32);
    let count = lines.len();
    for (l, line) in lines.iter_mut().enumerate() {
        let len = line.instrs.len();
        for (i, site) in line.instrs.iter_mut().enumerate() {
            if let Stmt::For(For { bind, .. }) = &mut site.instr {
                let ends_line = direct.is_none() && i + 1 == len && l + 1 < count;
                bind.resume = if ends_line {
                    Pos {
                        line: l as u32 + 1,
                        instr: 0,
                    }
                } else {
                    Pos {
                        line: line_index(l),
                        instr: i as u32 + 1,
                    }
                };
            }
        }
    }
    let mut line_start = Vec::with_capacity(lines.len() + 1);
    let mut sum = 0u64;
    for l in lines.iter() {
        line_start.push(sum);
        sum += u64::from(l.spans.last().map_or(0, |s| s.end)) + 5;
    }
    line_start.push(sum);
    let mut fors: Vec<(Pos, u32)> = Vec::new();
    let mut whiles: Vec<Pos> = Vec::new();
    let mut bound_for: Vec<(Pos, NextPos)> = Vec::new();
    // FORs whose scan raises an error at once, and the NEXT it is reported at
    let mut at_once: Vec<(Pos, ErrorCode, Pos)> = Vec::new();
    let mut bound_while: Vec<(Pos, Pos)> = Vec::new();
    for (l, line) in lines.iter().enumerate() {
        for (i, Site { instr, .. }) in line.instrs.iter().enumerate() {
            let here = Pos {
                line: l as u32,
                instr: i as u32,
            };
            match instr {
                Stmt::For(For { var, .. }) => fors.push((here, var.slot)),
                // a FOR that does not parse still counts (a slot no NEXT names)
                Stmt::Raise(_) if starts_for(line, i) => fors.push((here, u32::MAX)),
                Stmt::Next(Next {
                    vars,
                    bad,
                    dangling,
                }) => {
                    // one count per variable (a bare NEXT counts once); a malformed part
                    // counts too, and a scan that reaches it is a Syntax error. A comma
                    // ending the statement is no error to the scan: it counts one loop
                    // more and the scan goes on after it, and a FOR it binds takes it as
                    // a bare NEXT [S GWMAIN.ASM NXTSCN: after SYNCHR ',' DECNXT counts,
                    // then CHRGTR meets the end and goes to FORTRM]
                    let fault = ErrorCode::SyntaxError;
                    let faulty = *bad && !*dangling;
                    let slots = (vars.len() + usize::from(*bad)).max(1);
                    for v in 0..slots {
                        let Some((f, var)) = fors.pop() else { break };
                        bound_for.push((
                            f,
                            NextPos {
                                pos: here,
                                var: v as u32,
                            },
                        ));
                        match vars.get(v) {
                            Some(n) if n.slot != var => {
                                at_once.push((f, ErrorCode::NextWithoutFor, here));
                            }
                            None if faulty => at_once.push((f, fault, here)),
                            _ => {}
                        }
                    }
                    if faulty {
                        at_once.extend(fors.iter().map(|&(f, _)| (f, fault, here)));
                    }
                }
                Stmt::While(While { .. }) => whiles.push(here),
                Stmt::Wend(Wend { .. }) => {
                    if let Some(w) = whiles.pop() {
                        bound_while.push((w, here));
                    }
                }
                _ => {}
            }
        }
    }
    let start_byte = |lines: &[CLine], p: Pos| lines[p.line as usize].spans[p.instr as usize].start;
    let end_byte = |lines: &[CLine], p: Pos| lines[p.line as usize].spans[p.instr as usize].end;
    for (f, n) in bound_for {
        let scan = bytes_between(
            f,
            end_byte(lines, f),
            n.pos,
            start_byte(lines, n.pos),
            &line_start,
        );
        let next = NextPos {
            pos: Pos {
                line: line_index(n.pos.line as usize),
                instr: n.pos.instr,
            },
            var: n.var,
        };
        if let Stmt::For(For { bind, .. }) =
            &mut lines[f.line as usize].instrs[f.instr as usize].instr
        {
            bind.next = Ok(next);
            bind.scan_bytes = scan;
        }
    }
    // the first error each FOR's scan meets
    for (f, code, n) in at_once.into_iter().rev() {
        let n = Pos {
            line: line_index(n.line as usize),
            instr: n.instr,
        };
        if let Stmt::For(For { bind, .. }) =
            &mut lines[f.line as usize].instrs[f.instr as usize].instr
        {
            bind.at_once = Some((code, n));
        }
    }
    for (w, e) in bound_while {
        let scan = bytes_between(w, end_byte(lines, w), e, start_byte(lines, e), &line_start);
        let wend = Pos {
            line: line_index(e.line as usize),
            instr: e.instr,
        };
        if let Stmt::While(While { bind, .. }) =
            &mut lines[w.line as usize].instrs[w.instr as usize].instr
        {
            bind.wend = Ok(wend);
            bind.scan_bytes = scan;
        }
    }
    // an integer FOR's flat operands, once its scan is bound
    for line in lines.iter_mut() {
        for site in line.instrs.iter_mut() {
            if let Stmt::For(f) = &mut site.instr {
                let ops = (&f.start, &f.end, f.step.as_ref());
                f.bind.flat = ForFlat::new(f.var, ops, f.junk, &f.bind);
            }
        }
    }
}

/// Statement `i` of the line begins with the FOR token, at a statement's start (the
/// line's, after `:`, THEN or ELSE): GW's scans count it whatever follows [S GWMAIN.ASM
/// NXTSCN: NXTLOK's `CMP AL,$FOR` on the first token FNNWST fetches].
fn starts_for(line: &CLine, i: usize) -> bool {
    let Some(span) = line.spans.get(i) else {
        return false;
    };
    let start = span.start as usize;
    if line.body.get(start).map(|&b| u16::from(b)) != Some(crate::text::token::Keyword::For.code())
    {
        return false;
    }
    let before = line.body[..start].iter().rev().find(|&&b| b != b' ');
    match before {
        None => true,
        Some(&b) => {
            let b = u16::from(b);
            b == u16::from(b':')
                || b == crate::text::token::Keyword::Then.code()
                || b == crate::text::token::Keyword::Else.code()
        }
    }
}

/// The variables named by the NEXTs between a FOR and its NEXT `to` (every name of the
/// NEXT at `to.pos` when `to.var` is `u32::MAX`; every NEXT to the end of the program
/// without `to`), each with the NEXT that names it: GW's scan makes them, each at its
/// NEXT's line [S GWMAIN.ASM NXTSCN: PTRGET with CURLIN = NXTLIN], and the NEXT the scan
/// stops at makes the loop's variable as it runs [S NEXT86.ASM NEXTS: PTRGET].
pub fn scanned_vars(
    code: &Code,
    direct: Option<&CLine>,
    from: Pos,
    to: Option<NextPos>,
) -> Box<[(u32, Pos)]> {
    let mut out = Vec::new();
    let mut p = Pos {
        line: from.line,
        instr: from.instr + 1,
    };
    loop {
        let line = if p.line == DIRECT {
            direct
        } else {
            code.lines.get(p.line as usize)
        };
        let Some(line) = line else { break };
        for (i, Site { instr, .. }) in line.instrs.iter().enumerate().skip(p.instr as usize) {
            if let Stmt::Next(Next { vars, .. }) = instr {
                let here = Pos {
                    line: p.line,
                    instr: i as u32,
                };
                let last = to.filter(|t| t.pos == here);
                let upto = last.map_or(vars.len(), |t| (t.var as usize).saturating_add(1));
                out.extend(vars.iter().take(upto).map(|v| (v.slot, here)));
                if last.is_some() {
                    return out.into();
                }
            }
        }
        if p.line == DIRECT {
            break;
        }
        p = Pos {
            line: p.line + 1,
            instr: 0,
        };
    }
    out.into()
}

/// DATA items in program order, as READ's search finds them (`data`).
fn collect_data(code: &Code) -> Vec<DataItem> {
    let mut items = Vec::new();
    for line in &code.lines {
        data::line_items(line.number, &line.body, &mut items);
    }
    items
}

/// An IF's condition that is an integer variable (`IF C THEN`: its compiled form `cond`,
/// its integer form `int`) in the integer form as well, so that IF tests it by its one
/// integer call (`machine::eval`'s `int_condition`); any other condition as it is.
fn int_variable(cond: CExpr, int: Option<IExpr>) -> CExpr {
    match int {
        Some(v @ IExpr::Var(_)) => CExpr::IntPure(Box::new((v, cond))),
        _ => cond,
    }
}
