//! GW-BASIC's data segment as programs see it (PEEK, POKE, VARPTR, VARPTR$, FRE): the
//! program text from TXTTAB (&H126E), then the scalar table (VARTAB), the array table
//! (ARYTAB) up to STREND, free memory, and string space growing down from its top to
//! FRETOP. The interpreter keeps its variables in slots; this module computes the bytes
//! GW would have had there from that state, so nothing on the hot path changes. String
//! space is the one part with a history of its own (garbage): it is modelled by FRETOP,
//! the address of each string variable's bytes (`Vars::saddr`, `Array::saddr`) and the
//! bytes themselves in the plain memory behind the segment. The rules and their
//! evidence are in docs/memory.md.
//!
//! Here: the layout (the tables' pointers and entries), VARPTR and FRE; string space in
//! `strings`, the segment's bytes for PEEK and POKE in `bytes`, POKEd links and line
//! numbers in `links`.

use super::{Machine, Res};
use crate::compile::code::CExpr;
use crate::error::ErrorCode;
use crate::machine::assign::Place;
use crate::machine::value::{Str, Value};
use crate::machine::vars::{ArrayData, NOT_CREATED};
use crate::num::{Double, Single};
use crate::syntax::ast::VarType;
use std::rc::Rc;

mod bytes;
mod collect;
mod links;
pub(crate) use links::PokedLinks;
mod order;
mod strings;

/// Where the file data blocks start: GW allocates one for file 0 (LOAD and SAVE's file)
/// and one for each file number up to its highest (/F:), each 194 bytes of control data
/// and a record buffer of the longest record (/S:) [S MSDOSU FDB layout (FD_DAT at 194);
/// M gwbasic/PEEK_bad_field_memory_addresses, unsorted/FILEXPR].
const FILE_BLOCKS: u32 = 3429;
/// The control data before a block's record buffer (FD_DAT).
const BLOCK_HEAD: u32 = 194;
/// VARPTR(#n) is the block's mode byte (F_MODE) [S GIO86.ASM GETPTR].
const MODE_AT: u32 = 6;
/// The highest byte available to BASIC (MAXMEM): CLEAR refuses a memory size above it.
pub(crate) const MAXMEM: u32 = 65534;
/// The top of BASIC's memory (TOPMEM) until CLEAR sets it.
const TOPMEM: u32 = MAXMEM;
/// The words in low memory that hold GW's pointers.
const P_TOP: u16 = 0x2C;
const P_TXTTAB: u16 = 0x30;
const P_VARTAB: u16 = 0x358;
const P_ARYTAB: u16 = 0x35A;
const P_STREND: u16 = 0x35C;
/// The protection flag (PROFLG): &HFE for a protected program [M gwbasic/POKE_to_unprotect].
const P_PROFLG: u16 = 1450;

/// String space: how much of it is taken (live strings and garbage), and the temporary
/// the last concatenation left.
#[derive(Debug, Default)]
pub(crate) struct StringSpace {
    /// Bytes between FRETOP and the top of string space.
    used: u32,
    /// TOPMEM as CLEAR set it (0: the default).
    topmem: u32,
    /// The last concatenation's result (the value, address and length) while no
    /// statement has claimed or freed it. The value is held weakly: it is known by its
    /// allocation, which the weak reference keeps from being reused for another string
    /// after the value itself is dropped (an operand at the same address would otherwise
    /// be taken for it, as the allocator's reuse happened to fall).
    pending: Option<(std::rc::Weak<[u8]>, u16, u16)>,
    /// The program counter when `pending` was made (past the statement that made it): an
    /// error in another statement finds it used and freed.
    pending_at: Option<crate::compile::code::Pos>,
    /// Start offset of each program line (from TXTTAB), for the code they were
    /// computed for.
    line_starts: Vec<u32>,
    line_starts_of: usize,
    /// The last layout computed, with the table generation and program size it was
    /// computed for.
    layout: std::cell::Cell<Option<(u32, usize, Layout)>>,
    /// The garbage collector's buffers, kept between collections.
    gc: collect::GcBuffers,
    /// The allocations of strings no longer in use (the interpreter's, not GW's).
    pool: crate::machine::value::StrPool,
    /// Where a concatenation copies the bytes of its operands that are function calls,
    /// and joins a result read at once (machine::concat; taken while in use, so a
    /// concatenation inside one's operand makes its own).
    pub(crate) pieces: Option<Box<[[u8; crate::machine::value::MAX_STRING]; 3]>>,
}

/// The table pointers.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Layout {
    pub(crate) vartab: u32,
    pub(crate) arytab: u32,
    pub(crate) strend: u32,
}

/// One entry of the scalar table.
#[derive(Debug, Clone, Copy)]
enum Entry {
    Scalar(u32),
    Fn(u32),
}

