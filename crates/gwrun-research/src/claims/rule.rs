//! The one verdict rule of docs/claims.md, and the only place a verdict is decided.
//!
//! Every claim of the documents is read as one or more quantities, its *parts*. For each
//! part the claimant's words give the set of values they allow: the stated value widened
//! by the tolerance its wording carries ([`Claimed`], with the tolerances of
//! [`Tolerances`]: "about", "nearly", "far", the rounding of a printed number, the tick of
//! the clock a time was read from). The measurement gives an interval: the measured value
//! widened by its own uncertainty ([`Measured`]: standard errors over seeds, the range of
//! the cost model over its ±50 % weights, none for exact values and counts). A part is
//! *true* when the measured interval lies inside the claimed set, *false* when the two do
//! not meet, *partly* when they overlap without the one holding the other. A row is true
//! when every part is true, false when every part that can be measured is false, *not
//! checkable* when none can be measured here, and partly otherwise. A part with a measured
//! value and no claimed one is the answer to a question of the chapter (*answered*).
//! [`judge`] applies the rule; nothing else in the claims code names a verdict.

use std::fmt::Write as _;

/// A verdict, decided by [`judge`] alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    True,
    Partly,
    False,
    /// No part can be measured here (a compiler, the author's own machine).
    NotCheckable,
    /// A question of the chapter: measured, nothing claimed.
    Answered,
}

/// Every verdict, in the order the report counts them.
pub const VERDICTS: [Verdict; 5] = [
    Verdict::True,
    Verdict::Partly,
    Verdict::False,
    Verdict::NotCheckable,
    Verdict::Answered,
];

impl Verdict {
    /// The word in the table.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::True => "true",
            Verdict::Partly => "partly",
            Verdict::False => "false",
            Verdict::NotCheckable => "not checkable here",
            Verdict::Answered => "answered",
        }
    }
}

/// The tolerances the rule reads into the documents' words. The defaults are the
/// report's; a test changes one and sees the verdicts that rest on it follow.
#[derive(Debug, Clone, PartialEq)]
pub struct Tolerances {
    /// "about", "approximately", "around", "roughly": this share either side of the value
    /// (and never less than the rounding of the number as printed).
    pub about: f64,
    /// "nearly X", "nearly as well": up to this share short of X.
    pub nearly: f64,
    /// "a bit less than X": up to this share below X.
    pub a_bit: f64,
    /// "far", "much", "inordinate", "great", "quite a few": at least this factor.
    pub far: f64,
}

impl Default for Tolerances {
    fn default() -> Self {
        Tolerances {
            about: 0.10,
            nearly: 0.10,
            a_bit: 0.15,
            far: 2.0,
        }
    }
}

/// A closed interval; either end may be infinite.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    pub lo: f64,
    pub hi: f64,
}

impl Interval {
    pub fn new(lo: f64, hi: f64) -> Interval {
        Interval {
            lo: lo.min(hi),
            hi: lo.max(hi),
        }
    }
    pub fn point(x: f64) -> Interval {
        Interval { lo: x, hi: x }
    }
    /// Whether every value of `self` lies in `other`.
    pub fn inside(&self, other: &Interval) -> bool {
        self.lo >= other.lo && self.hi <= other.hi
    }
    /// Whether `self` and `other` share a value.
    pub fn meets(&self, other: &Interval) -> bool {
        self.lo <= other.hi && other.lo <= self.hi
    }
}

/// Half a unit in the last digit of a number printed with its last digit at 10^exp.
pub fn rounding(exp: i32) -> f64 {
    0.5 * 10f64.powi(exp)
}

