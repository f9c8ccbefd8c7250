//! The order the last garbage collection left, kept for the next one (BISTRS.ASM
//! GARBAG's result, reached with less work): after a collection the strings in use lie
//! packed at the top of string space, and until the next one every new string is made
//! below them (below that collection's FRETOP). So the next collection needs to place
//! only the strings of the variables whose string (address or length) changed since, and
//! the temporaries it is given: every other variable's string is where the last
//! collection put it, in the same order, and the strings of the changed variables that
//! were in that order are garbage. Those in place above the highest garbage stay; below
//! it, the strings between two pieces of garbage move as one block. Beside the order,
//! each variable's string as the last collection left it is kept as one word, so that
//! finding the changed ones is one comparison a variable: every scalar, and of the
//! arrays of strings only the elements a store marked since (`mark_stored`: LET, SWAP,
//! INPUT, READ, MID$, LSET, a POKEd descriptor, GET's FIELD views ... all store through
//! the paths that mark) while the tables are the ones numbered and the marks fit (else
//! every element). What this cannot order exactly
//! as GW would (a string made since that is not wholly below the old FRETOP, as a
//! descriptor POKEd can give; two strings at one address or overlapping; a temporary not
//! in string space or empty; the top of string space moved) is left to the full
//! collection (`collect`), after which the order is made again from the variables.

use super::super::Machine;
use super::collect::Marks;
use super::*;
use crate::machine::vars::Array;
use std::cell::Cell;

/// `Marks::stored_n` once more elements were stored than `Marks::stored` holds (then
/// the next collection by order compares every element).
pub(super) const STORED_OVER: usize = usize::MAX;

/// Garbage in the order (a changed variable's old string, a temporary's, a gap): the
/// length's high bit.
const DEAD: u16 = 0x8000;
/// DEAD in a piece's word.
const DEAD_BIT: u64 = 1 << 63;
/// The variable number of garbage that is no variable's.
const NO_VAR: u32 = u32::MAX;
/// A variable that had no string in string space at the last collection (or is no
/// string variable): compared unequal with any variable's string, whose word has the
/// high bit clear.
const NONE: u32 = u32::MAX;

/// A piece of the list as one word: variable number, address, length (DEAD included).
#[inline(always)]
fn piece(x: u32, a: u16, n: u16) -> u64 {
    u64::from(x) | (u64::from(a) << 32) | (u64::from(n) << 48)
}

/// A piece's variable number, address and length (DEAD included).
#[inline(always)]
fn parts(e: u64) -> (u32, u16, u16) {
    (e as u32, (e >> 32) as u16, (e >> 48) as u16)
}

/// A variable's string address and length as one word.
#[inline(always)]
fn word(addr: u16, len: usize) -> u32 {
    u32::from(addr) | ((len.min(0x7FFF) as u32) << 16)
}

/// The order of the last collection and the variables' strings as it left them. The
/// variables are numbered one after the other: the scalars by slot, then each array of
/// strings' elements from where `arrays` says.
#[derive(Debug, Default)]
pub(crate) struct Order {
    /// Whether the rest describes string space as the last collection left it.
    valid: bool,
    /// FRETOP after the last collection: every string made since is at or below it.
    fretop: u32,
    /// The top of string space then.
    top: u32,
    /// The variables' tables' generation then: while it is the same, every array of
    /// strings is the one numbered and its stores are marked.
    generation: u32,
    /// String space from its top down to `fretop` after the last collection, piece by
    /// piece with none left out: variable (its number, or NO_VAR), address, length
    /// (DEAD: garbage at the next collection), as `piece` words (the upper half of a
    /// variable's is its kept word).
    list: Vec<u64>,
    /// How many of the list's pieces are not DEAD, and the first that is.
    live: usize,
    first_dead: usize,
    /// Each variable's string (`word`) as the last collection left it (NONE when it was
    /// not in the list), by number.
    kept: Vec<u32>,
    /// How many scalars were numbered.
    scalars: usize,
    /// Each array slot's first number and elements (None: no array of strings there).
    arrays: Vec<Option<(usize, usize)>>,
    /// Scratch: the variables whose string changed (number, word before, word now).
    changed: Vec<(u32, u32, u32)>,
    /// Scratch: the strings made since (a variable's number or, for a temporary,
    /// NO_VAR), the highest first.
    new: Vec<(u32, u16, u16)>,
    /// Scratch: the runs of adjacent strings to move, the highest first (BISTRS.ASM
    /// GARBAG moves the strings one by one, the highest first: the bytes end as one
    /// block move a run leaves them): from, one above the end, distance.
    runs: Vec<(u32, u32, u32)>,
}

