//! String space in the data segment: FRETOP moving down as strings are stored, the
//! temporary a concatenation leaves until a statement claims or frees it, and the address
//! of each string variable's bytes; a new string that does not fit collects garbage
//! first (`collect`).

use super::super::{Halt, Machine, Res};
use super::*;
use crate::machine::vars::scalar_bytes;

impl Machine {
    /// Frees the last concatenation's temporary if nothing claimed it (GW frees a
    /// temporary when a function or statement has used it; the space comes back only
    /// when it is the lowest string).
    pub(crate) fn settle_temp(&mut self) {
        if let Some((_, addr, len)) = self.io.memory.strings.pending.take()
            && u32::from(addr) == self.fretop() + 1
        {
            self.io.memory.strings.used -= u32::from(len);
        }
    }

    /// An error in the statement at `at`. When that statement made the last
    /// concatenation's temporary, nothing frees it: its bytes stay below FRETOP as garbage
    /// until a collection [S GWMAIN.ASM ERROR resets the temporaries' descriptors (STKINI:
    /// TEMPPT), FRETOP is left where it was; only FRETMP gives a temporary's space back].
    /// A temporary an earlier statement made was used and freed by it (FRESTR in PRINT,
    /// LEN, a file name...), which the space shows whatever fails later.
    pub(crate) fn abandon_temp(&mut self, at: crate::compile::code::Pos) {
        // while a statement runs, the program counter is already past it (`pending_at`
        // holds the counter of the statement that made the temporary)
        let past = crate::compile::code::Pos {
            line: at.line,
            instr: at.instr.wrapping_add(1),
        };
        let unused = matches!(&self.io.memory.strings.pending, Some((p, _, _)) if !consumed(p));
        if unused && self.io.memory.strings.pending_at == Some(past) {
            self.io.memory.strings.pending = None;
        } else {
            self.settle_temp();
        }
    }

    /// LEFT$, RIGHT$ or MID$ is done with its string argument `s`, having made a piece
    /// of `n` bytes of it. The piece got its space below the argument before the
    /// argument was freed, so an argument that was a new string (the last
    /// concatenation's temporary, or another function's result, which GW put in string
    /// space as it made it) is no longer the lowest string and stays as garbage; an
    /// empty piece took no space and the argument's space comes back [S BISTRS.ASM
    /// LEFT2: GETSPA, then FRETMP].
    #[inline(always)]
    pub(crate) fn piece_taken(&mut self, s: Str, n: usize) -> Res<()> {
        let mut r = Ok(());
        if n > 0 {
            // only the pending temporary holds a weak reference to a string
            if std::rc::Rc::weak_count(&s) != 0 {
                self.io.memory.strings.pending = None;
            } else if std::rc::Rc::strong_count(&s) == 1 {
                r = self.result_left_as_garbage(&s);
            }
        }
        self.recycle_str(s);
        r
    }

    /// A new string no one holds any more whose space GW did not give back (a
    /// function's result, which GW put in string space as it made it, not the lowest
    /// string when it was freed, or abandoned by an error): its bytes go below FRETOP
    /// now, as garbage. A temporary still in use is kept by the collection that may
    /// take place; Out of string space where they do not fit (where GW, which made
    /// the string earlier, found no room for it then).
    #[cold]
    #[inline(never)]
    pub(crate) fn result_left_as_garbage(&mut self, s: &[u8]) -> Res<()> {
        let live = match &self.io.memory.strings.pending {
            Some((p, a, n)) if p.strong_count() > 0 => Some((*a, *n)),
            _ => None,
        };
        if live.is_none() {
            self.settle_temp();
        }
        self.str_alloc(s, live.as_slice()).map(|_| ())
    }

    /// An error `h` while the strings `held` (values an expression was still holding:
    /// an operand, a function's argument) were in hand: a new string among them was in
    /// string space in GW, and the error, which resets the temporaries' descriptors
    /// without freeing their bytes, leaves it there as garbage [S GWMAIN.ASM ERROR:
    /// STKINI resets TEMPPT; only FRETMP gives a temporary's space back]. Only an
    /// error does this (a halt of another kind goes back to the statement as it was);
    /// where the garbage does not fit, the error is Out of string space (GW would have
    /// found no room for the string when it made it).
    #[cold]
    #[inline(never)]
    pub(crate) fn results_dropped(&mut self, held: &[&Str], h: Halt) -> Halt {
        let mut h = h;
        for s in held {
            if std::rc::Rc::strong_count(s) == 1 && std::rc::Rc::weak_count(s) == 0 {
                h = self.new_string_dropped(s, h);
            }
        }
        h
    }