/// What a claim's words allow: the stated value and the tolerance of its wording.
#[derive(Debug, Clone, PartialEq)]
pub enum Claimed {
    /// A count, a list or a number the document's own code fixes: no tolerance.
    Exact(f64),
    /// A number as printed, its last digit at 10^exp: ± half a unit there.
    Printed { value: f64, exp: i32 },
    /// A range as printed ("2-5%"): its ends, each widened by its rounding.
    Range { lo: f64, hi: f64, exp: i32 },
    /// "about", "approximately", "around", "roughly": ± [`Tolerances::about`] of the
    /// value, and at least its rounding.
    About { value: f64, exp: i32 },
    /// "nearly X": from [`Tolerances::nearly`] short of X up to X (with its rounding).
    Nearly { value: f64, exp: i32 },
    /// "a bit less than X": from [`Tolerances::a_bit`] below X up to X.
    ABitLess { value: f64 },
    /// "more than X": X or more.
    MoreThan { value: f64 },
    /// "up to X times ...": above `from`, up to X with its rounding.
    UpTo { from: f64, value: f64, exp: i32 },
    /// "far", "much", "inordinate", "great", "quite a few": at least the factor
    /// [`Tolerances::far`].
    Far,
    /// "much better" as a shrinking quantity: at most 1/[`Tolerances::far`] of before.
    FarLess,
    /// "not much", "not far": less than the factor [`Tolerances::far`].
    NotFar,
    /// "the majority": more than one half.
    Majority,
    /// A direction only ("faster", "saves", "can be saved"): more than 0.
    Positive,
    /// An interval the words give themselves, with the reading written out (e.g. "the
    /// mid-forties: 43 to 47").
    Reading { lo: f64, hi: f64, reading: String },
}

impl Claimed {
    /// The set of values the words allow.
    pub fn interval(&self, t: &Tolerances) -> Interval {
        let inf = f64::INFINITY;
        match *self {
            Claimed::Exact(x) => Interval::point(x),
            Claimed::Printed { value, exp } => {
                Interval::new(value - rounding(exp), value + rounding(exp))
            }
            Claimed::Range { lo, hi, exp } => Interval::new(lo - rounding(exp), hi + rounding(exp)),
            Claimed::About { value, exp } => {
                let h = (t.about * value.abs()).max(rounding(exp));
                Interval::new(value - h, value + h)
            }
            Claimed::Nearly { value, exp } => Interval::new(
                value - t.nearly * value.abs(),
                value + rounding(exp).min(t.nearly * value.abs()),
            ),
            Claimed::ABitLess { value } => Interval::new(value - t.a_bit * value.abs(), value),
            Claimed::MoreThan { value } => Interval::new(value.next_up(), inf),
            Claimed::UpTo { from, value, exp } => Interval::new(from, value + rounding(exp)),
            Claimed::Far => Interval::new(t.far, inf),
            Claimed::FarLess => Interval::new(-inf, 1.0 / t.far),
            Claimed::NotFar => Interval::new(-inf, t.far),
            Claimed::Majority => Interval::new(0.5f64.next_up(), inf),
            Claimed::Positive => Interval::new(0.0f64.next_up(), inf),
            Claimed::Reading { lo, hi, .. } => Interval::new(lo, hi),
        }
    }

    /// How the words became the interval: "2–5 % as printed", "about 3 (±10 %)".
    pub fn describe(&self, unit: Unit, t: &Tolerances) -> String {
        let f = |x: f64| unit.show(x);
        let i = self.interval(t);
        let range = format!("{} to {}", f(i.lo), f(i.hi));
        match self {
            Claimed::Exact(x) => format!("{} (exact)", f(*x)),
            Claimed::Printed { value, .. } => format!("{} as printed: {range}", f(*value)),
            Claimed::Range { lo, hi, .. } => {
                format!("{} to {} as printed: {range}", f(*lo), f(*hi))
            }
            Claimed::About { value, .. } => format!(
                "about {} (±{:.0} %, at least the rounding): {range}",
                f(*value),
                100.0 * t.about
            ),
            Claimed::Nearly { value, .. } => format!(
                "nearly {} (up to {:.0} % short): {range}",
                f(*value),
                100.0 * t.nearly
            ),
            Claimed::ABitLess { value } => format!(
                "a bit less than {} (up to {:.0} % below): {range}",
                f(*value),
                100.0 * t.a_bit
            ),
            Claimed::MoreThan { value } => format!("more than {}: {} or more", f(*value), f(i.lo)),
            Claimed::UpTo { value, .. } => format!("up to {}: {range}", f(*value)),
            Claimed::Far => format!("at least ×{} (\"far\")", t.far),
            Claimed::FarLess => format!("at most 1/{} of before (\"much\")", t.far),
            Claimed::NotFar => format!("less than ×{} (\"not much\")", t.far),
            Claimed::Majority => "more than one half".to_string(),
            Claimed::Positive => "more than 0 (a direction only)".to_string(),
            Claimed::Reading { reading, .. } => format!("{reading}: {range}"),
        }
    }
}

