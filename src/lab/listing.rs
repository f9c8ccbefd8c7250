//! A BASIC listing as the dealing procedure: the verbatim routine runs in gwrun's
//! interpreter, so the lab tests the listing itself and not only its port.
//!
//! The listings in `basic/` share a driver convention: lines 1-99 set up (DEFINT, DIM,
//! RANDOMIZE, the ordered data on line 50), line 100 GOSUBs the routine, lines 101-199
//! report. The adapter keeps the set-up and the routine, replaces lines 100-199 with a
//! loop that reseeds RND once (`RND(-x)`, x from the chunk seed), then per deal
//! repeats the data line if the routine consumes its input, GOSUBs the routine and
//! copies the result into an array `LABD(deal, 0..51)`; one RUN deals a batch, and the
//! lab reads `LABD` back. A result named `DEAL` dimensioned (3,12) is read as hands
//! (`DEAL(h,c)` = card); any other array is read as the shuffled pack, dealt round.
//!
//! The interpreter is reached through [`BasicRunner`]; [`new_runner`] makes one from
//! `crate::session::Session` (the glue is in listing_session.rs).

use super::LabError;
use super::cards::{CARDS, HAND, Hands, SEATS, deal_round, hands_from_seats, is_valid_deal};
use super::procedures::Dealer;

/// What the lab needs from the interpreter (implemented for `crate::session::Session`).
pub trait BasicRunner {
    /// Load a program (ASCII listing).
    fn load(&mut self, source: &[u8]) -> Result<(), String>;
    /// Type a line at the Ok prompt (a numbered line stores, replaces or deletes).
    fn enter_line(&mut self, line: &str) -> Result<(), String>;
    /// RUN; an untrapped BASIC error comes back as its message.
    fn run(&mut self) -> Result<(), String>;
    /// An array's elements, first subscript fastest.
    fn array_values(&self, name: &str) -> Option<Vec<f64>>;
}

/// Makes interpreter sessions for the listing dealer.
pub type RunnerFactory = fn() -> Result<Box<dyn BasicRunner>, LabError>;

/// How a listing deals.
#[derive(Debug, Clone, PartialEq)]
pub struct ListingSpec {
    /// Where it came from (for messages).
    pub path: String,
    /// The program text.
    pub source: String,
    /// Line numbers present in the text.
    pub lines: Vec<u32>,
    /// The routine's first line (the target of line 100's GOSUB).
    pub entry: u32,
    /// The array holding the result.
    pub output: String,
    /// Text of the data line repeated before each deal, if any.
    pub reinit: Option<String>,
    /// Subscript of the first card in a pack array (the listings use 1..SIZE).
    pub first: u32,
    /// Deals per RUN.
    pub batch: u32,
}

fn line_number(text: &str) -> Option<(u32, &str)> {
    let t = text.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let n = t[..digits].parse().ok()?;
    Some((n, t[digits..].trim_start()))
}

fn gosub_target(body: &str) -> Option<u32> {
    let upper = body.to_ascii_uppercase();
    let at = upper.find("GOSUB")?;
    line_number(&upper[at + 5..]).map(|(n, _)| n)
}

/// The first array named after "Out:" in the routine's comments (e.g. `'Out: X() as`).
fn out_array(source: &str) -> Option<String> {
    let upper = source.to_ascii_uppercase();
    let at = upper.find("OUT:")?;
    let rest = &upper[at + 4..];
    let start = rest.find(|c: char| c.is_ascii_alphabetic())?;
    let name: String = rest[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '.')
        .collect();
    rest[start + name.len()..].starts_with('(').then_some(name)
}

impl ListingSpec {
    /// Read a listing and work out its entry line, result array and data line.
    /// `entry`/`output`/`reinit` override the detection (`reinit` 0 = none).
    pub fn parse(
        path: &str,
        bytes: &[u8],
        entry: Option<u32>,
        output: Option<String>,
        reinit: Option<u32>,
    ) -> Result<ListingSpec, LabError> {
        let bad = |why: String| LabError::Listing(format!("{path}: {why}"));
        if bytes.first().is_some_and(|&b| b == 0xFF || b == 0xFE) {
            return Err(bad(
                "tokenized or protected files are not supported; save it with ,A".into(),
            ));
        }
        let source = String::from_utf8_lossy(bytes).replace(['\r', '\u{1a}'], "");
        let numbered: Vec<(u32, String)> = source
            .lines()
            .filter_map(|l| line_number(l).map(|(n, body)| (n, body.to_string())))
            .collect();
        let body_of = |n: u32| {
            numbered
                .iter()
                .find(|(m, _)| *m == n)
                .map(|(_, b)| b.clone())
        };
        let entry = entry
            .or_else(|| body_of(100).and_then(|b| gosub_target(&b)))
            .ok_or_else(|| bad("no GOSUB on line 100; give --entry LINE".into()))?;
        if entry < 200 {
            return Err(bad(format!(
                "entry line {entry} is inside the driver lines 100-199"
            )));
        }
        let output = output
            .or_else(|| out_array(&source))
            .ok_or_else(|| bad("no 'Out: NAME() comment; give --output NAME".into()))?
            .to_ascii_uppercase();
        let reinit = match (reinit, output == "DEAL") {
            (Some(0), _) | (None, true) => None,
            (Some(n), _) => Some(body_of(n).ok_or_else(|| bad(format!("no line {n}")))?),
            (None, false) => body_of(50),
        };
        let lines = numbered.iter().map(|(n, _)| *n).collect();
        Ok(ListingSpec {
            path: path.to_string(),
            source,
            lines,
            entry,
            output,
            reinit,
            first: 1,
            batch: 100,
        })
    }