/// Appends to `out` each element (numbered from `first`) whose string is not its kept
/// word. Out of line, so that its loop keeps everything in registers.
#[inline(never)]
fn changed_in(
    d: &[Str],
    saddr: &[u16],
    kept: &[u32],
    first: usize,
    out: &mut Vec<(u32, u32, u32)>,
) {
    for (k, ((x, &a), &was)) in d.iter().zip(saddr).zip(kept).enumerate() {
        let now = word(a, x.len());
        if now != was {
            out.push(((first + k) as u32, was, now));
        }
    }
}

/// `changed_in` for the elements marked stored (`stored`, the first `n`: array slot and
/// flat index, an element maybe more than once: its kept word becomes its string as it
/// is found, so that a second mark finds it the same); a mark of an array of numbers
/// is passed over. None when a mark names no element numbered. Out of line and not
/// generic, like the rest of the collector (docs/benchmarks.md, "New code that costs
/// the statement loop without touching it").
#[inline(never)]
fn changed_marked(
    arrays: &[Option<Array>],
    at: &[Option<(usize, usize)>],
    kept: &mut [u32],
    stored: &[u64],
    n: usize,
    out: &mut Vec<(u32, u32, u32)>,
) -> Option<()> {
    for k in 0..n {
        let e = *stored.get(k)?;
        let (slot, i) = ((e >> 32) as usize, e as u32 as usize);
        let Some((first, len)) = *at.get(slot)? else {
            continue;
        };
        let Some(Some(Array {
            data: ArrayData::Str(d),
            saddr,
            ..
        })) = arrays.get(slot)
        else {
            return None;
        };
        if i >= len {
            return None;
        }
        let now = word(*saddr.get(i)?, d.get(i)?.len());
        let was = kept.get_mut(first + i)?;
        if now != *was {
            out.push(((first + i) as u32, *was, now));
            *was = now;
        }
    }
    Some(())
}

/// The index of the first piece of `list` at or below `addr` (`partition_point`; the
/// pieces' addresses strictly decrease from `top` down to `bottom`, as the last
/// collection left them): first where the pieces' mean length puts it, a few steps from
/// there, else by a binary search.
#[inline(always)]
fn piece_at(list: &[u64], addr: u16, top: u32, bottom: u32) -> usize {
    let n = list.len();
    let span = u64::from(top.saturating_sub(bottom)).max(1);
    let above = u64::from(top.saturating_sub(u32::from(addr)));
    let mut i = (above * n as u64 / span).min(n as u64) as usize;
    let above_addr = |k: usize| list.get(k).is_some_and(|&e| parts(e).1 > addr);
    for _ in 0..8 {
        if i > 0 && !above_addr(i - 1) {
            i -= 1;
        } else if i < n && above_addr(i) {
            i += 1;
        } else {
            return i;
        }
    }
    list.partition_point(|&e| parts(e).1 > addr)
}

/// Whether the strings made since lie the highest first, each wholly below the one
/// before it.
fn highest_first(new: &[(u32, u16, u16)]) -> bool {
    for w in new.windows(2) {
        if u32::from(w[1].1) + u32::from(w[1].2) > u32::from(w[0].1) {
            return false;
        }
    }
    true
}