/// The type byte GW writes for a type.
fn type_byte(t: VarType) -> u8 {
    t.size() as u8
}

/// The first two name bytes and the extra ones of a name (GW sets their high bit).
fn name_bytes(name: &[u8]) -> ([u8; 2], Vec<u8>) {
    let a = name.first().copied().unwrap_or(0);
    let b = name.get(1).copied().unwrap_or(0);
    let extra = name
        .get(2..)
        .unwrap_or(&[])
        .iter()
        .map(|c| c | 0x80)
        .collect();
    ([a, b], extra)
}

impl Machine {
    /// Bytes of one file data block: the control data and a record buffer of /S: bytes.
    /// Blocks that would leave less than 16 KB above them (where GW-BASIC would not
    /// start) are laid out as with the default /S:128.
    fn block_size(&self) -> u32 {
        let size = BLOCK_HEAD + u32::from(self.io.files.max_reclen);
        let blocks = u32::from(self.io.files.max) + 1;
        if FILE_BLOCKS + blocks * size > 0xC000 {
            BLOCK_HEAD + 128
        } else {
            size
        }
    }

    /// Where the program text starts (TXTTAB, PEEK(&H30) + 256 * PEEK(&H31)): after the
    /// file data blocks and a 0 byte, &H126E with the default /F:3 /S:128.
    pub(crate) fn txttab(&self) -> u32 {
        FILE_BLOCKS + (u32::from(self.io.files.max) + 1) * self.block_size() + 1
    }

    /// VARPTR(#n): the mode byte of file n's data block.
    pub(crate) fn file_block(&self, n: u8) -> u32 {
        FILE_BLOCKS + u32::from(n) * self.block_size() + MODE_AT
    }

    /// Where file n's record buffer (FIELD's bytes) is.
    pub(crate) fn field_buffer_addr(&self, n: u8) -> u32 {
        FILE_BLOCKS + u32::from(n) * self.block_size() + BLOCK_HEAD
    }

    /// The random file and the index in its record buffer of a data-segment address.
    pub(super) fn field_buffer_at(&self, o: u32) -> Option<(u8, usize)> {
        let rel = o.checked_sub(FILE_BLOCKS)?;
        let n = u8::try_from(rel / self.block_size()).ok()?;
        let k = (rel % self.block_size()).checked_sub(BLOCK_HEAD)? as usize;
        (n <= self.io.files.max && self.io.files.has_field(n)).then_some((n, k))
    }

    /// TOPMEM: the highest byte BASIC uses (CLEAR's second operand).
    pub(crate) fn top_of_memory(&self) -> u32 {
        match self.io.memory.strings.topmem {
            0 => TOPMEM,
            t => t,
        }
    }

    pub(crate) fn set_top_of_memory(&mut self, t: u32) {
        self.io.memory.strings.topmem = t;
    }

    /// The top of string space (MEMSIZ): below the stack, which sits below TOPMEM
    /// (65020 with the default stack).
    fn string_top(&self) -> u32 {
        self.top_of_memory()
            .saturating_sub(self.run.stack_size as u32 + 2)
    }

    /// FRETOP: one below the lowest string.
    pub(crate) fn fretop(&self) -> u32 {
        self.string_top()
            .saturating_sub(self.io.memory.strings.used)
    }

    /// Bytes of the scalar table (scalars and user functions).
    fn scalar_table_bytes(&self) -> u32 {
        let v = &self.run.vars;
        let scalars = v.bytes_used() - v.array_bytes();
        let fns: usize = (0..self.run.fns.rank.len())
            .filter(|&i| self.run.fns.rank[i] != u32::MAX)
            .map(|i| fn_entry_bytes(&self.run.fns.keys[i]))
            .sum();
        (scalars + fns) as u32
    }

    #[inline]
    pub(crate) fn layout(&self) -> Layout {
        let key = (self.run.vars.generation, self.run.program_bytes);
        if let Some((g, p, l)) = self.io.memory.strings.layout.get()
            && (g, p) == key
        {
            return l;
        }
        self.new_layout()
    }

    /// `layout` when the tables or the program changed since the last one.
    #[inline(never)]
    fn new_layout(&self) -> Layout {
        let key = (self.run.vars.generation, self.run.program_bytes);
        let l = self.compute_layout();
        self.io.memory.strings.layout.set(Some((key.0, key.1, l)));
        l
    }

    fn compute_layout(&self) -> Layout {
        let vartab = self.txttab() + self.run.program_bytes as u32 + 2;
        let arytab = vartab + self.scalar_table_bytes();
        let strend = arytab + self.run.vars.array_bytes() as u32;
        Layout {
            vartab,
            arytab,
            strend,
        }
    }