    /// `results_dropped` of the bytes `b` of a new string.
    #[cold]
    #[inline(never)]
    pub(crate) fn new_string_dropped(&mut self, b: &[u8], h: Halt) -> Halt {
        if !matches!(h, Halt::Error(_)) || b.is_empty() {
            return h;
        }
        match self.result_left_as_garbage(b) {
            Ok(()) => h,
            Err(e) => e,
        }
    }

    /// `results_dropped` of one value (a number leaves nothing). The value is dropped,
    /// not given back to the pool: the pending temporary, if it is its value, must not
    /// take it as used (`recycle_str`), since nothing freed it.
    #[cold]
    #[inline(never)]
    pub(crate) fn value_dropped(&mut self, v: Value, h: Halt) -> Halt {
        match v {
            Value::Str(s) => self.results_dropped(&[&s], h),
            _ => h,
        }
    }

    /// The value `v` of a user function whose body is `body`: a variable's string (a
    /// scalar, a parameter, an array element) is copied into a new string, since the
    /// variable's descriptor is no temporary; a literal's or another function's string
    /// is passed on [S GWEVAL.ASM FNDOER: a result whose descriptor lies below DSCTMP is
    /// a temporary, any other goes to STRCPY and PUTTMP].
    pub(crate) fn fn_result(&mut self, body: &CExpr, v: Value) -> Value {
        match (body, v) {
            (CExpr::Scalar(_) | CExpr::Elem(..) | CExpr::Elem1(..), Value::Str(s)) => {
                let copy = self.new_str(&s);
                Value::Str(copy)
            }
            (_, v) => v,
        }
    }

    /// The arguments of a call of a user function with parameters `params`, evaluated
    /// and converted in order. Each one's value stays on the stack, its temporary
    /// held, until all are bound, so an error in a later one (or a count that does not
    /// match the parameters: Syntax error) leaves the new strings of those before it as
    /// garbage [S GWEVAL.ASM FNDOER: FRMEVL, DOCNVF and VMOVMF for each argument,
    /// ASGMOR's SYNCHR for the comma; the error's STKINI forgets the descriptors].
    pub(crate) fn fn_arguments(
        &mut self,
        args: &[CExpr],
        params: &[crate::compile::code::VarSlot],
    ) -> Res<Vec<Value>> {
        let mut values = Vec::with_capacity(args.len());
        for (a, p) in args.iter().zip(params.iter()) {
            // string space as it was before this argument (the garbage it leaves when
            // it fails lies below what this marks)
            let used = self.io.memory.strings.used;
            let v = match self.eval(a) {
                Ok(v) => self.convert(v, p.ty),
                Err(h) => Err(h),
            };
            match v {
                Ok(v) => values.push(v),
                Err(h) => return Err(self.arguments_dropped(values, h, used)),
            }
        }
        if params.len() != args.len() {
            let used = self.io.memory.strings.used;
            return Err(self.arguments_dropped(values, ErrorCode::SyntaxError.into(), used));
        }
        Ok(values)
    }