/// Moves each piece in use of `list` from its piece `first` (garbage) on, below the
/// pieces before it: the pieces between two pieces of garbage by one distance, the kept
/// word (the piece's upper half) with them; the garbage leaves the list and the runs to
/// move are added to `runs`. The new top of the pieces. Out of line, so that its loop
/// keeps everything in registers; the list is read and written as cells (a piece is
/// written at or below where it was read) through two slices of one length, so that a
/// run's loop checks no index but the kept word's.
#[inline(never)]
fn walk(
    list: &mut Vec<u64>,
    kept: &mut [u32],
    runs: &mut Vec<(u32, u32, u32)>,
    first: usize,
    mut top: u32,
) -> u32 {
    let cells = Cell::from_mut(list.as_mut_slice()).as_slice_of_cells();
    let (mut r, mut w) = (first, first);
    loop {
        // the garbage leaves the list
        while let Some(c) = cells.get(r)
            && c.get() & DEAD_BIT != 0
        {
            r += 1;
        }
        let Some(c) = cells.get(r) else {
            break;
        };
        let (_, a, n) = parts(c.get());
        let end = u32::from(a) + u32::from(n);
        let dist = top + 1 - end;
        let step = u64::from(dist) << 32;
        // the run up to the next garbage: each piece (and its kept word) by the distance
        let (Some(from_r), Some(to_w)) = (cells.get(r..), cells.get(w..)) else {
            break;
        };
        let len = from_r.len().min(to_w.len());
        let (Some(from_r), Some(to_w)) = (from_r.get(..len), to_w.get(..len)) else {
            break;
        };
        let mut m = 0usize;
        // two pieces a step (one test of both for garbage), then one
        while m + 1 < len {
            let (e0, e1) = (from_r[m].get(), from_r[m + 1].get());
            if (e0 | e1) & DEAD_BIT != 0 {
                break;
            }
            let (e0, e1) = (e0 + step, e1 + step);
            to_w[m].set(e0);
            to_w[m + 1].set(e1);
            if let Some(k) = kept.get_mut(e0 as u32 as usize) {
                *k = (e0 >> 32) as u32;
            }
            if let Some(k) = kept.get_mut(e1 as u32 as usize) {
                *k = (e1 >> 32) as u32;
            }
            m += 2;
        }
        while m < len {
            let e = from_r[m].get();
            if e & DEAD_BIT != 0 {
                break;
            }
            let e = e + step;
            to_w[m].set(e);
            if let Some(k) = kept.get_mut(e as u32 as usize) {
                *k = (e >> 32) as u32;
            }
            m += 1;
        }
        if m == 0 {
            break;
        }
        (r, w) = (r + m, w + m);
        let last = match cells.get(w - 1) {
            Some(c) => u32::from(parts(c.get()).1),
            None => 0,
        };
        let from = last - dist;
        top = from + dist - 1;
        if dist != 0 {
            runs.push((from, end, dist));
        }
    }
    list.truncate(w);
    top
}

