//! Garbage collection of string space when a new string does not fit (BISTRS.ASM
//! GARBAG: the strings in use moved to the top of string space in the order of their
//! addresses, the highest first, and FRETOP risen to the lowest of them). The strings
//! are found through the variables' string addresses (`Vars::saddr`, `Array::saddr`,
//! docs/memory.md) plus the temporaries the caller names; the collection is linear in
//! the strings in use; the cost model counts it as GW ran it, quadratic
//! (`count_collection`).

use super::super::Machine;
use super::*;
use crate::machine::counters::Dyn;

/// A string in string space: the variable that holds it (None: a temporary), its
/// address and length.
type GcEntry = (Option<Place>, u16, u16);

/// The collector's buffers, kept from one collection to the next so that a collection
/// allocates nothing once they have grown to the number of strings in use.
#[derive(Debug, Default)]
pub(crate) struct GcBuffers {
    order: Vec<GcEntry>,
    spare: Vec<GcEntry>,
    /// The bitmap of addresses, made at the first collection.
    pub(super) marks: Option<Box<Marks>>,
    /// The order the last collection left (`order`).
    last: super::order::Order,
}

/// The strings' addresses while a collection orders them: one bit per address of the
/// segment (all clear between collections) with a bit per word of those bits that has
/// one set (so that a collection reads only the words that hold a mark), and a word per
/// address that holds the
/// length of the string marked there, then, once it has moved, its new address (read
/// only where a mark is set, so never cleared). Fixed sizes, so that an address indexes
/// them without a bounds check.
#[derive(Debug)]
pub(super) struct Marks {
    bits: Box<[u64; 1024]>,
    words: [u64; 16],
    at: Box<[u16; 0x10000]>,
    /// Whether this collection's marking met an empty string at an address in string
    /// space (which has no mark: then the new addresses are read only for the
    /// non-empty strings).
    empty: bool,
    /// The array elements stored since the last collection by order, or since the
    /// order was made (array slot in the upper half, flat index in the lower), the
    /// first `stored_n` of them (`order::STORED_OVER`: more than it holds; kept here,
    /// beside the bitmap made at the first collection, as none are needed before it).
    pub(super) stored: Box<[u64; 1024]>,
    pub(super) stored_n: usize,
}

impl Marks {
    fn new() -> Option<Box<Marks>> {
        Some(Box::new(Marks {
            bits: vec![0; 1024].into_boxed_slice().try_into().ok()?,
            words: [0; 16],
            at: vec![0; 0x10000].into_boxed_slice().try_into().ok()?,
            empty: false,
            stored: vec![0; 1024].into_boxed_slice().try_into().ok()?,
            stored_n: 0,
        }))
    }

    /// Marks the string of `n` bytes (not 0) at `a`; false when another is marked there
    /// (the general path orders those).
    #[inline(always)]
    fn mark(&mut self, a: u16, n: u16) -> bool {
        if !self.mark_bit(a, n) {
            return false;
        }
        let w = usize::from(a >> 6);
        self.words[w >> 6] |= 1u64 << (w & 63);
        true
    }

    /// `mark` without the second level (`words_from_bits` sets it afterwards).
    #[inline(always)]
    fn mark_bit(&mut self, a: u16, n: u16) -> bool {
        let (w, bit) = (usize::from(a >> 6), 1u64 << (a & 63));
        if self.bits[w] & bit != 0 {
            return false;
        }
        self.bits[w] |= bit;
        self.at[usize::from(a)] = n;
        true
    }

    /// `mark_bit` for each string of an array (`d`, at `saddr`) that is in string space
    /// (above `fretop`): how many, None when one could not be marked; an empty string
    /// at an address in string space sets `empty`. Out of line, so that its loop keeps
    /// everything in registers.
    #[inline(never)]
    fn mark_array(&mut self, d: &[Str], saddr: &[u16], fretop: u32) -> Option<u64> {
        let mut count = 0u64;
        for (x, &addr) in d.iter().zip(saddr) {
            if u32::from(addr) > fretop {
                let n = x.len();
                if n != 0 {
                    // `mark_bit`, its test by the word with the bit set
                    let w = usize::from(addr >> 6);
                    let (old, new) = (self.bits[w], self.bits[w] | 1u64 << (addr & 63));
                    if new == old {
                        return None;
                    }
                    self.bits[w] = new;
                    self.at[usize::from(addr)] = n as u16;
                    count += 1;
                } else {
                    self.empty = true;
                }
            }
        }
        Some(count)
    }