    /// The lines typed after loading: deletions of 100-199, then the driver.
    pub fn driver_lines(&self, seed: u64) -> Vec<String> {
        let mut out: Vec<String> = self
            .lines
            .iter()
            .filter(|n| (100..200).contains(*n))
            .map(|n| n.to_string())
            .collect();
        // x in [2^23, 2^24): the single's mantissa bytes (sign bit set) become the state.
        let x = (1u64 << 23) + seed % (1 << 23);
        let last = self.batch.max(1) - 1;
        out.push(format!("100 DIM LABD({last},51): LABQ=RND(-{x}!)"));
        out.push(format!("101 FOR LABN=0 TO {last}"));
        if let Some(text) = &self.reinit {
            out.push(format!("102 {text}"));
        }
        out.push(format!("103 GOSUB {}", self.entry));
        let value = if self.output == "DEAL" {
            "DEAL(LABK\\13,LABK MOD 13)".to_string()
        } else {
            format!("{}(LABK+{})", self.output, self.first)
        };
        out.push(format!(
            "104 FOR LABK=0 TO 51: LABD(LABN,LABK)={value}: NEXT LABK"
        ));
        out.push("105 NEXT LABN".into());
        out.push("199 END".into());
        out
    }
}

/// Decode a batch read back from `LABD` (first subscript fastest: element
/// `deal + batch·k`) into deals. `hands_layout` says k = 13·seat + slot; otherwise k is
/// a position in the pack, dealt round. Cards numbered 1..52 are shifted to 0..51.
pub fn decode_batch(
    values: &[f64],
    batch: usize,
    hands_layout: bool,
) -> Result<Vec<Hands>, LabError> {
    if batch == 0 || values.len() < batch * CARDS {
        return Err(LabError::Listing(format!(
            "LABD holds {} values, expected {}",
            values.len(),
            batch * CARDS
        )));
    }
    let min = values[..batch * CARDS]
        .iter()
        .copied()
        .fold(f64::INFINITY, f64::min);
    let base = if min >= 1.0 { 1.0 } else { 0.0 };
    (0..batch)
        .map(|d| {
            let cards: [u8; CARDS] = std::array::from_fn(|k| {
                let v = values[d + batch * k] - base;
                if (0.0..CARDS as f64).contains(&v) {
                    v as u8
                } else {
                    u8::MAX
                }
            });
            let hands = if hands_layout {
                let mut seats = [0u8; CARDS];
                let mut seen = 0u64;
                for (k, &c) in cards.iter().enumerate() {
                    if usize::from(c) < CARDS {
                        seats[usize::from(c)] = (k / HAND % SEATS) as u8;
                        seen |= 1 << c;
                    }
                }
                if seen != (1 << CARDS) - 1 {
                    return Err(LabError::Listing(format!(
                        "deal {d} does not hold every card once"
                    )));
                }
                hands_from_seats(&seats)
            } else {
                deal_round(&cards)
            };
            if is_valid_deal(&hands) {
                Ok(hands)
            } else {
                Err(LabError::Listing(format!(
                    "deal {d} is not a proper deal of 52 cards"
                )))
            }
        })
        .collect()
}

/// Deals produced by running a listing, a batch per RUN.
pub struct ListingDealer {
    runner: Box<dyn BasicRunner>,
    spec: ListingSpec,
    seed: u64,
    ready: Vec<Hands>,
    runs: u64,
}

impl ListingDealer {
    /// A dealer for one chunk; `seed` picks the RND stream of its first batch.
    pub fn new(
        spec: &ListingSpec,
        seed: u64,
        factory: RunnerFactory,
    ) -> Result<ListingDealer, LabError> {
        Ok(ListingDealer {
            runner: factory()?,
            spec: spec.clone(),
            seed,
            ready: Vec::new(),
            runs: 0,
        })
    }

