//! A BASIC listing as the dealing procedure: the verbatim routine runs in gwrun's
//! interpreter, so the lab tests the listing itself and not only its port.
//!
//! The listings in `basic/` share a driver convention: lines 1-99 set up (DEFINT, DIM,
//! RANDOMIZE, the ordered data on line 50), line 100 GOSUBs the routine, lines 101-199
//! report; 002's test programs GOSUB Initialize(deck) on line 100 and the shuffle on
//! line 120, with DECKSIZE on line 20 (set to 52 here). The adapter keeps the set-up and
//! the routine, replaces lines 100-199 with a loop that reseeds RND once (`RND(-x)`, x
//! from the chunk seed), then per deal runs the set-up the routine needs (the data
//! line, or Initialize), GOSUBs the routine and copies the result into an array
//! `LABD(deal, 0..51)`; one RUN deals a batch, and the lab reads `LABD` back. A RUN
//! that takes too long (002's SelectionShuffle as printed never ends) is broken off. A result named `DEAL` dimensioned (3,12) is read as hands
//! (`DEAL(h,c)` = card); any other array is read as the shuffled pack, dealt round.
//!
//! The interpreter is reached through [`BasicRunner`]; [`new_runner`] makes one from
//! `gwrun_core::session::Session` (the glue is in listing_session.rs).

use std::time::Duration;

use super::LabError;
use super::cards::{CARDS, HAND, Hands, SEATS, deal_round, hands_from_seats, is_valid_deal};
use super::engine::Stop;
use super::procedures::Dealer;

/// What the lab needs from the interpreter (implemented for `gwrun_core::session::Session`).
pub trait BasicRunner {
    /// Load a program (ASCII listing).
    fn load(&mut self, source: &[u8]) -> Result<(), String>;
    /// Type a line at the Ok prompt (a numbered line stores, replaces or deletes).
    fn enter_line(&mut self, line: &str) -> Result<(), String>;
    /// RUN, breaking it off after `limit` or when `stop` is set (Ctrl-C); an untrapped
    /// BASIC error comes back as its message.
    fn run(&mut self, limit: Duration, stop: &Stop) -> Result<(), String>;
    /// An array's elements, first subscript fastest.
    fn array_values(&self, name: &str) -> Option<Vec<f64>>;
}

/// Makes interpreter sessions for the listing dealer.
pub type RunnerFactory = fn() -> Result<Box<dyn BasicRunner>, LabError>;

/// The user's overrides of what [`ListingSpec::parse`] detects.
#[derive(Debug, Clone, PartialEq)]
pub struct ListingOptions {
    /// The routine's first line.
    pub entry: Option<u32>,
    /// The result array.
    pub output: Option<String>,
    /// Statements run before each deal ("" for none).
    pub before: Option<String>,
    /// Subscript of the first card of a pack array.
    pub first: Option<u32>,
    /// Lines typed after loading, after the detected ones (e.g. parameters).
    pub lines: Vec<String>,
    /// Longest RUN of one batch before it is broken off.
    pub timeout: Duration,
}

impl Default for ListingOptions {
    fn default() -> Self {
        ListingOptions {
            entry: None,
            output: None,
            before: None,
            first: None,
            lines: Vec::new(),
            timeout: Duration::from_secs(60),
        }
    }
}