    /// Sets the second level's bit of every word of marks that holds one.
    fn words_from_bits(&mut self) {
        for (word, bits) in self.words.iter_mut().zip(self.bits.chunks_exact(64)) {
            let mut x = 0u64;
            for (i, &b) in bits.iter().enumerate() {
                x |= u64::from(b != 0) << i;
            }
            *word |= x;
        }
    }
}

/// The elements an array of strings needs for its marks to go without the second
/// level, which is then made by reading every word of marks (`Marks::words_from_bits`,
/// a few instructions a word: fewer than walking such an array costs).
const BIG_ARRAY: usize = 1024;

impl Machine {
    /// Every string variable's (place, address, length) in string space.
    pub(super) fn live_strings(&self) -> Vec<GcEntry> {
        let mut out = Vec::new();
        self.push_live_strings(&mut out);
        out
    }

    /// Appends every string variable's (place, address, length) in string space to `out`.
    fn push_live_strings(&self, out: &mut Vec<GcEntry>) {
        let fretop = self.fretop();
        let in_space = |a: u16, n: usize| n > 0 && u32::from(a) > fretop;
        let v = &self.run.vars;
        for s in 0..v.scalar_count() {
            if v.scalar_rank[s] != NOT_CREATED
                && let Value::Str(x) = &v.scalars[s]
                && in_space(v.saddr[s], x.len())
            {
                out.push((Some(Place::Scalar(s as u32)), v.saddr[s], x.len() as u16));
            }
        }
        for (slot, a) in v.arrays.iter().enumerate() {
            if let Some(a) = a
                && let ArrayData::Str(d) = &a.data
            {
                for (i, (x, &addr)) in d.iter().zip(a.saddr.iter()).enumerate() {
                    if in_space(addr, x.len()) {
                        out.push((Some(Place::Elem(slot as u32, i)), addr, x.len() as u16));
                    }
                }
            }
        }
    }

    /// GW's garbage collection: the strings in use move to the top of string space,
    /// keeping their order (the highest first). Linear in the strings in use, in buffers
    /// kept from one collection to the next (no allocation once they have grown): the
    /// addresses are marked in a bitmap of the segment straight from the variables, read
    /// back from the highest, and the strings that lie next to each other and move by
    /// the same distance move as one block (those already in place, above the highest
    /// garbage, not at all); each variable then reads its new address where its old one
    /// was marked. Two strings at one address (which the bitmap cannot order) take the
    /// general path: a list of the strings sorted by address.
    pub(crate) fn collect_garbage(&mut self, live: &[(u16, u16)]) {
        let mut gc = std::mem::take(&mut self.io.memory.strings.gc);
        if mode() == Mode::All
            && let Some(top) = self.collect_by_order(live, &mut gc.last, &mut gc.marks)
        {
            self.io.memory.strings.gc = gc;
            self.io.memory.strings.used = self.string_top() - top;
            self.io.memory.strings.pending = None;
            return;
        }
        if gc.marks.is_none() {
            gc.marks = Marks::new();
        }
        let top = match gc.marks.as_deref_mut() {
            Some(marks) if mode() != Mode::General => self.collect_marked(live, marks),
            _ => None,
        };
        let top = top.unwrap_or_else(|| {
            gc.order.clear();
            self.push_live_strings(&mut gc.order);
            gc.order.extend(live.iter().map(|&(a, n)| (None, a, n)));
            let bytes = gc.order.iter().map(|&(_, _, n)| u64::from(n)).sum();
            self.count_collection(gc.order.len() as u64, bytes, live.len());
            sort_highest_first(&mut gc.order, &mut gc.spare);
            self.move_in_order(&gc.order)
        });
        self.io.memory.strings.used = self.string_top() - top;
        self.io.memory.strings.pending = None;
        if mode() == Mode::All {
            self.renew_order(&mut gc.last, &mut gc.marks);
        }
        self.io.memory.strings.gc = gc;
    }