    /// The most program text (`Program::byte_size`) that fits below MEMSIZ once the
    /// strings are dropped (GWMAIN EDENT sets FRETOP to MEMSIZ before BLTU's REASON).
    pub(crate) fn program_room(&self) -> usize {
        self.string_top().saturating_sub(self.txttab() + 2) as usize
    }

    /// FRE(0): FRETOP - STREND.
    pub(crate) fn free_bytes(&self) -> usize {
        self.fretop().saturating_sub(self.layout().strend) as usize
    }

    /// FRE(x): a string argument is freed and string space collected first.
    pub(crate) fn fre(&mut self, arg: &Value) -> Res<Value> {
        self.settle_temp();
        if matches!(arg, Value::Str(_)) {
            self.collect_garbage(&[]);
        }
        Ok(Value::Sng(Single::from_i32(self.free_bytes() as i32)))
    }

    /// The scalar table in creation order.
    fn entries(&self) -> Vec<(u32, Entry)> {
        let v = &self.run.vars;
        let mut e: Vec<(u32, Entry)> = (0..v.scalar_count() as u32)
            .filter(|&s| v.scalar_rank[s as usize] != NOT_CREATED)
            .map(|s| (v.scalar_rank[s as usize], Entry::Scalar(s)))
            .collect();
        e.extend(
            self.run
                .fns
                .rank
                .iter()
                .enumerate()
                .filter(|(_, r)| **r != u32::MAX)
                .map(|(i, &r)| (r, Entry::Fn(i as u32))),
        );
        e.sort_unstable_by_key(|x| x.0);
        e
    }

    /// The arrays in creation order.
    fn array_order(&self) -> Vec<u32> {
        let v = &self.run.vars;
        let mut a: Vec<(u32, u32)> = (0..v.arrays.len() as u32)
            .filter(|&s| v.arrays[s as usize].is_some())
            .map(|s| (v.array_rank[s as usize], s))
            .collect();
        a.sort_unstable();
        a.into_iter().map(|x| x.1).collect()
    }

    /// An entry's header (type, name, extra name) and value bytes.
    fn entry_image(&self, e: Entry) -> (Vec<u8>, Vec<u8>) {
        let (key, value) = match e {
            Entry::Scalar(s) => {
                let key = self.run.vars.scalar_key(s);
                let value = value_bytes(
                    &self.run.vars.scalars[s as usize],
                    self.run.vars.saddr[s as usize],
                );
                (key, value)
            }
            Entry::Fn(f) => {
                let key = &self.run.fns.keys[f as usize];
                let mut value = vec![0; key.1.size()];
                if let Some(Some(at)) = self.run.fns.defined.get(f as usize)
                    && let Some(a) = self.text_addr(at.line, at.instr)
                {
                    value[..2].copy_from_slice(&(a as u16).to_le_bytes());
                }
                (key, value)
            }
        };
        let (two, extra) = name_bytes(&key.0);
        let mut head = vec![type_byte(key.1), two[0], two[1], extra.len() as u8];
        if let Entry::Fn(_) = e {
            head[1] |= 0x80;
        }
        head.extend_from_slice(&extra);
        (head, value)
    }

    /// VARPTR(v): where a variable's value is (Illegal function call for a scalar not
    /// created yet; an element dimensions its array as any use does). Also gives the
    /// type byte for VARPTR$.
    pub(crate) fn varptr(&mut self, e: &CExpr) -> Res<(u8, u16)> {
        match e {
            CExpr::Scalar(slot) => {
                if self.run.vars.scalar_rank[*slot as usize] == NOT_CREATED {
                    return Err(ErrorCode::IllegalFunctionCall.into());
                }
                let t = self.run.vars.scalar_key(*slot).1;
                let mut at = self.layout().vartab;
                for (_, en) in self.entries() {
                    let (h, v) = self.entry_image(en);
                    if let Entry::Scalar(s) = en
                        && s == *slot
                    {
                        return Ok((type_byte(t), (at + h.len() as u32) as u16));
                    }
                    at += (h.len() + v.len()) as u32;
                }
                Err(ErrorCode::InternalError.into())
            }
            CExpr::IntPure(both) => self.varptr(&both.1),
            CExpr::TypedS(both) => self.varptr(&both.1),
            CExpr::TypedD(both) => self.varptr(&both.1),
            CExpr::CmpNums(both) => self.varptr(&both.1),
            CExpr::Elem1(arr, sub) => {
                let idx = self.element1(*arr, sub)?;
                self.element_addr(*arr, idx)
            }
            CExpr::Elem(arr, subs) => {
                let idx = self.element(*arr, subs)?;
                self.element_addr(*arr, idx)
            }
            e => {
                self.eval(e)?;
                Err(ErrorCode::IllegalFunctionCall.into())
            }
        }
    }