/// How a listing deals.
#[derive(Debug, Clone, PartialEq)]
pub struct ListingSpec {
    /// Where it came from (for messages).
    pub path: String,
    /// The program text.
    pub source: String,
    /// Line numbers present in the text.
    pub lines: Vec<u32>,
    /// Which driver convention was recognised.
    pub convention: &'static str,
    /// The routine's first line.
    pub entry: u32,
    /// The array holding the result.
    pub output: String,
    /// Statements run before each deal (the data line, or 002's Initialize).
    pub before: Option<String>,
    /// Subscript of the first card in a pack array.
    pub first: u32,
    /// Lines typed after loading, before the driver.
    pub extra: Vec<String>,
    /// Deals per RUN.
    pub batch: u32,
    /// Longest RUN of one batch.
    pub timeout: Duration,
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

/// `DECKSIZE=<n>` in a parameter line set to 52.
fn with_decksize_52(body: &str) -> String {
    let upper = body.to_ascii_uppercase();
    let Some(at) = upper.find("DECKSIZE=") else {
        return body.to_string();
    };
    let from = at + "DECKSIZE=".len();
    let digits = body[from..].bytes().take_while(u8::is_ascii_digit).count();
    format!("{}52{}", &body[..from], &body[from + digits..])
}

/// What the driver convention of a listing gives: (convention, entry, output, before,
/// first, extra lines).
type Detected = (
    &'static str,
    Option<u32>,
    Option<String>,
    Option<String>,
    u32,
    Vec<String>,
);

/// The two conventions of `basic/`: 000/001 listings GOSUB the routine on line 100 and
/// name the result in an `'Out:` comment, with the data on line 50; 002's test programs
/// GOSUB Initialize(deck) on line 100 and the shuffle on line 120, with DECKSIZE on
/// line 20 and a 0-based DECK().
fn detect(source: &str, body_of: &dyn Fn(u32) -> Option<String>) -> Detected {
    let line100 = body_of(100).unwrap_or_default();
    if line100.to_ascii_uppercase().contains("INITIALIZE(DECK)") {
        let entry = body_of(120).and_then(|b| gosub_target(&b));
        let before = gosub_target(&line100).map(|n| format!("GOSUB {n}"));
        let extra = body_of(20)
            .map(|b| vec![format!("20 {}", with_decksize_52(&b))])
            .unwrap_or_default();
        return (
            "002 test program",
            entry,
            Some("DECK".into()),
            before,
            0,
            extra,
        );
    }
    let output = out_array(source);
    let before = match output.as_deref() {
        Some("DEAL") | None => None,
        Some(_) => body_of(50),
    };
    (
        "000/001 driver",
        gosub_target(&line100),
        output,
        before,
        1,
        Vec::new(),
    )
}

/// The x of the driver's `RND(-x!)` for a batch seed: x in [2^23, 2^24), so the
/// single's three mantissa bytes (sign bit set by the minus) become RND's state.
pub fn reseed_value(seed: u64) -> u64 {
    (1u64 << 23) + seed % (1 << 23)
}

/// The seed of batch `run` of a dealer made with `seed`.
pub fn batch_seed(seed: u64, run: u64) -> u64 {
    super::engine::mix64(seed.wrapping_add(run))
}

impl ListingSpec {
    /// Read a listing and work out its entry line, result array and per-deal set-up,
    /// then apply the user's overrides.
    pub fn parse(path: &str, bytes: &[u8], opts: &ListingOptions) -> Result<ListingSpec, LabError> {
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
        let (convention, entry, output, before, first, mut extra) = detect(&source, &body_of);
        let entry = opts
            .entry
            .or(entry)
            .ok_or_else(|| bad("no GOSUB on line 100; give --entry LINE".into()))?;
        if entry < 200 {
            return Err(bad(format!(
                "entry line {entry} is inside the driver lines 100-199"
            )));
        }
        let output = opts
            .output
            .clone()
            .or(output)
            .ok_or_else(|| bad("no 'Out: NAME() comment; give --result NAME".into()))?
            .to_ascii_uppercase();
        let before = match &opts.before {
            Some(text) if text.trim().is_empty() => None,
            Some(text) => Some(text.clone()),
            None => before,
        };
        extra.extend(opts.lines.iter().cloned());
        Ok(ListingSpec {
            path: path.to_string(),
            source,
            lines: numbered.iter().map(|(n, _)| *n).collect(),
            convention,
            entry,
            output,
            before,
            first: opts.first.unwrap_or(first),
            extra,
            batch: 100,
            timeout: opts.timeout,
        })
    }