    /// The collection by the bitmap: marks every string in string space (the variables'
    /// and the temporaries `live`), moves them, and gives each variable its new address;
    /// the new FRETOP. None, with nothing moved and the bitmap clear, when two strings
    /// share an address or a temporary is empty.
    fn collect_marked(&mut self, live: &[(u16, u16)], marks: &mut Marks) -> Option<u32> {
        let fretop = self.fretop();
        let Some(count) = self.mark_strings(live, marks, fretop) else {
            marks.bits.fill(0);
            marks.words = [0; 16];
            return None;
        };
        let top = self.move_marked(marks);
        let bytes = u64::from(self.string_top() - top);
        self.count_collection(count, bytes, live.len());
        self.renew_addresses(marks, fretop);
        Some(top)
    }

    /// Marks every string variable's and temporary's string in string space (above
    /// `fretop`); the number of strings marked, None when one could not be marked.
    fn mark_strings(&self, live: &[(u16, u16)], marks: &mut Marks, fretop: u32) -> Option<u64> {
        let v = &self.run.vars;
        let mut count = 0u64;
        marks.empty = false;
        for ((x, &a), &rank) in v.scalars.iter().zip(&v.saddr).zip(&v.scalar_rank) {
            if rank != NOT_CREATED
                && let Value::Str(x) = x
                && !x.is_empty()
                && u32::from(a) > fretop
            {
                if !marks.mark(a, x.len() as u16) {
                    return None;
                }
                count += 1;
            }
        }
        let mut scan = false;
        for a in v.arrays.iter().flatten() {
            if let ArrayData::Str(d) = &a.data {
                if d.len() >= BIG_ARRAY {
                    scan = true;
                    count += marks.mark_array(d, &a.saddr, fretop)?;
                    continue;
                }
                for (x, &addr) in d.iter().zip(&a.saddr) {
                    if u32::from(addr) > fretop {
                        if x.is_empty() {
                            marks.empty = true;
                        } else if !marks.mark(addr, x.len() as u16) {
                            return None;
                        } else {
                            count += 1;
                        }
                    }
                }
            }
        }
        for &(a, n) in live {
            if n == 0 || !marks.mark(a, n) {
                return None;
            }
            count += 1;
        }
        if scan {
            marks.words_from_bits();
        }
        Some(count)
    }

    /// After `move_marked`: every string variable that was in string space (above the
    /// old `fretop`) takes the new address recorded where its old one was marked. When
    /// no array element in string space was empty, every element above `fretop` was
    /// marked, and the elements' lengths need not be read.
    fn renew_addresses(&mut self, marks: &Marks, fretop: u32) {
        let v = &mut self.run.vars;
        for ((x, a), &rank) in v.scalars.iter().zip(v.saddr.iter_mut()).zip(&v.scalar_rank) {
            if rank != NOT_CREATED
                && let Value::Str(x) = x
                && !x.is_empty()
                && u32::from(*a) > fretop
            {
                *a = marks.at[usize::from(*a)];
            }
        }
        for a in v.arrays.iter_mut().flatten() {
            if let ArrayData::Str(d) = &a.data {
                if !marks.empty {
                    let n = d.len().min(a.saddr.len());
                    for addr in &mut a.saddr[..n] {
                        if u32::from(*addr) > fretop {
                            *addr = marks.at[usize::from(*addr)];
                        }
                    }
                    continue;
                }
                for (x, addr) in d.iter().zip(a.saddr.iter_mut()) {
                    if !x.is_empty() && u32::from(*addr) > fretop {
                        *addr = marks.at[usize::from(*addr)];
                    }
                }
            }
        }
    }

    /// Moves the strings of `order` (highest address first) one after the other to the
    /// top of string space; the new FRETOP.
    fn move_in_order(&mut self, order: &[GcEntry]) -> u32 {
        let mut top = self.string_top();
        for &(p, a, n) in order {
            let new = top - u32::from(n) + 1;
            self.io.memory.copy_within(a, new as u16, n);
            if let Some(p) = p {
                self.set_saddr(p, new as u16);
            }
            top -= u32::from(n);
        }
        top
    }