    /// VARPTR$(v): the type byte and the address VARPTR gives, low byte first.
    pub(crate) fn fn_varptr_str(&mut self, e: &CExpr) -> Res<Value> {
        let (t, addr) = self.varptr(e)?;
        let [lo, hi] = addr.to_le_bytes();
        Ok(Value::Str(Rc::from(vec![t, lo, hi])))
    }

    fn element_addr(&self, arr: u32, idx: usize) -> Res<(u8, u16)> {
        let t = self.run.vars.array_key(arr).1;
        let mut at = self.layout().arytab;
        for s in self.array_order() {
            let Some(a) = self.run.vars.arrays[s as usize].as_ref() else {
                continue;
            };
            let key = self.run.vars.array_key(s);
            if s == arr {
                let head = 4 + key.0.len().saturating_sub(2) + 3 + 2 * a.dims.len();
                let addr = at as usize + head + idx * t.size();
                return Ok((type_byte(t), addr as u16));
            }
            at += a.bytes(key.0.len(), key.1) as u32;
        }
        Err(ErrorCode::InternalError.into())
    }

    /// The address of the text of statement `instr` of line `line` (None in direct mode).
    fn text_addr(&self, line: u32, instr: u32) -> Option<u32> {
        let l = self.code.lines.get(line as usize)?;
        let span = l.spans.get(instr as usize)?;
        let start: u32 = self.code.lines[..line as usize]
            .iter()
            .map(|l| l.body.len() as u32 + 5)
            .sum();
        // past DEF FNname and the blanks after it, where the parameters start
        let text = l.body.get(usize::from(span.start)..usize::from(span.end))?;
        let fn_at = text.iter().position(|&b| b == 0xD1)?;
        let mut k = fn_at + 1;
        while text
            .get(k)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'.')
        {
            k += 1;
        }
        if text.get(k).is_some_and(|b| b"%!#$".contains(b)) {
            k += 1;
        }
        while text.get(k) == Some(&b' ') {
            k += 1;
        }
        Some(self.txttab() + start + 4 + u32::from(span.start) + k as u32)
    }

    /// Where line `line` starts.
    fn line_start(&mut self, line: u32) -> Option<u32> {
        let id = Rc::as_ptr(&self.code) as usize;
        let txttab = self.txttab();
        let ss = &mut self.io.memory.strings;
        if ss.line_starts_of != id || ss.line_starts.len() != self.code.lines.len() {
            ss.line_starts.clear();
            let mut at = txttab;
            for l in &self.code.lines {
                ss.line_starts.push(at);
                at += l.body.len() as u32 + 5;
            }
            ss.line_starts_of = id;
        }
        ss.line_starts.get(line as usize).copied()
    }

    /// The address of byte `at` of line `line`'s body in the program text.
    pub(crate) fn text_byte_addr(&mut self, line: u32, at: u16) -> u16 {
        self.line_start(line)
            .map_or(0, |s| (s + 4 + u32::from(at)) as u16)
    }

    /// The address of a string literal in the executing statement's text (None in
    /// direct mode, where GW copies it out of the keyboard buffer): the byte after its
    /// opening quote, an empty literal's too (BISTRS.ASM STRLIT). The literal is the
    /// first `"` followed by its bytes and then its closing quote or the end of the text.
    fn literal_addr(&mut self, s: &[u8]) -> Option<u16> {
        // the program counter is already past the executing statement
        let pc = self.pc;
        let code = self.code.clone();
        let l = code.lines.get(pc.line as usize)?;
        let span = l.spans.get(pc.instr.checked_sub(1)? as usize)?.clone();
        let text = l.body.get(usize::from(span.start)..)?;
        let stmt = usize::from(span.end - span.start);
        let at = (0..stmt).find(|&i| {
            text[i] == b'"'
                && text.get(i + 1..i + 1 + s.len()) == Some(s)
                && matches!(text.get(i + 1 + s.len()), None | Some(b'"'))
        })?;
        Some(self.text_byte_addr(pc.line, span.start + at as u16 + 1))
    }
}

/// A value's bytes as GW stores them (a string as its descriptor: length, address).
fn value_bytes(v: &Value, saddr: u16) -> Vec<u8> {
    match v {
        Value::Int(i) => i.to_le_bytes().to_vec(),
        Value::Sng(s) => s.to_bytes().to_vec(),
        Value::Dbl(d) => d.to_bytes().to_vec(),
        Value::Str(s) => {
            vec![s.len() as u8, saddr as u8, (saddr >> 8) as u8]
        }
    }
}

/// Bytes of a user function's entry in the scalar table.
fn fn_entry_bytes(key: &crate::compile::VarKey) -> usize {
    4 + key.0.len().saturating_sub(2) + key.1.size()
}