    /// `fn_arguments`' error `h` with the arguments `values` still held; `used` is how
    /// much of string space was taken before the failing argument was evaluated. GW
    /// made each argument's new string as it evaluated it, so those of the arguments
    /// before lie above the garbage the failing one left: that garbage (already placed
    /// by its own error) moves down below them [S GWEVAL.ASM FNDOER: FRMEVL of each
    /// argument in turn, the values held on the stack; the error's STKINI forgets the
    /// descriptors, FRETOP stays].
    #[cold]
    #[inline(never)]
    fn arguments_dropped(&mut self, values: Vec<Value>, h: Halt, used: u32) -> Halt {
        let now = self.io.memory.strings.used;
        let held = values.iter().any(|v| {
            matches!(v, Value::Str(s)
                if !s.is_empty() && std::rc::Rc::strong_count(s) == 1
                    && std::rc::Rc::weak_count(s) == 0)
        });
        if !held || now <= used || !matches!(h, Halt::Error(_)) {
            return values.into_iter().fold(h, |h, v| self.value_dropped(v, h));
        }
        // the failing argument's bytes, from FRETOP + 1 up to where it began; a
        // collection on the way may have moved a variable's string in among them, and
        // then they stay where they are
        let low = self.fretop() + 1;
        let n = now - used;
        let overlaps = |&(_, a, len): &(_, u16, u16)| {
            let a = u32::from(a);
            a < low + n && a + u32::from(len) > low
        };
        if self.live_strings().iter().any(overlaps) {
            return values.into_iter().fold(h, |h, v| self.value_dropped(v, h));
        }
        let garbage = self.io.memory.read(low as u16, n as u16);
        // a temporary among those bytes moves down with them
        let strings = &mut self.io.memory.strings;
        let moved = match &strings.pending {
            Some((_, a, _)) if (low..low + n).contains(&u32::from(*a)) => strings.pending.take(),
            _ => None,
        };
        strings.used = used;
        let h = values.into_iter().fold(h, |h, v| self.value_dropped(v, h));
        match self.result_left_as_garbage(&garbage) {
            Ok(()) => {
                let new_low = self.fretop() + 1;
                if let Some((w, a, len)) = moved {
                    let a = (u32::from(a) - low + new_low) as u16;
                    self.io.memory.strings.pending = Some((w, a, len));
                }
                h
            }
            Err(e) => e,
        }
    }

    /// The number `v` is; a string is refused (`string_refused`).
    #[inline(always)]
    pub(crate) fn num_of(&mut self, v: Value) -> Res<crate::num::Num> {
        use crate::num::Num;
        match v {
            Value::Int(i) => Ok(Num::Int(i)),
            Value::Sng(x) => Ok(Num::Sng(x)),
            Value::Dbl(x) => Ok(Num::Dbl(x)),
            Value::Str(s) => Err(self.string_refused(s)),
        }
    }

    /// A string where a number must be: Type mismatch, the string, if a new one, left
    /// as garbage [S GWEVAL.ASM FRCNUM/CHKNUM: TMERR with the temporary's descriptor
    /// still held].
    #[cold]
    #[inline(never)]
    pub(crate) fn string_refused(&mut self, s: Str) -> Halt {
        self.value_dropped(Value::Str(s), ErrorCode::TypeMismatch.into())
    }

    /// `piece_taken` for a piece of `n` bytes read from a variable's own string, which
    /// stays the variable's (`weak`: it is held weakly, as the pending temporary's
    /// value): the temporary's space is garbage as it is there, nothing goes back to
    /// the pool.
    #[inline(always)]
    pub(crate) fn piece_read(&mut self, weak: bool, n: usize) {
        if weak && n > 0 {
            self.io.memory.strings.pending = None;
        }
    }

    /// Takes `bytes.len()` bytes below FRETOP, collecting garbage when they do not fit
    /// (Out of string space when they still do not); `live` are temporaries in use.
    #[inline]
    fn str_alloc(&mut self, bytes: &[u8], live: &[(u16, u16)]) -> Res<u16> {
        let len = bytes.len() as u32;
        let fretop = self.fretop();
        if len == 0 {
            // GETSPA for no bytes: FRETOP stays, the string is where the next would be
            return Ok((fretop + 1) as u16);
        }
        if fretop < self.layout().strend + len {
            return self.str_alloc_collecting(bytes, live);
        }
        // FRETOP goes down by `len` (it is at least `len` above 0 here)
        self.io.memory.strings.used += len;
        let addr = fretop - len + 1;
        self.io.memory.write(addr as u16, bytes);
        Ok(addr as u16)
    }

    /// `str_alloc` when the bytes do not fit below FRETOP: string space is collected
    /// first.
    #[inline(never)]
    fn str_alloc_collecting(&mut self, bytes: &[u8], live: &[(u16, u16)]) -> Res<u16> {
        let len = bytes.len() as u32;
        self.collect_garbage(live);
        if self.fretop() < self.layout().strend + len {
            return Err(ErrorCode::OutOfStringSpace.into());
        }
        self.io.memory.strings.used += len;
        let addr = self.fretop() + 1;
        self.io.memory.write(addr as u16, bytes);
        Ok(addr as u16)
    }