    /// `move_in_order` for strings marked by `mark_strings`, read from the bitmap
    /// (clearing it) highest first, the words that hold a mark only; each string's new
    /// address replaces its length in `marks.at`. The new FRETOP. The bytes end as the
    /// moves one by one leave them: each string's bytes are still in place when its turn
    /// comes (every earlier move wrote above them), so a run of adjacent strings is one
    /// block move, and a string that stays where it is needs none. A string adjacent to
    /// the one above it moves by the same distance (its new address is that one's less
    /// its length, as is its old), so within a run the new address is the old plus the
    /// run's distance and the top need not be kept: it is one below the run's new start.
    /// The strings in place are read first (none has moved: the top is kept), then the
    /// rest, where a string that is not adjacent ends the run (moved) and starts the
    /// next. The arithmetic wraps as the one-by-one moves' would (descriptors POKEd to
    /// overlapping strings).
    fn move_marked(&mut self, marks: &mut Marks) -> u32 {
        let mut top = self.string_top();
        // the run: the bytes from `from` up to `end` (0: no run yet), each to go to its
        // address plus `dist`
        let (mut from, mut end, mut dist) = (0u32, 0u32, 0u32);
        for g in (0..marks.words.len()).rev() {
            let mut words = std::mem::take(&mut marks.words[g]);
            while words != 0 {
                let wb = 63 - words.leading_zeros();
                words &= !(1u64 << wb);
                let w = ((g << 6) | wb as usize) & 1023;
                let mut bits = std::mem::take(&mut marks.bits[w]);
                let base = (w << 6) as u32;
                // strings in place, up to the first that moves
                while end == 0 && bits != 0 {
                    let b = 63 - bits.leading_zeros();
                    bits &= !(1u64 << b);
                    let a = base | b;
                    let n = u32::from(marks.at[(a & 0xFFFF) as usize]);
                    top = top.wrapping_sub(n);
                    let new = top.wrapping_add(1);
                    marks.at[(a & 0xFFFF) as usize] = new as u16;
                    if new != a {
                        (from, end, dist) = (a, a + n, new.wrapping_sub(a));
                    }
                }
                while bits != 0 {
                    let b = 63 - bits.leading_zeros();
                    bits &= !(1u64 << b);
                    let a = base | b;
                    let n = u32::from(marks.at[(a & 0xFFFF) as usize]);
                    if a + n != from {
                        // not adjacent: the run moves, and this string starts the next
                        // one, below the run's new start
                        self.block_move(from, dist, end);
                        dist = from.wrapping_add(dist).wrapping_sub(n).wrapping_sub(a);
                        end = a + n;
                    }
                    marks.at[(a & 0xFFFF) as usize] = a.wrapping_add(dist) as u16;
                    from = a;
                }
            }
        }
        if end != 0 {
            self.block_move(from, dist, end);
            top = from.wrapping_add(dist).wrapping_sub(1);
        }
        top
    }

    /// Moves the run of bytes from `from` up to `end` to `from + dist`.
    pub(super) fn block_move(&mut self, from: u32, dist: u32, end: u32) {
        let (to, len) = (from.wrapping_add(dist), end.wrapping_sub(from));
        self.io
            .memory
            .copy_within(from as u16, to as u16, len as u16);
    }

    /// The cost model's count of one collection as GW ran it (BISTRS.ASM GARBAG): each
    /// pass (FNDVAR) looks at every string temporary, every simple variable and every
    /// array's header and string elements to find the highest string not yet moved, then
    /// moves it (GRBPAS, BLTUC); one pass per string in string space plus the last that
    /// finds none, so N live strings cost about N² descriptor visits. `moved` are the
    /// strings this collection moves (`bytes` in all), `temps` the temporaries among them.
    pub(super) fn count_collection(&mut self, moved: u64, bytes: u64, temps: usize) {
        let v = &self.run.vars;
        let mut per_pass = temps as u64 + u64::from(v.scalars_created());
        for a in v.arrays.iter().flatten() {
            per_pass += 1;
            if let ArrayData::Str(d) = &a.data {
                per_pass += d.len() as u64;
            }
        }
        let passes = moved + 1;
        self.count(Dyn::GcRuns, 1);
        self.count(Dyn::GcVisits, passes.saturating_mul(per_pass));
        self.count(Dyn::GcBytes, bytes);
    }
}

/// Which ways a collection may take: all (the last order, else the bitmap, else the
/// general one), or (only when a test says so) the bitmap then the general one, or the
/// general one only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(not(test), allow(dead_code))]
enum Mode {
    All,
    #[cfg(test)]
    NoOrder,
    General,
}