/// How a part's numbers are shown.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Unit {
    /// A share or a relative change, shown in per cent with this many decimals.
    Pct(usize),
    /// A factor: "2.33×".
    Times(usize),
    /// A plain number with this many decimals (thousands separated when 0).
    Num(usize),
}

impl Unit {
    /// A value in this unit.
    pub fn show(self, x: f64) -> String {
        if x.is_infinite() {
            return if x > 0.0 { "∞" } else { "−∞" }.to_string();
        }
        let s = match self {
            Unit::Pct(d) => format!("{:.*} %", d, 100.0 * x),
            Unit::Times(d) => format!("{x:.d$}×"),
            Unit::Num(0) => separated(x),
            Unit::Num(d) => format!("{x:.d$}"),
        };
        s.replace('-', "−")
    }
}

/// 1234567.4 → "1,234,567" (minus sign as '-', replaced by the caller).
fn separated(x: f64) -> String {
    let n = x.round() as i64;
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

/// Standard errors either side of a simulated mean in its interval.
pub const SIGMAS: f64 = 3.0;

/// A measured value and the interval its uncertainty allows.
#[derive(Debug, Clone, PartialEq)]
pub struct Measured {
    pub value: f64,
    pub range: Interval,
    /// Where the interval comes from, in a few words ("exact", "±3 s.e. over 40 seeds",
    /// "weights ±50 %").
    pub how: String,
}

impl Measured {
    /// An exact value or count.
    pub fn exact(value: f64) -> Measured {
        Measured {
            value,
            range: Interval::point(value),
            how: "exact".into(),
        }
    }
    /// A simulated mean with its standard error over `n` runs: ±[`SIGMAS`] s.e.
    pub fn sampled(value: f64, se: f64, n: u64, what: &str) -> Measured {
        Measured {
            value,
            range: Interval::new(value - SIGMAS * se, value + SIGMAS * se),
            how: format!("±{SIGMAS:.0} s.e., {n} {what}"),
        }
    }
    /// A value in an interval found otherwise (the cost model's weights, the data sets).
    pub fn within(value: f64, lo: f64, hi: f64, how: impl Into<String>) -> Measured {
        Measured {
            value,
            range: Interval::new(lo.min(value), hi.max(value)),
            how: how.into(),
        }
    }
    /// The interval widened by `by` on each side, with the reason added.
    pub fn widened(mut self, by: f64, why: &str) -> Measured {
        self.range = Interval::new(self.range.lo - by, self.range.hi + by);
        self.how = format!("{}; {why}", self.how);
        self
    }
    /// Every value mapped through an increasing function (a ratio into a gain, ...).
    pub fn map(self, f: impl Fn(f64) -> f64) -> Measured {
        let (a, b) = (f(self.range.lo), f(self.range.hi));
        Measured {
            value: f(self.value),
            range: Interval::new(a, b),
            how: self.how,
        }
    }
    /// "1.150 (1.070 to 1.250; weights ±50 %)" or "121 (exact)".
    pub fn describe(&self, unit: Unit) -> String {
        if self.range.lo == self.range.hi {
            format!("{} ({})", unit.show(self.value), self.how)
        } else {
            format!(
                "{} ({} to {}; {})",
                unit.show(self.value),
                unit.show(self.range.lo),
                unit.show(self.range.hi),
                self.how
            )
        }
    }
}

/// One quantity of a claim.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    /// What is compared, in a few words.
    pub quantity: String,
    /// What the words allow; None for a question of the chapter.
    pub claimed: Option<Claimed>,
    /// What was measured; None when it cannot be measured here (with the reason in
    /// `quantity`).
    pub measured: Option<Measured>,
    pub unit: Unit,
}

impl Part {
    /// A claimed quantity and its measurement.
    pub fn claim(
        quantity: impl Into<String>,
        claimed: Claimed,
        measured: Measured,
        unit: Unit,
    ) -> Part {
        Part {
            quantity: quantity.into(),
            claimed: Some(claimed),
            measured: Some(measured),
            unit,
        }
    }
    /// A claimed quantity nothing here can measure.
    pub fn unmeasurable(quantity: impl Into<String>, claimed: Claimed, unit: Unit) -> Part {
        Part {
            quantity: quantity.into(),
            claimed: Some(claimed),
            measured: None,
            unit,
        }
    }
    /// The answer to a question: measured, nothing claimed.
    pub fn answer(quantity: impl Into<String>, measured: Measured, unit: Unit) -> Part {
        Part {
            quantity: quantity.into(),
            claimed: None,
            measured: Some(measured),
            unit,
        }
    }
}