    /// Makes array `slot` with dimensions `dims` (DIM, or the first use of an element):
    /// when it needs more than FRETOP - STREND, string space is collected first, and only
    /// an array that still does not fit is Out of memory [S BIMISC.ASM REASON: CMP FRETOP,
    /// then GARBA2, then OMERR]. A temporary of the expression being evaluated is kept.
    pub(crate) fn make_array(&mut self, slot: u32, dims: Box<[u32]>) -> Result<(), ErrorCode> {
        if self.run.vars.array_need(slot, &dims) > self.free_memory() as u64
            && self.run.vars.arrays[slot as usize].is_none()
        {
            self.collect_for_room();
        }
        let free = self.free_memory();
        self.run.vars.create_array(slot, dims, free)
    }

    /// PTRGET's lookup of scalar `slot` where GW's may make it (LET, SWAP, DIM, DEF FN's
    /// parameters, CALL, and the stores of INPUT and READ): true when it was made now,
    /// Out of memory (not made) when there is no room for it (`make_scalar`). The test
    /// of a variable that exists is inline, the making out of line.
    #[inline(always)]
    pub(crate) fn find_var(&mut self, slot: u32) -> Res<bool> {
        if self.run.vars.scalar_rank[slot as usize] != NOT_CREATED {
            return Ok(false);
        }
        self.make_scalar(slot)?;
        Ok(true)
    }

    /// Makes scalar `slot` by REASON's rule for any table that grows: an entry that needs
    /// more than FRETOP - STREND collects string space first, and one that still does not
    /// fit is Out of memory, the variable not made [S BIPTRG.ASM SMKVAR: BLTU, whose
    /// REASON compares the new STREND with FRETOP, then GARBA2, then OMERR]. Cold: only
    /// a variable's first lookup comes here.
    #[cold]
    #[inline(never)]
    pub(crate) fn make_scalar(&mut self, slot: u32) -> Result<(), ErrorCode> {
        self.room_for_scalar(slot)?;
        self.touch_var(slot);
        Ok(())
    }

    /// `make_scalar`'s room check alone (a macro string's variable, made uncounted).
    pub(crate) fn room_for_scalar(&mut self, slot: u32) -> Result<(), ErrorCode> {
        let (name, t) = self.run.vars.scalar_key(slot);
        self.room_for(scalar_bytes(name.len(), *t))
    }

    /// GETFNM's lookup of user function `func` (DEF FN, and every FN call, defined or
    /// not): its entry in the scalar table made where it is not there yet, by SMKVAR's
    /// rule (`make_scalar`: Out of memory, nothing made, when it does not fit) [S
    /// GWEVAL.ASM GETFNM → BIPTRG.ASM PTRGT2; DEF then ERRDIR, FNDOER then UFERR].
    pub(crate) fn find_fn(&mut self, func: u32) -> Result<(), ErrorCode> {
        if self.run.fns.rank.get(func as usize) != Some(&u32::MAX) {
            return Ok(());
        }
        let need = self
            .run
            .fns
            .keys
            .get(func as usize)
            .map_or(0, fn_entry_bytes);
        self.room_for(need)?;
        let r = self.run.vars.next_rank();
        self.run.fns.rank[func as usize] = r;
        Ok(())
    }

    /// A call of user function `func`, which no DEF FN has defined: its entry made
    /// (`find_fn`), then Undefined user function [S GWEVAL.ASM FNDOER: GETFNM, then
    /// the text pointer 0 is UFERR].
    #[cold]
    #[inline(never)]
    pub(crate) fn undefined_fn(&mut self, func: u32) -> Halt {
        match self.find_fn(func) {
            Ok(()) => ErrorCode::UndefinedUserFunction.into(),
            Err(e) => e.into(),
        }
    }

