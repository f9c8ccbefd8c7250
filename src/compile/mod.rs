//! AST → `code`: names resolved to slots with the DEFtype table in force, line numbers to
//! line indexes, IF/ELSE flattened, FOR/WHILE bound by GW-BASIC's forward scans (digest
//! §3.2 step 6, §4), DATA items collected in program order. Compiling is cheap, so the
//! interpreter recompiles on RUN and whenever a DEFtype statement changes the table.

pub mod code;

use crate::compile::code::*;
use crate::error::ErrorCode;
use crate::machine::vars::{VarKey, Vars};
use crate::num::Num;
use crate::program::Program;
use crate::syntax::ast::*;
use crate::syntax::parse::parse_line;
use std::collections::HashMap;
use std::rc::Rc;

/// User functions: interned by (name, type).
#[derive(Debug, Default)]
pub struct FnTable {
    index: HashMap<VarKey, u32>,
    /// Where each function's DEF FN instruction is, once executed.
    pub defined: Vec<Option<Pos>>,
    /// Each function's result type.
    pub types: Vec<VarType>,
}

impl FnTable {
    fn slot(&mut self, key: VarKey) -> u32 {
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        let i = self.defined.len() as u32;
        self.defined.push(None);
        self.types.push(key.1);
        self.index.insert(key, i);
        i
    }

    /// Forget all definitions (CLEAR/RUN); indexes stay valid.
    pub fn clear(&mut self) {
        self.defined.iter_mut().for_each(|d| *d = None);
    }
}

/// Compiles the whole program.
pub fn compile(program: &Program, vars: &mut Vars, fns: &mut FnTable) -> Code {
    let numbers: Vec<u16> = program.iter().map(|(n, _)| n).collect();
    let mut c = Compiler {
        vars,
        fns,
        numbers: &numbers,
        jump_sites: 0,
        sites: 0,
        line_len: 0,
    };
    let mut lines = Vec::with_capacity(numbers.len());
    let mut bodies = Vec::with_capacity(numbers.len());
    for (number, body) in program.iter() {
        lines.push(c.line(number, body));
        bodies.push(body);
    }
    let mut code = Code {
        lines,
        data: Vec::new(),
        jump_sites: c.jump_sites,
        sites: c.sites,
        profiles: Vec::new(),
    };
    bind_loops(&mut code);
    code.data = collect_data(&code, &bodies);
    code.profiles = profiles(&code, &bodies, vars);
    code
}

/// The static cost profile of every instruction. A statement's bytes run from the end
/// of the previous one (so the `:` and blanks before it are its own: NEXT and WEND resume
/// there, and GW walks them on every iteration) to its own end; the last one takes the
/// rest of the line. A jump written as `THEN 100` is not a dispatched statement.
fn profiles(code: &Code, bodies: &[&[u8]], vars: &Vars) -> Vec<crate::cost::SiteProfile> {
    let mut out = Vec::with_capacity(code.sites as usize);
    for (line, body) in code.lines.iter().zip(bodies) {
        let last = line.instrs.len().saturating_sub(1);
        for (i, instr) in line.instrs.iter().enumerate() {
            let start = if i == 0 {
                0
            } else {
                line.spans[i - 1].end as usize
            };
            let start = start.min(line.spans[i].start as usize);
            let end = if i == last {
                body.len()
            } else {
                line.spans[i].end as usize
            };
            let implicit_jump = matches!(instr, Instr::Goto(_))
                && body.get(start) == Some(&crate::text::token::byte::LINE_NUM);
            let is_stmt = !implicit_jump;
            out.push(crate::cost::profile::profile(
                instr,
                body,
                start..end,
                is_stmt,
                vars,
            ));
        }
    }
    out
}

/// Compiles a direct-mode line against the program's code (jumps go into the program).
pub fn compile_direct(body: &[u8], code: &Code, vars: &mut Vars, fns: &mut FnTable) -> CLine {
    let numbers: Vec<u16> = code.lines.iter().map(|l| l.number).collect();
    let mut c = Compiler {
        vars,
        fns,
        numbers: &numbers,
        jump_sites: code.jump_sites,
        sites: code.sites,
        line_len: 0,
    };
    let mut line = c.line(65535, body);
    bind_direct(&mut line, code);
    line
}