    fn refill(&mut self) -> Result<(), LabError> {
        let fail =
            |what: &str, e: String| LabError::Listing(format!("{}: {what}: {e}", self.spec.path));
        let seed = super::engine::mix64(self.seed.wrapping_add(self.runs));
        self.runner
            .load(self.spec.source.as_bytes())
            .map_err(|e| fail("load", e))?;
        for line in self.spec.driver_lines(seed) {
            self.runner.enter_line(&line).map_err(|e| fail(&line, e))?;
        }
        self.runner.run().map_err(|e| fail("RUN", e))?;
        let values = self
            .runner
            .array_values("LABD")
            .ok_or_else(|| fail("LABD", "no such array".into()))?;
        let mut deals = decode_batch(
            &values,
            self.spec.batch as usize,
            self.spec.output == "DEAL",
        )?;
        deals.reverse();
        self.ready = deals;
        self.runs += 1;
        Ok(())
    }
}

impl Dealer for ListingDealer {
    fn deal(&mut self) -> Result<Hands, LabError> {
        if self.ready.is_empty() {
            self.refill()?;
        }
        self.ready
            .pop()
            .ok_or_else(|| LabError::Listing("empty batch".into()))
    }
    fn draws(&self) -> u64 {
        0
    }
}

/// An interpreter session (`crate::session::Session`, console captured) for the
/// listing dealer.
pub fn new_runner() -> Result<Box<dyn BasicRunner>, LabError> {
    super::listing_session::runner()
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL52: &str = "10 DEFINT A-Z\n20 SEED=1\n30 DIM DK(51), DEAL(3,12)\n40 RANDOMIZE SEED\n\
        100 GOSUB 7000 'the routine\n110 PRINT\n199 END\n7000 '--\n7002 'Out: DEAL(h,c) hands\n\
        7010 FOR C=0 TO 51: DK(C)=C: NEXT\n7099 RETURN\n";
    const COLLECTION: &str = "10 DEFINT A-Z\n30 DIM A(52), X(52)\n50 FOR J=1 TO SIZE: A(J)=J: NEXT\n\
        100 GOSUB 7000\n199 END\n7000 '--\n7004 'Out: X() as shuffled data\n7099 RETURN\n";

    #[test]
    fn detects_entry_output_and_data_line() {
        let s = ListingSpec::parse("deal52.bas", DEAL52.as_bytes(), None, None, None).unwrap();
        assert_eq!(
            (s.entry, s.output.as_str(), s.reinit.clone()),
            (7000, "DEAL", None)
        );
        let c = ListingSpec::parse("c.bas", COLLECTION.as_bytes(), None, None, None).unwrap();
        assert_eq!(c.output, "X");
        assert_eq!(c.reinit.as_deref(), Some("FOR J=1 TO SIZE: A(J)=J: NEXT"));
        assert!(ListingSpec::parse("t", &[0xFF, 1], None, None, None).is_err());
        assert!(ListingSpec::parse("t", b"10 PRINT\n", None, None, None).is_err());
    }

    #[test]
    fn driver_replaces_lines_100_to_199() {
        let s = ListingSpec::parse("deal52.bas", DEAL52.as_bytes(), None, None, None).unwrap();
        let lines = s.driver_lines(5);
        assert_eq!(&lines[..3], ["100", "110", "199"]);
        assert!(lines.contains(&"100 DIM LABD(99,51): LABQ=RND(-8388613!)".to_string()));
        assert!(lines.contains(&"103 GOSUB 7000".to_string()));
        assert!(
            lines
                .iter()
                .any(|l| l.contains("DEAL(LABK\\13,LABK MOD 13)"))
        );
    }

    #[test]
    fn decodes_hands_and_packs() {
        // Two deals, batch 2: deal 0 = card k at hand slot k; deal 1 = reversed.
        let batch = 2;
        let mut v = vec![0.0; batch * CARDS];
        for k in 0..CARDS {
            v[batch * k] = k as f64;
            v[1 + batch * k] = (CARDS - 1 - k) as f64;
        }
        let deals = decode_batch(&v, batch, true).unwrap();
        assert_eq!(deals[0][0], (1 << 13) - 1); // seat 0 holds cards 0..12
        assert_eq!(deals[1][0], ((1u64 << 13) - 1) << 39); // seat 0 holds 39..51
        let packs = decode_batch(&v, batch, false).unwrap();
        assert_eq!(packs[0], deal_round(&crate::lab::cards::ordered_deck()));
        let mut bad = v.clone();
        bad[0] = 1.0; // card 1 twice in deal 0
        assert!(decode_batch(&bad, batch, true).is_err());
    }
}