    /// REASON: a table that must grow by `need` bytes past FRETOP collects string space
    /// first, and is Out of memory if it still does not fit.
    fn room_for(&mut self, need: usize) -> Result<(), ErrorCode> {
        if need > self.free_memory() {
            self.collect_for_room();
            if need > self.free_memory() {
                return Err(ErrorCode::OutOfMemory);
            }
        }
        Ok(())
    }

    /// REASON's GARBA2: string space collected for a table that must grow; a temporary
    /// of the expression being evaluated is kept.
    fn collect_for_room(&mut self) {
        if let Some((_, a, n)) = &self.io.memory.strings.pending {
            let live = [(*a, *n)];
            self.collect_garbage(&live);
        } else {
            self.collect_garbage(&[]);
        }
    }

    pub(super) fn set_saddr(&mut self, at: Place, addr: u16) {
        match at {
            Place::Scalar(s) => self.run.vars.saddr[s as usize] = addr,
            Place::Elem(arr, i) => {
                if let Some(a) = self.run.vars.arrays[arr as usize].as_mut()
                    && let Some(x) = a.saddr.get_mut(i)
                {
                    *x = addr;
                    self.mark_stored(arr, i);
                }
            }
        }
    }

    pub(crate) fn saddr_of(&self, at: Place) -> u16 {
        match at {
            Place::Scalar(s) => self.run.vars.saddr[s as usize],
            Place::Elem(arr, i) => self.run.vars.arrays[arr as usize]
                .as_ref()
                .and_then(|a| a.saddr.get(i).copied())
                .unwrap_or(0),
        }
    }

    /// LET of a string: where the stored string's bytes are. A literal stays in the
    /// program text, a variable's string in string space is copied, a temporary is
    /// taken over (GWMAIN LETCN6).
    pub(crate) fn string_source(&mut self, e: &CExpr, s: &Str) -> Res<u16> {
        match e {
            CExpr::Str(_) => match self.literal_addr(s) {
                Some(a) => Ok(a),
                None => {
                    self.settle_temp();
                    self.str_alloc(s, &[])
                }
            },
            CExpr::Scalar(slot) => {
                let a = self.run.vars.saddr[*slot as usize];
                self.variable_string_source(a, s)
            }
            // an element whose subscripts can be evaluated again without effects
            CExpr::Elem1(arr, sub) if side_effect_free(sub) => {
                let idx = self.element1(*arr, sub)?;
                let a = self.saddr_of(Place::Elem(*arr, idx));
                self.variable_string_source(a, s)
            }
            CExpr::Elem(arr, subs) if subs.iter().all(side_effect_free) => {
                let idx = self.element(*arr, subs)?;
                let a = self.saddr_of(Place::Elem(*arr, idx));
                self.variable_string_source(a, s)
            }
            _ => {
                if let Some((p, a, _)) = &self.io.memory.strings.pending
                    && is_value(p, s)
                {
                    let a = *a;
                    self.io.memory.strings.pending = None;
                    return Ok(a);
                }
                self.settle_temp();
                self.str_alloc(s, &[])
            }
        }
    }

    /// LET from a variable whose string is at `a`: shared when it is in the program text,
    /// copied when it is in string space or below the program, in a file's record buffer
    /// (GWMAIN LETCN6). An empty string is no exception: one whose descriptor points
    /// elsewhere than the program text (a variable never given a string points at 0, an
    /// empty result into string space) is copied too, and the copy of no bytes is where
    /// the next string would go, FRETOP + 1 (STRCPY's GETSPA of 0 bytes).
    fn variable_string_source(&mut self, a: u16, s: &Str) -> Res<u16> {
        let at = u32::from(a);
        if self.txttab() < at && at <= self.layout().strend {
            Ok(a)
        } else {
            self.settle_temp();
            self.str_alloc(s, &[])
        }
    }

    /// Records where a stored string is.
    pub(crate) fn string_stored(&mut self, at: Place, addr: u16) {
        self.set_saddr(at, addr);
    }

    /// A string stored by INPUT, LINE INPUT or another statement that copies it into
    /// string space.
    pub(crate) fn string_copied(&mut self, at: Place, s: &Str) -> Res<()> {
        self.settle_temp();
        let a = self.str_alloc(s, &[])?;
        self.set_saddr(at, a);
        Ok(())
    }