impl Machine {
    /// The collection by the last one's order: each string in use moved to the top of
    /// string space, the highest first, each variable given its new address, the cost
    /// model counting it as the full collection does. The new FRETOP; None, with nothing
    /// moved or counted (the order left invalid), when the order cannot place them.
    pub(super) fn collect_by_order(
        &mut self,
        live: &[(u16, u16)],
        o: &mut Order,
        marks: &mut Option<Box<Marks>>,
    ) -> Option<u32> {
        let string_top = self.string_top();
        let fretop = self.fretop();
        if !o.valid || o.top != string_top || fretop > o.fretop {
            return None;
        }
        o.valid = false;
        self.find_changed(o, marks)?;
        // the changed variables' old strings become garbage; their new ones are placed
        let (mut dead, mut first) = (0usize, o.first_dead);
        o.new.clear();
        // the elements (after the scalars in `changed`) first, then the scalars
        let n = o.changed.len();
        let mut scalars = 0;
        while let Some(c) = o.changed.get(scalars)
            && (c.0 as usize) < o.scalars
        {
            scalars += 1;
        }
        for j in 0..n {
            let k = if j < n - scalars {
                scalars + j
            } else {
                j - (n - scalars)
            };
            let (x, was, now) = o.changed[k];
            if was != NONE {
                let addr = was as u16;
                let i = piece_at(&o.list, addr, o.top, o.fretop);
                match o.list.get_mut(i) {
                    Some(e) if parts(*e) == (x, addr, (was >> 16) as u16) => {
                        *e |= piece(0, 0, DEAD);
                    }
                    _ => return None,
                }
                dead += 1;
                first = first.min(i);
            }
            let (a, n) = (now as u16, (now >> 16) as u16);
            if now != NONE && n != 0 && u32::from(a) > fretop {
                if u32::from(a) + u32::from(n) - 1 > o.fretop {
                    return None;
                }
                o.new.push((x, a, n));
            }
        }
        for &(a, n) in live {
            if n == 0 || u32::from(a) <= fretop || u32::from(a) + u32::from(n) - 1 > o.fretop {
                return None;
            }
            o.new.push((NO_VAR, a, n));
        }
        // made one below the other they are in order already (the elements stored, then
        // the scalars, then the temporaries, as a loop makes them); else sorted
        if !highest_first(&o.new) {
            o.new.sort_unstable_by_key(|e| std::cmp::Reverse(e.1));
            if !highest_first(&o.new) {
                return None;
            }
        }
        // from here on the collection goes through
        let count = o.live - dead + o.new.len();
        for &(x, _, _) in &o.changed {
            if let Some(k) = o.kept.get_mut(x as usize) {
                *k = NONE;
            }
        }
        let top = self.move_in_list(o, first);
        self.give_addresses(o);
        self.count_collection(count as u64, u64::from(string_top - top), live.len());
        o.live = count - live.len();
        o.fretop = top;
        o.generation = self.run.vars.generation;
        o.valid = true;
        if let Some(m) = marks {
            m.stored_n = 0;
        }
        Some(top)
    }

    /// Fills `o.changed` with the variables whose string is not the one kept; None when
    /// the tables no longer match the ones numbered.
    fn find_changed(&self, o: &mut Order, marks: &Option<Box<Marks>>) -> Option<()> {
        let v = &self.run.vars;
        o.changed.clear();
        let s = o.scalars;
        if v.scalars.len() != s
            || v.saddr.len() != s
            || v.scalar_rank.len() != s
            || v.arrays.len() != o.arrays.len()
        {
            return None;
        }
        let scalars = v.scalars.iter().zip(&v.saddr).zip(&v.scalar_rank);
        for (k, (((x, &a), &rank), &was)) in scalars.zip(o.kept.get(..s)?).enumerate() {
            let now = match x {
                Value::Str(x) if rank != NOT_CREATED => word(a, x.len()),
                _ => NONE,
            };
            if now != was {
                o.changed.push((k as u32, was, now));
            }
        }
        // the same tables, every store marked: only the elements marked need comparing
        let (stored, n): (&[u64], usize) = match marks {
            Some(m) if m.stored_n != STORED_OVER && v.generation == o.generation => {
                (&*m.stored, m.stored_n)
            }
            _ => (&[], STORED_OVER),
        };
        for (a, &at) in v.arrays.iter().zip(&o.arrays) {
            let d = match a.as_ref().map(|a| (&a.data, &a.saddr)) {
                Some((ArrayData::Str(d), saddr)) => Some((d, saddr)),
                _ => None,
            };
            match (d, at) {
                (Some((d, saddr)), Some((first, len))) => {
                    if d.len() != len || saddr.len() != len {
                        return None;
                    }
                    if n == STORED_OVER {
                        changed_in(
                            d,
                            saddr,
                            o.kept.get(first..first + len)?,
                            first,
                            &mut o.changed,
                        );
                    }
                }
                (None, None) => {}
                _ => return None,
            }
        }
        if n != STORED_OVER {
            #[cfg(debug_assertions)]
            let (from, every) = (o.changed.len(), self.changed_elements(o)?);
            changed_marked(&v.arrays, &o.arrays, &mut o.kept, stored, n, &mut o.changed)?;
            #[cfg(debug_assertions)]
            self.check_marked(&o.changed[from..], every);
        }
        Some(())
    }