// Tests switch the order and the bitmap off to compare the paths.
#[cfg(test)]
thread_local! {
    static MODE: std::cell::Cell<Mode> = const { std::cell::Cell::new(Mode::All) };
}

/// The ways a collection may take (all but when a test says otherwise).
#[inline(always)]
fn mode() -> Mode {
    #[cfg(test)]
    return MODE.with(|g| g.get());
    #[cfg(not(test))]
    Mode::All
}

/// Orders `v` by address, the highest first, keeping the order of equal addresses (a
/// stable sort): two passes of a counting sort, on the low then the high byte of the
/// address, both counted in one reading. `spare` is scratch space.
fn sort_highest_first(v: &mut Vec<GcEntry>, spare: &mut Vec<GcEntry>) {
    let Some(&first) = v.first() else {
        return;
    };
    let mut count = [[0usize; 256]; 2];
    for e in v.iter() {
        let key = !e.1;
        count[0][usize::from(key & 0xFF)] += 1;
        count[1][usize::from(key >> 8)] += 1;
    }
    for (c, shift) in count.iter().zip([0, 8]) {
        if c.contains(&v.len()) {
            continue; // every address has this byte: the pass would not move anything
        }
        let mut start = [0usize; 256];
        let mut sum = 0;
        for (s, &n) in start.iter_mut().zip(c.iter()) {
            *s = sum;
            sum += n;
        }
        spare.clear();
        spare.resize(v.len(), first);
        for e in v.iter() {
            let d = usize::from((!e.1 >> shift) & 0xFF);
            spare[start[d]] = *e;
            start[d] += 1;
        }
        std::mem::swap(v, spare);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{Session, Stop};

    /// The screen of `program` run with the collections taking the ways of `mode`.
    fn screen(program: &[u8], mode: Mode) -> String {
        MODE.with(|g| g.set(mode));
        let mut s = Session::captured(b"");
        s.load_source(program).expect("loads");
        s.start_program();
        let stop = s.run(u64::MAX);
        MODE.with(|g| g.set(Mode::All));
        let out = String::from_utf8_lossy(&s.take_output()).into_owned();
        assert_eq!(stop, Stop::Ended, "{out}");
        out
    }

    /// Collections forced by a small string space (strings of random lengths, empty
    /// ones, SWAP, concatenations with temporaries, FRE("")) leave every string at the
    /// same address with the same bytes in memory whichever path orders them. (The
    /// variables are made first: a new one moves the arrays, and VARPTR with them.)
    #[test]
    fn bitmap_collection_moves_as_the_general_one() {
        for (seed, clear, strings, shortest) in [
            (7, 9000, 150, 0),
            (1, 7000, 40, 0),
            (23, 12000, 300, 0),
            (99, 7000, 9, 0),
            // an array of BIG_ARRAY or more: marked without the second level
            (5, 25000, 1100, 0),
            // no empty string in string space: new addresses read without the lengths
            (11, 25000, 1100, 1),
            (13, 9000, 150, 1),
        ] {
            let program = format!(
                "10 CLEAR ,{clear}: RANDOMIZE {seed}
20 DEFINT A-Z: C=0: I=0: V=0: N=0: P=0: Q=0: X=0: J=0: L=0: DIM A$({strings}): S$=\"\": T$=\"k\"
30 FOR K=1 TO 2500
40 J=INT(RND*{strings})+1: L=INT(RND*30)+{shortest}
50 A$(J)=LEFT$(STRING$(L,65+K MOD 26)+STR$(K),L)
60 IF K MOD 7=0 THEN SWAP A$(J),A$(1+(J MOD {strings}))
70 IF K MOD 11=0 THEN S$=A$(J)+T$+CHR$(K MOD 256): T$=MID$(S$,2,20)
80 IF K MOD 97=0 THEN X=FRE(\"\")
90 IF K MOD 250=0 THEN GOSUB 200
100 NEXT K
110 GOSUB 200: PRINT FRE(0): END
200 C=0: FOR I=1 TO {strings}: V=VARPTR(A$(I)): N=PEEK(V): P=PEEK(V+1)+256*PEEK(V+2)
210 FOR Q=1 TO N: C=(C*3+PEEK(P+Q-1)+ASC(MID$(A$(I),Q,1))) AND 8191: NEXT Q
220 C=(C+(P AND 8191)) AND 8191: NEXT I: PRINT C;PEEK(VARPTR(T$)+1)+PEEK(VARPTR(S$)+2);: RETURN
"
            );
            same_on_every_path(&program, seed);
        }
    }

    /// `program` shows the same screen whichever collector paths run, and no error.
    fn same_on_every_path(program: &str, seed: u32) {
        let fast = screen(program.as_bytes(), Mode::All);
        for mode in [Mode::General, Mode::NoOrder] {
            assert_eq!(fast, screen(program.as_bytes(), mode), "seed {seed}");
        }
        assert!(!fast.contains("rror"), "seed {seed}: {fast}");
    }

    /// Between collections, descriptors POKEd (a length shortened, an address pointed at
    /// another string), empty strings given at FRETOP, an array erased and made again,
    /// a scalar made: the last collection's order takes what it can and leaves the rest
    /// to the bitmap or the general path, every string where they put it.
    #[test]
    fn order_collection_moves_as_the_general_one() {
        for (seed, clear) in [(3, 9000), (8, 10000), (21, 12000)] {
            let program = format!(
                "10 CLEAR ,{clear}: RANDOMIZE {seed}
20 DEFINT A-Z: DIM A$(60): I=0: J=0: K=0: V=0: W=0: C=0: Q=0: P=0: N=0: X=0: E$=\"\": T$=\"\"
30 FOR K=1 TO 1500
40 I=INT(RND*60)+1: J=1+I MOD 60: A$(I)=STRING$(1+K MOD 23,65+K MOD 26)
50 IF K MOD 13=0 THEN A$(I)=LEFT$(A$(J),0)
60 IF K MOD 17=0 THEN A$(I)=E$
70 IF K MOD 29=0 THEN V=VARPTR(A$(I)): POKE V,PEEK(V)\\2
80 IF K MOD 31=0 THEN V=VARPTR(A$(I)): W=VARPTR(A$(J)): POKE V+1,PEEK(W+1): POKE V+2,PEEK(W+2): POKE V,PEEK(W)
90 IF K MOD 37=0 THEN T$=A$(I)+A$(J)
100 IF K MOD 500=0 THEN ERASE A$: DIM A$(60)
110 IF K=700 THEN Z$=\"Z\"+T$
120 IF K MOD 97=0 THEN X=FRE(\"\")
130 IF K MOD 250=0 THEN GOSUB 200
140 NEXT K
150 GOSUB 200: PRINT FRE(0): END
200 C=0: FOR I=1 TO 60: V=VARPTR(A$(I)): N=PEEK(V): P=PEEK(V+1)+256*PEEK(V+2)
210 FOR Q=1 TO N: C=(C*3+PEEK(P+Q-1)) AND 8191: NEXT Q
220 C=(C+(P AND 8191)) AND 8191: NEXT I: PRINT C;PEEK(VARPTR(T$)+1);FRE(0);: RETURN
"
            );
            same_on_every_path(&program, seed);
        }
    }

    /// Every way an array element's string changes between collections (LET, SWAP of
    /// two elements and of an element and a scalar, MID$, LSET and RSET, INPUT #, LINE
    /// INPUT #, READ, a FIELD of elements filled by GET, a descriptor POKEd, ERASE and
    /// DIM again, a concatenation's temporary), drawn at random (the SWAPs and POKEs,
    /// which the last order cannot take, in bursts): the collections that compare only
    /// the elements stored since the last one (`mark_stored`) leave every string where
    /// the general collector, which reads every variable, puts it.
    #[test]
    fn marked_stores_collect_as_the_general_one() {
        for (seed, clear) in [(2, 14000), (17, 15000), (40, 18000)] {
            let program = format!(
                "10 CLEAR ,{clear}: RANDOMIZE {seed}
20 DEFINT A-Z: DIM A$(80),B$(9,9),C$(20): S$=\"\": T$=\"\": C=0: I=0: J=0: K=0: V=0: W=0: N=0: P=0: Q=0: X=0: R=0
30 OPEN \"O\",#1,\"GCMARK{seed}.TMP\": FOR I=1 TO 30: PRINT #1, STRING$(I MOD 17+1,64+I): NEXT I: CLOSE #1
40 OPEN \"I\",#1,\"GCMARK{seed}.TMP\": OPEN \"R\",#2,\"GCMARK{seed}.DAT\",40: FIELD #2, 10 AS B$(1,1), 30 AS B$(2,2)
50 FOR K=1 TO 3000
60 I=INT(RND*80)+1: J=INT(RND*80)+1: R=INT(RND*13)
65 IF (R=1 OR R=2 OR R=9 OR R=10) AND K MOD 500>50 THEN R=0
70 ON R+1 GOSUB 300,310,320,330,340,350,360,370,380,390,400,410,420
80 IF K MOD 53=0 THEN X=FRE(\"\")
90 IF K MOD 400=0 THEN GOSUB 200
100 IF K MOD 900=0 THEN ERASE C$: DIM C$(20)
110 NEXT K
120 GOSUB 200: CLOSE: KILL \"GCMARK{seed}.TMP\": KILL \"GCMARK{seed}.DAT\": PRINT FRE(0): END
200 C=0: FOR I=1 TO 80: V=VARPTR(A$(I)): GOSUB 250: NEXT I
210 FOR I=0 TO 9: FOR J=0 TO 9: V=VARPTR(B$(I,J)): GOSUB 250: NEXT J,I
220 FOR I=0 TO 20: V=VARPTR(C$(I)): GOSUB 250: NEXT I: PRINT C; FRE(0);: RETURN
250 N=PEEK(V): P=PEEK(V+1)+256*PEEK(V+2)
260 FOR Q=1 TO N: C=(C*3+PEEK(P+Q-1)) AND 8191: NEXT Q: C=(C+(P AND 8191)+N) AND 8191: RETURN
300 A$(I)=STRING$(1+K MOD 19,65+K MOD 26): RETURN
310 SWAP A$(I),A$(J): RETURN
320 SWAP A$(I),S$: RETURN
330 IF LEN(A$(I)) THEN MID$(A$(I),1)=MID$(STR$(K),2)
335 RETURN
340 LSET A$(I)=\"L\"+STR$(K): RSET A$(J)=T$: RETURN
350 IF EOF(1) THEN CLOSE #1: OPEN \"I\",#1,\"GCMARK{seed}.TMP\"
355 INPUT #1, A$(I): RETURN
360 IF EOF(1) THEN CLOSE #1: OPEN \"I\",#1,\"GCMARK{seed}.TMP\"
365 LINE INPUT #1, A$(I): RETURN
370 RESTORE: READ A$(I), A$(J): RETURN
380 A$(I)=LEFT$(A$(J)+T$,20)+CHR$(65+K MOD 26): T$=MID$(A$(I),2,5): RETURN
390 V=VARPTR(A$(I)): W=VARPTR(A$(J)): POKE V+1,PEEK(W+1): POKE V+2,PEEK(W+2): POKE V,PEEK(W): RETURN
400 B$(I MOD 10,J MOD 10)=A$(I)+\"b\": SWAP B$(3,4),A$(J): C$(I MOD 21)=B$(J MOD 10,4): RETURN
410 LSET B$(2,2)=A$(I): PUT #2,1+K MOD 3: GET #2,1+J MOD 3: A$(J)=B$(1,1): RETURN
420 A$(I)=LEFT$(A$(J),0): C$(J MOD 21)=\"\": RETURN
900 DATA dataone,\"data two\",3
"
            );
            same_on_every_path(&program, seed);
        }
    }

    /// The counting sort orders as the stable comparison sort it replaces: highest
    /// address first, equal addresses in the order they were found.
    #[test]
    fn counting_sort_equals_stable_sort_by_descending_address() {
        let mut seed = 12345u32;
        for n in [0usize, 1, 2, 3, 17, 256, 1000, 4300] {
            for spread in [1u32, 3, 256, 65536] {
                let v: Vec<GcEntry> = (0..n)
                    .map(|i| {
                        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                        let addr = ((seed >> 8) % spread) as u16;
                        let place = (i % 3 != 0).then_some(Place::Elem(1, i));
                        (place, addr, (i % 255) as u16)
                    })
                    .collect();
                let mut expected = v.clone();
                expected.sort_by_key(|e| std::cmp::Reverse(e.1));
                let (mut got, mut spare) = (v, Vec::new());
                sort_highest_first(&mut got, &mut spare);
                assert_eq!(got, expected, "n {n}, addresses below {spread}");
            }
        }
    }
}