    /// LSET, RSET and MID$ change a string in place; one whose bytes are not in string
    /// space yet is copied there first.
    pub(crate) fn string_changed(&mut self, at: Place, s: &[u8]) -> Res<()> {
        let a = self.saddr_of(at);
        if s.is_empty() {
            return Ok(());
        }
        if u32::from(a) <= self.fretop() {
            self.settle_temp();
            let n = self.str_alloc(s, &[])?;
            self.set_saddr(at, n);
        } else {
            self.io.memory.write(a, s);
        }
        Ok(())
    }

    /// A concatenation: GW allocates the result below the operands, so temporary
    /// operands (`true` with an operand: a new string) become garbage (BISTRS CAT).
    pub(crate) fn string_concat(
        &mut self,
        l: (bool, &[u8]),
        r: (bool, &[u8]),
        result: &Str,
    ) -> Res<()> {
        self.concat_in_space(l, r, result, Some(result))
    }

    /// `string_concat` of a result read at once and freed, whose bytes are `result`:
    /// the pending temporary knows it without a value, as it does a value dropped
    /// (`forget_pending_value`).
    pub(crate) fn string_concat_read(
        &mut self,
        l: (bool, &[u8]),
        r: (bool, &[u8]),
        result: &[u8],
    ) -> Res<()> {
        self.concat_in_space(l, r, result, None)
    }

    /// `string_concat_read` of two operands that are not new strings (literals,
    /// variables): only the result goes below FRETOP.
    pub(crate) fn string_concat_held(&mut self, l: &[u8], r: &[u8], result: &[u8]) -> Res<()> {
        self.concat_in_space((false, l), (false, r), result, None)
    }

    /// `string_concat` and `string_concat_read`: `result` is the result's bytes,
    /// `value` its string if it has one.
    #[inline(always)]
    fn concat_in_space(
        &mut self,
        l: (bool, &[u8]),
        r: (bool, &[u8]),
        result: &[u8],
        value: Option<&Str>,
    ) -> Res<()> {
        let pending = self
            .io
            .memory
            .strings
            .pending
            .as_ref()
            .map(|(p, a, n)| (is_value(p, l.1), is_value(p, r.1), *a, *n));
        let (lp, rp) = pending.map_or((false, false), |(lp, rp, _, _)| (lp, rp));
        let mut live = [(0u16, 0u16); 3];
        let mut nlive = 0;
        if let Some((_, _, a, n)) = pending {
            if lp || rp {
                live[0] = (a, n);
                nlive = 1;
                self.io.memory.strings.pending = None;
            } else {
                self.settle_temp();
            }
        }
        // the new operands (below the others) and the result all fit below FRETOP: they
        // go there one after the other as `str_alloc` would put them, with no collection
        let (ln, rn) = (l.0 && !lp, r.0 && !rp);
        let need = [(ln, l.1), (rn, r.1)]
            .iter()
            .map(|&(n, b)| if n { b.len() as u32 } else { 0 })
            .sum::<u32>()
            + result.len() as u32;
        let fretop = self.fretop();
        if fretop >= self.layout().strend + need {
            let mut top = fretop;
            for (n, b) in [(ln, l.1), (rn, r.1), (true, result)] {
                if n && !b.is_empty() {
                    top -= b.len() as u32;
                    self.io.memory.write((top + 1) as u16, b);
                }
            }
            self.io.memory.strings.used += fretop - top;
            if !result.is_empty() {
                self.io.memory.strings.pending =
                    Some((weak_of(value), (top + 1) as u16, result.len() as u16));
                self.io.memory.strings.pending_at = Some(self.pc);
            }
            return Ok(());
        }
        for (e, b, p) in [(l.0, l.1, lp), (r.0, r.1, rp)] {
            if e && !p && !b.is_empty() {
                let a = self.str_alloc(b, &live[..nlive])?;
                live[nlive] = (a, b.len() as u16);
                nlive += 1;
            }
        }
        let a = self.str_alloc(result, &live[..nlive])?;
        if !result.is_empty() {
            self.io.memory.strings.pending = Some((weak_of(value), a, result.len() as u16));
            self.io.memory.strings.pending_at = Some(self.pc);
        }
        Ok(())
    }