    /// Every element whose string is not its kept word (the full comparison the marks
    /// spare), for the debug builds' check.
    #[cfg(debug_assertions)]
    fn changed_elements(&self, o: &Order) -> Option<Vec<(u32, u32, u32)>> {
        let mut every = Vec::new();
        for (a, &at) in self.run.vars.arrays.iter().zip(&o.arrays) {
            if let (Some(a), Some((first, len))) = (a, at)
                && let ArrayData::Str(d) = &a.data
            {
                changed_in(
                    d,
                    &a.saddr,
                    o.kept.get(first..first + len)?,
                    first,
                    &mut every,
                );
            }
        }
        Some(every)
    }

    /// Debug builds: the marked elements found changed are every element changed that
    /// matters to the collection (a string not in string space before or now is nothing
    /// to it, and a store need not mark it).
    #[cfg(debug_assertions)]
    fn check_marked(&self, got: &[(u32, u32, u32)], every: Vec<(u32, u32, u32)>) {
        let fretop = self.fretop();
        let matters = |&&(_, was, now): &&(u32, u32, u32)| {
            was != NONE || (now >> 16 != 0 && now as u16 as u32 > fretop)
        };
        let mut got: Vec<_> = got.iter().filter(matters).copied().collect();
        got.sort_unstable();
        let every: Vec<_> = every.iter().filter(matters).copied().collect();
        debug_assert_eq!(got, every, "an array element stored unmarked");
    }

    /// Moves the strings of the order still in use from its piece `first` (the highest
    /// garbage) on, then the new ones, to the top of string space one below the other;
    /// each variable's kept word follows its string, and the list becomes string space
    /// as it now is (the temporaries' strings garbage). The new FRETOP.
    fn move_in_list(&mut self, o: &mut Order, first: usize) -> u32 {
        o.runs.clear();
        let (list, kept, runs) = (&mut o.list, &mut o.kept[..], &mut o.runs);
        let mut top = match list.get(first).map(|&e| parts(e)) {
            Some((_, a, n)) => u32::from(a) + u32::from(n & !DEAD) - 1,
            None => o.fretop,
        };
        top = walk(list, kept, runs, first, top);
        let mut first_dead = usize::MAX;
        for &(x, a, n) in &o.new {
            let (a32, n32) = (u32::from(a), u32::from(n));
            top -= n32;
            let new = top + 1;
            if new != a32 {
                runs.push((a32, a32 + n32, new - a32));
            }
            if x == NO_VAR {
                first_dead = first_dead.min(list.len());
                list.push(piece(x, new as u16, n | DEAD));
                continue;
            }
            if let Some(k) = kept.get_mut(x as usize) {
                *k = word(new as u16, usize::from(n));
            }
            list.push(piece(x, new as u16, n));
        }
        o.first_dead = first_dead.min(list.len());
        for k in 0..o.runs.len() {
            let (from, end, dist) = o.runs[k];
            self.block_move(from, dist, end);
        }
        top
    }

    /// Every variable in the order takes the address of its kept word.
    fn give_addresses(&mut self, o: &Order) {
        let v = &mut self.run.vars;
        let s = o.scalars.min(o.kept.len());
        for (a, &k) in v.saddr.iter_mut().zip(&o.kept[..s]) {
            if k != NONE {
                *a = k as u16;
            }
        }
        for (a, &at) in v.arrays.iter_mut().zip(&o.arrays) {
            if let (Some(a), Some((first, n))) = (a, at)
                && let Some(kept) = o.kept.get(first..first + n)
            {
                for (a, &k) in a.saddr.iter_mut().zip(kept) {
                    *a = if k != NONE { k as u16 } else { *a };
                }
            }
        }
    }