    /// The lines typed after loading: the extra lines, deletions of 100-199, then the
    /// driver.
    pub fn driver_lines(&self, seed: u64) -> Vec<String> {
        let mut out = self.extra.clone();
        out.extend(
            self.lines
                .iter()
                .filter(|n| (100..200).contains(*n))
                .map(|n| n.to_string()),
        );
        let x = reseed_value(seed);
        let last = self.batch.max(1) - 1;
        out.push(format!("100 DIM LABD({last},51): LABQ=RND(-{x}!)"));
        out.push(format!("101 FOR LABN=0 TO {last}"));
        if let Some(text) = &self.before {
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
    stop: Stop,
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
            stop: Stop::never(),
        })
    }

    /// The same dealer, breaking a RUN off when `stop` is set.
    pub fn with_stop(mut self, stop: Stop) -> ListingDealer {
        self.stop = stop;
        self
    }

    fn refill(&mut self) -> Result<(), LabError> {
        let fail =
            |what: &str, e: String| LabError::Listing(format!("{}: {what}: {e}", self.spec.path));
        let seed = batch_seed(self.seed, self.runs);
        self.runner
            .load(self.spec.source.as_bytes())
            .map_err(|e| fail("load", e))?;
        for line in self.spec.driver_lines(seed) {
            self.runner.enter_line(&line).map_err(|e| fail(&line, e))?;
        }
        self.runner
            .run(self.spec.timeout, &self.stop)
            .map_err(|e| fail("RUN", e))?;
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

/// An interpreter session (`gwrun_core::session::Session`, console captured) for the
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
        let o = ListingOptions::default();
        let s = ListingSpec::parse("deal52.bas", DEAL52.as_bytes(), &o).unwrap();
        assert_eq!(
            (s.entry, s.output.as_str(), s.before.clone()),
            (7000, "DEAL", None)
        );
        let c = ListingSpec::parse("c.bas", COLLECTION.as_bytes(), &o).unwrap();
        assert_eq!((c.output.as_str(), c.first), ("X", 1));
        assert_eq!(c.before.as_deref(), Some("FOR J=1 TO SIZE: A(J)=J: NEXT"));
        assert!(ListingSpec::parse("t", &[0xFF, 1], &o).is_err());
        assert!(ListingSpec::parse("t", b"10 PRINT\n", &o).is_err());
        let mine = ListingOptions {
            entry: Some(7000),
            output: Some("x".into()),
            before: Some(" ".into()),
            ..o
        };
        let m = ListingSpec::parse("c.bas", COLLECTION.as_bytes(), &mine).unwrap();
        assert_eq!((m.output.as_str(), m.before.clone()), ("X", None));
    }

    #[test]
    fn detects_002_test_programs() {
        let text = "10 DEFINT A-Z\n20 DECKSIZE=10: NUMSHUFFLES=20: SEED=1 'parameters\n\
            100 GOSUB 1500 'Initialize(deck)\n120 GOSUB 1000 'ExchangeShuffle(deck)\n199 END\n\
            1000 'def\n1080 RETURN\n1500 'def Initialize(deck):\n1550 RETURN\n";
        let s = ListingSpec::parse("x.bas", text.as_bytes(), &ListingOptions::default()).unwrap();
        assert_eq!(s.convention, "002 test program");
        assert_eq!((s.entry, s.output.as_str(), s.first), (1000, "DECK", 0));
        assert_eq!(s.before.as_deref(), Some("GOSUB 1500"));
        assert_eq!(
            s.extra,
            ["20 DECKSIZE=52: NUMSHUFFLES=20: SEED=1 'parameters"]
        );
    }

    #[test]
    fn driver_replaces_lines_100_to_199() {
        let s = ListingSpec::parse("deal52.bas", DEAL52.as_bytes(), &ListingOptions::default())
            .unwrap();
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