    /// A new string of the bytes `b` (an allocation of the pool's when one of that
    /// length is kept).
    #[inline]
    pub(crate) fn new_str(&mut self, b: &[u8]) -> Str {
        self.io.memory.strings.pool.make(b)
    }

    /// A new string of the bytes `a` followed by `b` (at most 255 in all), as `new_str`.
    #[inline]
    pub(crate) fn new_str2(&mut self, a: &[u8], b: &[u8]) -> Str {
        self.io.memory.strings.pool.make2(a, b)
    }

    /// Done with `s`: its allocation is kept for a later string if no one else holds it.
    /// The pending temporary's value, held weakly there, is kept too: the temporary
    /// forgets it first (its space stays pending), as it would know nothing once the
    /// value was dropped.
    #[inline]
    pub(crate) fn recycle_str(&mut self, s: Str) {
        if std::rc::Rc::strong_count(&s) == 1 {
            if std::rc::Rc::weak_count(&s) != 0 {
                self.forget_pending_value(&s);
            }
            self.io.memory.strings.pool.recycle(s);
        }
    }

    /// FRESTR of `s` while its bytes are still read (a macro string PLAY or DRAW runs):
    /// if it is the pending temporary, the temporary is freed as `recycle_str` would
    /// free it.
    pub(crate) fn str_freed(&mut self, s: &Str) {
        if std::rc::Rc::weak_count(s) != 0 {
            self.forget_pending_value(s);
        }
    }

    /// `s`, held by nothing else, is about to be given back: if it is the pending
    /// temporary's value, the temporary keeps its address and length and no value (no
    /// string can be taken for it any more, as none could once `s` was dropped).
    #[inline(never)]
    fn forget_pending_value(&mut self, s: &Str) {
        if let Some((p, _, _)) = &mut self.io.memory.strings.pending
            && std::ptr::eq(p.as_ptr().cast::<u8>(), s.as_ptr())
        {
            *p = std::rc::Weak::<[u8; 0]>::new();
        }
    }

    /// Done with `v`: a string's allocation is kept as `recycle_str` keeps it.
    #[inline]
    pub(crate) fn recycle_value(&mut self, v: Value) {
        if let Value::Str(s) = v {
            self.recycle_str(s);
        }
    }

    /// CLEAR, RUN, NEW: string space empties.
    pub(crate) fn reset_strings(&mut self) {
        self.io.memory.strings.used = 0;
        self.io.memory.strings.pending = None;
    }
}

/// The pending temporary's hold on its value: a weak reference to it, or to nothing.
fn weak_of(value: Option<&Str>) -> std::rc::Weak<[u8]> {
    match value {
        Some(v) => std::rc::Rc::downgrade(v),
        None => std::rc::Weak::<[u8; 0]>::new(),
    }
}

/// Whether the pending temporary was used up by the function or statement it was made
/// for (its value given back, or never made: read at once), so that it was freed there.
fn consumed(p: &std::rc::Weak<[u8]>) -> bool {
    std::rc::Weak::ptr_eq(p, &weak_of(None))
}

/// Whether `b` is the bytes of the value `p` refers to (a dropped value is nothing's).
fn is_value(p: &std::rc::Weak<[u8]>, b: &[u8]) -> bool {
    !b.is_empty() && p.strong_count() > 0 && std::ptr::eq(p.as_ptr().cast::<u8>(), b.as_ptr())
}

/// An expression that evaluates to the same value again with no effect (constants,
/// variables and arithmetic on them), so an array element it subscripts can be found
/// again after its value was taken.
fn side_effect_free(e: &CExpr) -> bool {
    match e {
        CExpr::Int(_) | CExpr::Sng(_) | CExpr::Dbl(_) | CExpr::Scalar(_) => true,
        CExpr::Neg(x) | CExpr::Not(x) => side_effect_free(x),
        CExpr::Bin(_, a, b) => side_effect_free(a) && side_effect_free(b),
        CExpr::IntPure(x) => side_effect_free(&x.1),
        CExpr::TypedS(x) => side_effect_free(&x.1),
        CExpr::TypedD(x) => side_effect_free(&x.1),
        CExpr::CmpNums(x) => side_effect_free(&x.1),
        _ => false,
    }
}