    /// After a full collection: the order made again from the variables (their strings
    /// in string space, the highest first, the pieces between them garbage), valid when
    /// they lie one below the other.
    pub(super) fn renew_order(&self, o: &mut Order, marks: &mut Option<Box<Marks>>) {
        o.valid = false;
        o.generation = self.run.vars.generation;
        if let Some(m) = marks {
            m.stored_n = 0;
        }
        o.new.clear();
        o.kept.clear();
        o.arrays.clear();
        let (fretop, string_top) = (self.fretop(), self.string_top());
        let in_space = |a: u16, n: usize| n > 0 && u32::from(a) > fretop;
        let v = &self.run.vars;
        let scalars = v.scalars.iter().zip(&v.saddr).zip(&v.scalar_rank);
        for (k, ((x, &a), &rank)) in scalars.enumerate() {
            o.kept.push(match x {
                Value::Str(x) if rank != NOT_CREATED && in_space(a, x.len()) => {
                    o.new.push((k as u32, a, x.len() as u16));
                    word(a, x.len())
                }
                _ => NONE,
            });
        }
        o.scalars = o.kept.len();
        if o.scalars != v.saddr.len() || o.scalars != v.scalar_rank.len() {
            return;
        }
        for a in &v.arrays {
            let Some((ArrayData::Str(d), saddr)) = a.as_ref().map(|a| (&a.data, &a.saddr)) else {
                o.arrays.push(None);
                continue;
            };
            let first = o.kept.len();
            for (x, &addr) in d.iter().zip(saddr) {
                let k = o.kept.len() as u32;
                o.kept.push(if in_space(addr, x.len()) {
                    o.new.push((k, addr, x.len() as u16));
                    word(addr, x.len())
                } else {
                    NONE
                });
            }
            o.arrays.push(Some((first, o.kept.len() - first)));
        }
        if o.kept.len() >= NO_VAR as usize {
            return;
        }
        o.new.sort_unstable_by_key(|e| std::cmp::Reverse(e.1));
        // the list: the strings, and the garbage between them as pieces
        o.list.clear();
        o.first_dead = usize::MAX;
        let mut above = string_top + 1;
        for k in 0..=o.new.len() {
            let (x, a, n) = o
                .new
                .get(k)
                .copied()
                .unwrap_or((NO_VAR, (fretop + 1) as u16, 0));
            let (a32, n32) = (u32::from(a), u32::from(n));
            if k == o.new.len() {
                if fretop >= above {
                    return;
                }
            } else if n32 >= u32::from(DEAD) || a32 + n32 > above {
                return;
            }
            let gap = above - (a32 + n32);
            if gap != 0 {
                if gap >= u32::from(DEAD) {
                    return;
                }
                o.first_dead = o.first_dead.min(o.list.len());
                o.list
                    .push(piece(NO_VAR, (a32 + n32) as u16, gap as u16 | DEAD));
            }
            if k < o.new.len() {
                o.list.push(piece(x, a, n));
            }
            above = a32;
        }
        o.first_dead = o.first_dead.min(o.list.len());
        o.live = o.new.len();
        o.fretop = fretop;
        o.top = string_top;
        o.valid = true;
    }