/// The rule for one part.
pub fn judge_part(p: &Part, t: &Tolerances) -> Verdict {
    match (&p.claimed, &p.measured) {
        (None, _) => Verdict::Answered,
        (Some(_), None) => Verdict::NotCheckable,
        (Some(c), Some(m)) => {
            let allowed = c.interval(t);
            if m.range.inside(&allowed) {
                Verdict::True
            } else if m.range.meets(&allowed) {
                Verdict::Partly
            } else {
                Verdict::False
            }
        }
    }
}

/// The rule for a row: its parts' verdicts combined.
pub fn judge(parts: &[Part], t: &Tolerances) -> Verdict {
    let verdicts: Vec<Verdict> = parts.iter().map(|p| judge_part(p, t)).collect();
    combine(&verdicts)
}

/// Parts' verdicts into the row's: every part true → true; every measurable part false →
/// false; nothing measurable → not checkable; only answers → answered; else partly.
pub fn combine(verdicts: &[Verdict]) -> Verdict {
    let claims: Vec<Verdict> = verdicts
        .iter()
        .copied()
        .filter(|&v| v != Verdict::Answered)
        .collect();
    if claims.is_empty() {
        return Verdict::Answered;
    }
    let measured: Vec<Verdict> = claims
        .iter()
        .copied()
        .filter(|&v| v != Verdict::NotCheckable)
        .collect();
    if measured.is_empty() {
        Verdict::NotCheckable
    } else if claims.iter().all(|&v| v == Verdict::True) {
        Verdict::True
    } else if measured.iter().all(|&v| v == Verdict::False) {
        Verdict::False
    } else {
        Verdict::Partly
    }
}