struct Compiler<'a> {
    vars: &'a mut Vars,
    fns: &'a mut FnTable,
    numbers: &'a [u16],
    jump_sites: u32,
    sites: u32,
    line_len: u16,
}

impl Compiler<'_> {
    fn line(&mut self, number: u16, body: &[u8]) -> CLine {
        self.line_len = body.len() as u16;
        let stmts = parse_line(body);
        let mut out = Flat {
            instrs: Vec::new(),
            spans: Vec::new(),
        };
        self.flatten(&stmts, &mut out);
        let site_base = self.sites;
        self.sites += out.instrs.len() as u32;
        CLine {
            number,
            instrs: out.instrs,
            spans: out.spans,
            site_base,
        }
    }

    fn flatten(&mut self, stmts: &[SStmt], out: &mut Flat) {
        for s in stmts {
            match &s.node {
                Stmt::If {
                    cond,
                    then_branch,
                    else_branch,
                } => {
                    let cond = self.expr(cond);
                    let at = out.instrs.len();
                    let head_end = then_branch.first().map_or(s.span.end, |t| t.span.start);
                    out.push(
                        Instr::IfFalse {
                            cond,
                            skip_to: 0,
                            skip_bytes: 0,
                        },
                        s.span.start..head_end,
                    );
                    self.flatten(then_branch, out);
                    let (skip_to, skip_bytes) = match else_branch {
                        Some(else_stmts) => {
                            let else_at = else_stmts.first().map_or(s.span.end, |e| e.span.start);
                            let rest = self.line_len.saturating_sub(else_at);
                            out.push(Instr::EndLine { skip_bytes: rest }, else_at..else_at);
                            let to = out.instrs.len() as u32;
                            self.flatten(else_stmts, out);
                            (to, else_at.saturating_sub(head_end))
                        }
                        None => (u32::MAX, self.line_len.saturating_sub(head_end)),
                    };
                    if let Instr::IfFalse {
                        skip_to: t,
                        skip_bytes: b,
                        ..
                    } = &mut out.instrs[at]
                    {
                        *t = skip_to;
                        *b = skip_bytes;
                    }
                }
                node => {
                    let instr = self.stmt(node, s.span.end);
                    out.push(instr, s.span.clone());
                }
            }
        }
    }

    fn jump(&mut self, number: u16, stmt_end: u16) -> Jump {
        let target = self.numbers.binary_search(&number).ok().map(|i| i as u32);
        let site = self.jump_sites;
        self.jump_sites += 1;
        Jump {
            number,
            target,
            site,
            rest_of_line: self.line_len.saturating_sub(stmt_end),
        }
    }

    fn stmt(&mut self, s: &Stmt, end: u16) -> Instr {
        match s {
            Stmt::Let { target, value } => Instr::Let(self.lvalue(target), self.expr(value)),
            Stmt::Print {
                channel,
                using,
                items,
                error,
            } => Instr::Print {
                channel: self.channel(channel),
                using: using.as_ref().map(|e| self.expr(e)),
                items: items.iter().map(|i| self.print_item(i)).collect(),
                error: *error,
            },
            Stmt::Write { channel, exprs } => Instr::Write {
                channel: self.channel(channel),
                exprs: self.exprs(exprs),
            },
            Stmt::Input {
                channel,
                keep_line,
                prompt,
                targets,
            } => Instr::Input {
                channel: self.channel(channel),
                keep_line: *keep_line,
                prompt: prompt.clone(),
                targets: targets.iter().map(|t| self.lvalue(t)).collect(),
            },
            Stmt::LineInput {
                channel,
                keep_line,
                prompt,
                target,
            } => Instr::LineInput {
                channel: self.channel(channel),
                keep_line: *keep_line,
                prompt: prompt.clone(),
                target: self.lvalue(target),
            },
            Stmt::If { .. } => Instr::Invalid(ErrorCode::InternalError),
            Stmt::ElseSkip => Instr::EndLine {
                skip_bytes: self.line_len.saturating_sub(end),
            },
            Stmt::Goto(n) => Instr::Goto(self.jump(*n, end)),
            Stmt::Gosub(n) => Instr::Gosub(self.jump(*n, end)),
            Stmt::Return(n) => Instr::Return(n.map(|n| self.jump(n, end))),
            Stmt::On {
                selector,
                targets,
                gosub,
            } => Instr::On {
                selector: self.expr(selector),
                targets: targets.iter().map(|&n| self.jump(n, end)).collect(),
                gosub: *gosub,
            },
            Stmt::OnErrorGoto(n) => Instr::OnErrorGoto(*n),
            Stmt::For {
                var,
                start,
                end: limit,
                step,
            } => {
                let var_type = self.vars.type_of(var);
                Instr::For(Box::new(ForInstr {
                    var: self.vars.scalar_slot(var),
                    var_type,
                    start: self.expr(start),
                    end: self.expr(limit),
                    step: step.as_ref().map(|e| self.expr(e)),
                    next: Err(ErrorCode::ForWithoutNext),
                    scan_bytes: 0,
                    scanned_vars: Box::new([]),
                }))
            }
            Stmt::Next(names) => {
                Instr::Next(names.iter().map(|n| self.vars.scalar_slot(n)).collect())
            }
            Stmt::While(cond) => Instr::While {
                cond: self.expr(cond),
                wend: Err(ErrorCode::WhileWithoutWend),
                scan_bytes: 0,
            },
            Stmt::Wend => Instr::Wend,
            Stmt::Dim(list) => Instr::Dim(
                list.iter()
                    .map(|(n, dims)| {
                        if dims.is_empty() {
                            (u32::MAX, Box::new([]) as Box<[CExpr]>)
                        } else {
                            (self.vars.array_slot(n), self.exprs(dims))
                        }
                    })
                    .collect(),
            ),
            Stmt::Erase(names) => {
                Instr::Erase(names.iter().map(|n| self.vars.array_slot(n)).collect())
            }
            Stmt::OptionBase(b) => Instr::OptionBase(*b),
            Stmt::DefType(t, ranges) => Instr::DefType(*t, ranges.clone().into()),
            Stmt::DefFn { name, params, body } => {
                let key = (name.text.clone(), self.vars.type_of(name));
                let func = self.fns.slot(key);
                let params = params
                    .iter()
                    .map(|p| (self.vars.scalar_slot(p), self.vars.type_of(p)))
                    .collect();
                Instr::DefFn {
                    func,
                    params,
                    body: self.expr(body),
                }
            }
            Stmt::Swap(a, b) => Instr::Swap(self.lvalue(a), self.lvalue(b)),
            Stmt::Data => Instr::Data,
            Stmt::Read(targets) => Instr::Read(targets.iter().map(|t| self.lvalue(t)).collect()),
            Stmt::Restore(n) => Instr::Restore(*n),
            Stmt::Randomize(e) => Instr::Randomize(e.as_ref().map(|e| self.expr(e))),
            Stmt::Rem => Instr::Rem { bytes: 0 },
            Stmt::End => Instr::End,
            Stmt::Stop => Instr::Stop,
            Stmt::System => Instr::System,
            Stmt::Clear { stack, .. } => Instr::Clear {
                stack: stack.as_ref().map(|e| self.expr(e)),
            },
            Stmt::Resume(r) => Instr::Resume(*r),
            Stmt::Error(e) => Instr::Error(self.expr(e)),
            Stmt::Tron(on) => Instr::Tron(*on),
            Stmt::MidAssign {
                target,
                start,
                len,
                value,
            } => Instr::MidAssign {
                target: self.lvalue(target),
                start: self.expr(start),
                len: len.as_ref().map(|e| self.expr(e)),
                value: self.expr(value),
            },
            Stmt::Lset {
                target,
                value,
                right,
            } => Instr::Lset {
                target: self.lvalue(target),
                value: self.expr(value),
                right: *right,
            },
            Stmt::Open {
                name,
                mode,
                file,
                reclen,
            } => Instr::Open {
                name: self.expr(name),
                mode: *mode,
                file: self.expr(file),
                reclen: reclen.as_ref().map(|e| self.expr(e)),
            },
            Stmt::OpenShort {
                mode,
                file,
                name,
                reclen,
            } => Instr::OpenShort {
                mode: self.expr(mode),
                file: self.expr(file),
                name: self.expr(name),
                reclen: reclen.as_ref().map(|e| self.expr(e)),
            },
            Stmt::Close(files) => Instr::Close(self.exprs(files)),
            Stmt::Reset => Instr::Close(Box::new([])),
            Stmt::Kill(e) => Instr::Kill(self.expr(e)),
            Stmt::NameFile(a, b) => Instr::NameFile(self.expr(a), self.expr(b)),
            Stmt::Files(e) => Instr::Files(e.as_ref().map(|e| self.expr(e))),
            Stmt::Field { file, fields } => Instr::Field {
                file: self.expr(file),
                fields: fields
                    .iter()
                    .map(|(w, v)| (self.expr(w), self.lvalue(v)))
                    .collect(),
            },
            Stmt::GetPut { file, record, put } => Instr::GetPut {
                file: self.expr(file),
                record: record.as_ref().map(|e| self.expr(e)),
                put: *put,
            },
            Stmt::Width { file, width } => Instr::Width {
                file: file.as_ref().map(|e| self.expr(e)),
                width: self.expr(width),
            },
            Stmt::Cls => Instr::Cls,
            Stmt::Beep => Instr::Beep,
            Stmt::Locate(args) => Instr::Locate(
                args.iter()
                    .map(|a| a.as_ref().map(|e| self.expr(e)))
                    .collect(),
            ),
            Stmt::Ignored(k) => Instr::Ignored(*k),
            Stmt::Invalid(code) => Instr::Invalid(*code),
            cmd => Instr::Command(Box::new(self.command(cmd))),
        }
    }

    fn command(&mut self, s: &Stmt) -> Command {
        match s {
            Stmt::Run(None) => Command::Run(None),
            Stmt::Run(Some(RunTarget::Line(n))) => Command::Run(Some(RunTo::Line(*n))),
            Stmt::Run(Some(RunTarget::File(e, keep))) => {
                Command::Run(Some(RunTo::File(self.expr(e), *keep)))
            }
            Stmt::List(r) => Command::List {
                range: *r,
                printer: false,
            },
            Stmt::New => Command::New,
            Stmt::Cont => Command::Cont,
            Stmt::Load { file, run } => Command::Load {
                file: self.expr(file),
                run: *run,
            },
            Stmt::Save { file, format } => Command::Save {
                file: self.expr(file),
                format: *format,
            },
            Stmt::Merge(e) => Command::Merge(self.expr(e)),
            Stmt::Chain {
                merge,
                file,
                line,
                all,
                delete,
            } => Command::Chain {
                merge: *merge,
                file: self.expr(file),
                line: line.as_ref().map(|e| self.expr(e)),
                all: *all,
                delete: *delete,
            },
            Stmt::Common(names) => Command::Common(
                names
                    .iter()
                    .map(|n| (n.text.clone(), self.vars.type_of(n), false))
                    .collect(),
            ),
            Stmt::Delete(r) => Command::Delete(*r),
            Stmt::Renum { new, old, step } => Command::Renum {
                new: *new,
                old: *old,
                step: *step,
            },
            Stmt::Auto { start, step } => Command::Auto {
                start: *start,
                step: *step,
            },
            Stmt::Edit(n) => Command::Edit(*n),
            _ => Command::Cont,
        }
    }

    fn channel(&mut self, c: &Channel) -> CChannel {
        match c {
            Channel::Screen => CChannel::Screen,
            Channel::Printer => CChannel::Printer,
            Channel::File(e) => CChannel::File(self.expr(e)),
        }
    }

    fn print_item(&mut self, i: &PrintItem) -> CPrintItem {
        match i {
            PrintItem::Expr(e) => CPrintItem::Expr(self.expr(e)),
            PrintItem::Comma => CPrintItem::Comma,
            PrintItem::Semicolon => CPrintItem::Semicolon,
            PrintItem::Tab(e) => CPrintItem::Tab(self.expr(e)),
            PrintItem::Spc(e) => CPrintItem::Spc(self.expr(e)),
        }
    }

    fn lvalue(&mut self, l: &LValue) -> CLValue {
        match l {
            LValue::Var(n) => CLValue::Scalar(self.vars.scalar_slot(n)),
            LValue::Index(n, subs) => CLValue::Elem(self.vars.array_slot(n), self.exprs(subs)),
        }
    }

    fn exprs(&mut self, es: &[Expr]) -> Box<[CExpr]> {
        es.iter().map(|e| self.expr(e)).collect()
    }

    /// A compiled expression, with its all-integer fast form when it has one.
    fn expr(&mut self, e: &Expr) -> CExpr {
        let general = self.expr_general(e);
        match self.int_form(e) {
            Some(fast) if !matches!(fast, IExpr::Const(_) | IExpr::Var(_)) => {
                CExpr::IntPure(Box::new((fast, general)))
            }
            _ => general,
        }
    }

    /// The integer-only form of an expression, if every operand is an integer and every
    /// operator keeps integers integer.
    fn int_form(&mut self, e: &Expr) -> Option<IExpr> {
        Some(match e {
            Expr::Num(Num::Int(i)) => IExpr::Const(*i),
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
            Expr::Unary(UnOp::Neg, x) => IExpr::Neg(Box::new(self.int_form(x)?)),
            Expr::Unary(UnOp::Not, x) => IExpr::Not(Box::new(self.int_form(x)?)),
            Expr::Binary(op, a, b) if !matches!(op, BinOp::Div | BinOp::Pow) => {
                match (self.int_form(a)?, self.int_form(b)?) {
                    (IExpr::Var(x), IExpr::Var(y)) => IExpr::BinVV(*op, x, y),
                    (IExpr::Var(x), IExpr::Const(c)) => IExpr::BinVC(*op, x, c),
                    (x, y) => IExpr::Bin(*op, Box::new(x), Box::new(y)),
                }
            }
            _ => return None,
        })
    }

    fn expr_general(&mut self, e: &Expr) -> CExpr {
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
            Expr::Call(f, args) => CExpr::Call(*f, self.exprs(args)),
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
/// line it crosses (an approximation of the scanner's per-line work).
fn bytes_between(from: Pos, from_byte: u16, to: Pos, to_byte: u16, line_len: &[u16]) -> u32 {
    let to_byte = u32::from(to_byte) + 1;
    if from.line == to.line {
        return to_byte.saturating_sub(u32::from(from_byte));
    }
    let first = u32::from(line_len[from.line as usize].saturating_sub(from_byte)) + 1;
    let middle: u32 = (from.line + 1..to.line)
        .map(|l| u32::from(line_len[l as usize]) + 5)
        .sum();
    first + middle + 4 + to_byte
}

/// Binds every FOR to its NEXT and every WHILE to its WEND with GW-BASIC's forward scan:
/// statement by statement in text order, counting FOR +1 and each NEXT variable -1
/// (a bare NEXT counts once); WHILE +1, WEND -1. Also records how many bytes each scan
/// walks (cost model).
fn bind_loops(code: &mut Code) {
    let order: Vec<Pos> = code
        .lines
        .iter()
        .enumerate()
        .flat_map(|(l, line)| {
            (0..line.instrs.len() as u32).map(move |i| Pos {
                line: l as u32,
                instr: i,
            })
        })
        .collect();
    let line_len: Vec<u16> = code
        .lines
        .iter()
        .map(|l| l.spans.last().map_or(0, |s| s.end))
        .collect();
    let mut bound = Vec::new();
    for (k, &pos) in order.iter().enumerate() {
        let found = match &code.lines[pos.line as usize].instrs[pos.instr as usize] {
            Instr::For(_) => scan_for_next(code, &order[k + 1..]),
            Instr::While { .. } => scan_for_wend(code, &order[k + 1..]),
            _ => continue,
        };
        let target = match &found {
            Scan::Next(np, _) => Some(np.pos),
            Scan::Wend(p) => Some(*p),
            Scan::None => None,
        };
        let from_byte = code.lines[pos.line as usize].spans[pos.instr as usize].end;
        let scan = target.map_or(0, |to| {
            let to_byte = code.lines[to.line as usize].spans[to.instr as usize].start;
            bytes_between(pos, from_byte, to, to_byte, &line_len)
        });
        bound.push((pos, found, scan));
    }
    for (pos, found, scan) in bound {
        match (
            &mut code.lines[pos.line as usize].instrs[pos.instr as usize],
            found,
        ) {
            (Instr::For(f), Scan::Next(np, vars)) => {
                f.next = Ok(np);
                f.scanned_vars = vars.into();
                f.scan_bytes = scan;
            }
            (
                Instr::While {
                    wend, scan_bytes, ..
                },
                Scan::Wend(p),
            ) => {
                *wend = Ok(p);
                *scan_bytes = scan;
            }
            _ => {}
        }
    }
}

enum Scan {
    Next(NextPos, Vec<u32>),
    Wend(Pos),
    None,
}

fn scan_for_next(code: &Code, rest: &[Pos]) -> Scan {
    let mut depth = 1i32;
    let mut vars = Vec::new();
    for &p in rest {
        match &code.lines[p.line as usize].instrs[p.instr as usize] {
            Instr::For(_) => depth += 1,
            Instr::Next(names) => {
                let count = names.len().max(1);
                for v in 0..count {
                    if let Some(&slot) = names.get(v) {
                        vars.push(slot);
                    }
                    depth -= 1;
                    if depth == 0 {
                        return Scan::Next(
                            NextPos {
                                pos: p,
                                var: v as u32,
                            },
                            vars,
                        );
                    }
                }
            }
            _ => {}
        }
    }
    Scan::None
}

fn scan_for_wend(code: &Code, rest: &[Pos]) -> Scan {
    let mut depth = 1i32;
    for &p in rest {
        match &code.lines[p.line as usize].instrs[p.instr as usize] {
            Instr::While { .. } => depth += 1,
            Instr::Wend => {
                depth -= 1;
                if depth == 0 {
                    return Scan::Wend(p);
                }
            }
            _ => {}
        }
    }
    Scan::None
}

/// FOR/WHILE in a direct-mode line: the scan covers that line only.
fn bind_direct(line: &mut CLine, _code: &Code) {
    let mut tmp = Code {
        lines: vec![line.clone()],
        ..Default::default()
    };
    bind_loops(&mut tmp);
    if let Some(l) = tmp.lines.pop() {
        *line = l;
        for instr in &mut line.instrs {
            match instr {
                Instr::For(f) => {
                    if let Ok(n) = &mut f.next {
                        n.pos.line = DIRECT;
                    }
                }
                Instr::While { wend: Ok(p), .. } => p.line = DIRECT,
                _ => {}
            }
        }
    }
}

/// DATA items in program order, split by the DATA field grammar.
fn collect_data(code: &Code, bodies: &[&[u8]]) -> Vec<DataItem> {
    let mut items = Vec::new();
    for (l, line) in code.lines.iter().enumerate() {
        for (i, instr) in line.instrs.iter().enumerate() {
            if matches!(instr, Instr::Data) {
                let span = &line.spans[i];
                let body = bodies[l];
                let raw = &body[span.start as usize + 1..span.end as usize];
                for field in crate::machine::fields::data_fields(raw) {
                    items.push(DataItem {
                        line: line.number,
                        text: Rc::from(field),
                    });
                }
            }
        }
    }
    items
}