    /// Element `i` of array `slot` was stored (its string or its string's address
    /// changed): noted for the next collection by the last order. Out of line and not
    /// generic, so that the store paths, in the statement loop's code unit, keep their
    /// shape.
    #[inline(never)]
    pub(crate) fn mark_stored(&mut self, slot: u32, i: usize) {
        if let Some(m) = &mut self.io.memory.strings.gc.marks {
            let n = m.stored_n;
            match m.stored.get_mut(n) {
                Some(e) if (i as u64) >> 32 == 0 => {
                    *e = (u64::from(slot) << 32) | i as u64;
                    m.stored_n = n + 1;
                }
                _ => m.stored_n = STORED_OVER,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `piece_at` finds what `partition_point` finds, for every address from above the
    /// top to below the bottom, in lists of pieces drawn at random (lengths from 1 to
    /// 1 or up to 255, gaps among them), near their mean length or far from it.
    #[test]
    fn piece_at_is_the_partition_point() {
        let mut seed = 4242u32;
        let mut rnd = |m: u32| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 8) % m
        };
        for case in 0..300 {
            let pieces = rnd(80) as usize;
            let longest = [1, 3, 12, 255][case % 4];
            let top = 40_000u32;
            let mut above = top + 1;
            let mut list = Vec::new();
            for x in 0..pieces as u32 {
                let n = rnd(longest) + 1;
                above -= n;
                list.push(piece(x, above as u16, n as u16));
            }
            let bottom = above - 1;
            for addr in bottom.saturating_sub(3)..=top + 3 {
                let addr = addr as u16;
                let want = list.partition_point(|&e| parts(e).1 > addr);
                assert_eq!(
                    piece_at(&list, addr, top, bottom),
                    want,
                    "case {case}, {addr}"
                );
            }
        }
    }

    /// `walk` on lists drawn at random (pieces of garbage and in use, the first garbage
    /// anywhere) against the rule worked out piece by piece: every piece in use from the
    /// first garbage on ends one below the one before it (the first below `top`), in
    /// the same order, its kept word its new address and length, the garbage gone; and
    /// string space, each piece's bytes distinct, given the runs as block moves in the
    /// order returned (each as `copy_within`, the highest first as GW moves them), holds
    /// each piece's bytes at its new address.
    #[test]
    fn walk_places_each_piece_below_the_one_before() {
        let mut seed = 977u32;
        let mut rnd = |m: u32| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 8) % m
        };
        for case in 0..400 {
            let pieces = rnd(60) as usize + 1;
            let dead_one_in = rnd(6) + 1;
            // string space from 30,000 down, piece by piece
            let mut above = 30_000u32;
            let mut list = Vec::new();
            for x in 0..pieces as u32 {
                let n = rnd(12) as u16 + 1;
                let a = (above - u32::from(n)) as u16;
                let dead = rnd(dead_one_in) == 0;
                list.push(piece(x, a, if dead { n | DEAD } else { n }));
                above = u32::from(a);
            }
            let first = match list.iter().position(|&e| parts(e).2 & DEAD != 0) {
                Some(k) => k,
                None => continue,
            };
            let mut memory = vec![0u8; 30_001];
            for (k, &e) in list.iter().enumerate() {
                let (_, a, n) = parts(e);
                for j in 0..usize::from(n & !DEAD) {
                    memory[usize::from(a) + j] = (k * 7 + j) as u8;
                }
            }
            let top = u32::from(parts(list[first]).1) + u32::from(parts(list[first]).2 & !DEAD) - 1;
            // the rule, piece by piece
            let mut expected = list[..first].to_vec();
            let mut expected_kept = vec![NONE; pieces];
            let mut t = top;
            let mut moved_bytes = Vec::new();
            for (k, &e) in list.iter().enumerate().skip(first) {
                let (x, a, n) = parts(e);
                if n & DEAD != 0 {
                    continue;
                }
                let new = t + 1 - u32::from(n);
                expected.push(piece(x, new as u16, n));
                expected_kept[x as usize] = word(new as u16, usize::from(n));
                moved_bytes.push((
                    new,
                    memory[usize::from(a)..usize::from(a) + usize::from(n)].to_vec(),
                    k,
                ));
                t = new - 1;
            }
            let mut kept = vec![NONE; pieces];
            let mut runs = Vec::new();
            let got_top = walk(&mut list, &mut kept, &mut runs, first, top);
            assert_eq!(list, expected, "case {case}: the list");
            assert_eq!(kept, expected_kept, "case {case}: the kept words");
            assert_eq!(got_top, t, "case {case}: the new top");
            for &(from, end, dist) in &runs {
                assert!(
                    dist != 0 && end > from,
                    "case {case}: run {from} {end} {dist}"
                );
                let (f, e) = (from as usize, end as usize);
                memory.copy_within(f..e, f + dist as usize);
            }
            for (new, bytes, k) in moved_bytes {
                let at = new as usize;
                assert_eq!(
                    &memory[at..at + bytes.len()],
                    &bytes[..],
                    "case {case}: piece {k}"
                );
            }
        }
    }
}