/// The rule as the report states it at its top, with the tolerances in force.
pub fn statement(t: &Tolerances) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "**The verdict rule.** Each claim is read as one or more quantities (its parts). \
         For each, the claimant's words give the values they allow: the stated value \
         widened by the tolerance of its wording (below); the measurement gives an \
         interval: the measured value widened by its own uncertainty (exact values and \
         counts: none; simulations: ±{SIGMAS:.0} standard errors; the cost model: the \
         range of the modelled quantity over every weight table that keeps each estimated \
         weight within ±50 % of its value, the exact weights fixed; a time read off the PC \
         clock: ± one tick, 1/18.2 s). A part is **true** when the measured interval lies \
         inside the allowed values, **false** when they do not meet, **partly** when they \
         overlap. A row is true when every part is true, false when every part that can be \
         measured is false, **not checkable here** when no part can be measured here, and \
         partly otherwise (so a claim read two ways, with a part for each reading, is \
         partly when the readings disagree). A part with a measured value and nothing \
         claimed answers a question of the chapter (**answered**). The code applies this \
         rule and nothing else to every row (`claims::rule::judge`); `gwrun claims \
         --explain ROW` shows it applied.\n\n"
    );
    let _ = writeln!(s, "| the words | the values they allow |");
    let _ = writeln!(s, "|---|---|");
    let rows = [
        (
            "a count, a list, a number the document's own code fixes",
            "that value exactly".to_string(),
        ),
        (
            "a number as printed (1.21, 5, 2,200)",
            "± half a unit in its last digit".to_string(),
        ),
        (
            "a range as printed (2-5 %)",
            "the range, each end ± half a unit in its last digit".to_string(),
        ),
        (
            "about, approximately, around, roughly",
            format!(
                "± {:.0} % of the value, and at least its rounding",
                100.0 * t.about
            ),
        ),
        (
            "nearly X, nearly as well",
            format!("from {:.0} % short of X up to X", 100.0 * t.nearly),
        ),
        (
            "a bit less than X",
            format!("from {:.0} % below X up to X", 100.0 * t.a_bit),
        ),
        ("more than X", "X or more".to_string()),
        (
            "far, much, inordinate, great, quite a few, hideously",
            format!(
                "a factor of at least {} (or at most 1/{} of what it is compared with)",
                t.far, t.far
            ),
        ),
        ("the majority", "more than one half".to_string()),
        (
            "a direction only (faster, saves, can be saved)",
            "more than 0".to_string(),
        ),
        (
            "a time read off the PC clock",
            "± one tick (1/18.2 s) on each time, carried into the ratios".to_string(),
        ),
        (
            "any other phrase (the mid-forties, noticeable, up to ten)",
            "the reading written in the row".to_string(),
        ),
    ];
    for (w, v) in rows {
        let _ = writeln!(s, "| {w} | {v} |");
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ratio(value: f64, lo: f64, hi: f64) -> Measured {
        Measured::within(value, lo, hi, "weights ±50 %")
    }

    #[test]
    fn inside_overlapping_and_apart() {
        let t = Tolerances::default();
        let c = Claimed::Range {
            lo: 0.02,
            hi: 0.05,
            exp: -2,
        };
        let p = |m| Part::claim("gain", c.clone(), m, Unit::Pct(1));
        assert_eq!(judge_part(&p(Measured::exact(0.03)), &t), Verdict::True);
        assert_eq!(judge_part(&p(ratio(0.01, -0.1, 0.1)), &t), Verdict::Partly);
        assert_eq!(judge_part(&p(ratio(-0.2, -0.3, -0.1)), &t), Verdict::False);
        // the rounding of "2-5%" reaches 1.5 %
        assert_eq!(judge_part(&p(Measured::exact(0.016)), &t), Verdict::True);
    }

    #[test]
    fn a_changed_tolerance_moves_the_verdict() {
        // 2^n - 1 gaps at 0.87 of the listing's speed, the model between 0.80 and 0.95
        let part = Part::claim(
            "speed",
            Claimed::Nearly { value: 1.0, exp: 0 },
            ratio(0.87, 0.80, 0.95),
            Unit::Times(2),
        );
        let parts = [part];
        assert_eq!(judge(&parts, &Tolerances::default()), Verdict::Partly);
        let wide = Tolerances {
            nearly: 0.25,
            ..Tolerances::default()
        };
        assert_eq!(judge(&parts, &wide), Verdict::True);
        let narrow = Tolerances {
            nearly: 0.02,
            ..Tolerances::default()
        };
        assert_eq!(judge(&parts, &narrow), Verdict::False);
    }

    #[test]
    fn rows_combine_their_parts() {
        use Verdict::*;
        assert_eq!(combine(&[True, True]), True);
        assert_eq!(combine(&[False, NotCheckable]), False);
        assert_eq!(combine(&[True, NotCheckable]), Partly);
        assert_eq!(combine(&[NotCheckable]), NotCheckable);
        assert_eq!(combine(&[Answered, Answered]), Answered);
        assert_eq!(combine(&[True, Answered]), True);
        assert_eq!(combine(&[True, False]), Partly);
        assert_eq!(combine(&[Partly, Partly]), Partly);
    }

    #[test]
    fn about_never_narrower_than_the_rounding() {
        let t = Tolerances::default();
        let i = Claimed::About { value: 3.0, exp: 0 }.interval(&t);
        assert_eq!((i.lo, i.hi), (2.5, 3.5));
        let i = Claimed::About {
            value: 25_000.0,
            exp: 3,
        }
        .interval(&t);
        assert_eq!((i.lo, i.hi), (22_500.0, 27_500.0));
    }

    /// The rule is the only place a verdict is decided: no other file of the claims code
    /// names a verdict, nor writes a verdict word into a row.
    #[test]
    fn no_verdict_literal_outside_the_rule() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(src.join("claims"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        for name in [
            "claims.rs",
            "claims_deal.rs",
            "claims_shuffle.rs",
            "detect.rs",
        ] {
            files.push(src.join("lab").join(name));
        }
        assert!(files.len() > 10);
        for path in files {
            if path.ends_with("rule.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            // the code, not its unit tests (which may name the words they expect)
            let text = text.split("#[cfg(test)]").next().unwrap_or("");
            for literal in [
                "Verdict::",
                "\"true\"",
                "\"false\"",
                "\"partly\"",
                "\"not checkable",
                "\"answered\"",
                "**true**",
                "**false**",
            ] {
                assert!(!text.contains(literal), "{}: {literal}", path.display());
            }
        }
    }

    #[test]
    fn units_show_values() {
        assert_eq!(Unit::Pct(1).show(-0.0123), "−1.2 %");
        assert_eq!(Unit::Num(0).show(232_704.0), "232,704");
        assert_eq!(Unit::Times(2).show(2.333), "2.33×");
        assert_eq!(Unit::Num(0).show(f64::INFINITY), "∞");
    }
}
