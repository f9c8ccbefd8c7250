//! The interpreter's clock: the date and time DATE$, TIME$ and TIMER read, and that
//! `DATE$ =` and `TIME$ =` set. It is the interpreter's own (the host's clock is never
//! touched): a date and a count of PC timer ticks since midnight (18.2065 a second, as the
//! BIOS counts them), advancing with the host's monotonic clock (`host::Clock`), so time
//! never runs backwards within a run whatever happens to the host's wall clock. It starts
//! at the host's local time, or at a fixed date and time (`--clock-start`) for
//! reproducible runs.
//!
//! Reading follows DOS (what GW-BASIC asks for): the time of day in hundredths is the tick
//! count converted as DOS converts it, TIME$ shows its hours, minutes and seconds, TIMER is
//! the seconds plus hundredths as a single. Setting follows GW-BASIC's parsers
//! (GWSTS.ASM PRSDAT, PRSTIM) and DOS's checks (a year 1980..2099, a month 1..12, a day
//! 1..31; the day is not checked against the month, as DOS did not).

use crate::error::ErrorCode;
pub use crate::host::clock::{ClockStart, Date};
use crate::num::Single;
use std::rc::Rc;
use std::time::Duration;

/// The PC's timer input frequency (Hz); the BIOS tick is 65536 of these.
const PIT_HZ: u64 = 1_193_182;
/// Ticks in a day, as the BIOS counts them (it wraps at 0x1800B0).
pub const TICKS_PER_DAY: u32 = 0x1800B0;

/// The day after `d` (a day past the month's length starts the next month).
fn next_day(d: Date) -> Date {
    let Date { year, month, day } = d;
    if day < days_in_month(year, month) {
        return Date { day: day + 1, ..d };
    }
    if month < 12 {
        Date {
            year,
            month: month + 1,
            day: 1,
        }
    } else {
        Date {
            year: year + 1,
            month: 1,
            day: 1,
        }
    }
}

fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The clock.
#[derive(Clone)]
pub struct Clock {
    /// The host's time.
    host: Rc<dyn crate::host::Clock>,
    /// The date at `anchor`.
    date: Date,
    /// Ticks since midnight at `anchor`.
    ticks: u32,
    /// The host's monotonic time the date and ticks were taken at.
    anchor: Duration,
    /// When the clock was made: timer events count ticks from here, whatever the
    /// date and time are set to.
    origin: Duration,
    /// Time the clock was moved ahead of the host's since `anchor` and since `origin`
    /// (the sound clock's waits, machine/sound.rs).
    skipped: Duration,
    skipped_total: Duration,
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Clock")
            .field("date", &self.date)
            .field("ticks", &self.ticks)
            .finish()
    }
}

impl Clock {
    /// A clock on the host's time that reads `start` now.
    pub fn starting(host: Rc<dyn crate::host::Clock>, start: ClockStart) -> Clock {
        let (h, m, s, hh) = start.time;
        let now = host.monotonic();
        Clock {
            host,
            date: start.date,
            ticks: ticks_of(h, m, s, hh),
            anchor: now,
            origin: now,
            skipped: Duration::ZERO,
            skipped_total: Duration::ZERO,
        }
    }

    /// A clock on the host's time that reads the host's local time now.
    pub fn on(host: Rc<dyn crate::host::Clock>) -> Clock {
        let start = host.local();
        Clock::starting(host, start)
    }

    /// The host's clock this one runs on.
    pub(crate) fn host(&self) -> &Rc<dyn crate::host::Clock> {
        &self.host
    }

    /// The host's monotonic time now.
    pub(crate) fn monotonic(&self) -> Duration {
        self.host.monotonic()
    }

    /// The date and the ticks since midnight now.
    fn now(&self) -> (Date, u32) {
        self.at(self.monotonic().saturating_sub(self.anchor) + self.skipped)
    }

    /// The date and ticks `elapsed` after the anchor.
    fn at(&self, elapsed: Duration) -> (Date, u32) {
        let ticks = u64::from(self.ticks) + elapsed_ticks(elapsed);
        let mut date = self.date;
        let days = ticks / u64::from(TICKS_PER_DAY);
        // a run of a few days at most: step day by day (bounded for absurd uptimes)
        for _ in 0..days.min(3660) {
            date = next_day(date);
        }
        (date, (ticks % u64::from(TICKS_PER_DAY)) as u32)
    }

    /// Ticks counted since the clock was made, however it was set since (the timer
    /// events count these, as the BIOS tick hook does; they never go backwards).
    pub fn monotonic_ticks(&self) -> u64 {
        elapsed_ticks(self.monotonic().saturating_sub(self.origin) + self.skipped_total)
    }

    /// Hours, minutes, seconds and hundredths of now, as DOS reports them.
    pub fn time_of_day(&self) -> (u8, u8, u8, u8) {
        hms_of(self.now().1)
    }

    pub fn date(&self) -> Date {
        self.now().0
    }

    /// TIME$: "HH:MM:SS".
    pub fn time_text(&self) -> String {
        let (h, m, s, _) = self.time_of_day();
        format!("{h:02}:{m:02}:{s:02}")
    }

    /// DATE$: "MM-DD-YYYY".
    pub fn date_text(&self) -> String {
        let d = self.date();
        format!("{:02}-{:02}-{:04}", d.month, d.day, d.year)
    }

    /// TIMER: seconds since midnight with hundredths, a single computed as GW-BASIC does
    /// (whole seconds, then the hundredths added as a single).
    pub fn timer(&self) -> Single {
        let (h, m, s, hh) = self.time_of_day();
        let secs = i32::from(h) * 3600 + i32::from(m) * 60 + i32::from(s);
        let frac = Single::from_i32(i32::from(hh))
            .div(Single::from_i32(100))
            .unwrap_or(Single::ZERO);
        Single::from_i32(secs)
            .add(frac)
            .unwrap_or(Single::from_i32(secs))
    }

    /// Moves the clock ahead by `secs` (a wait that costs no real time: the music queue
    /// when nothing plays live).
    pub fn skip(&mut self, secs: f64) {
        if secs > 0.0 && secs.is_finite() {
            let d = Duration::from_secs_f64(secs.min(86_400.0));
            self.skipped += d;
            self.skipped_total += d;
        }
    }

    /// Sets the time of day (the date stays).
    pub fn set_time(&mut self, h: u8, m: u8, s: u8, hh: u8) {
        let now = self.monotonic();
        let (date, _) = self.at(now.saturating_sub(self.anchor) + self.skipped);
        self.date = date;
        self.ticks = ticks_of(h, m, s, hh);
        self.anchor = now;
        self.skipped = Duration::ZERO;
    }

    /// Sets the date (the time of day runs on).
    pub fn set_date(&mut self, date: Date) {
        let now = self.monotonic();
        let (_, ticks) = self.at(now.saturating_sub(self.anchor) + self.skipped);
        self.date = date;
        self.ticks = ticks;
        self.anchor = now;
        self.skipped = Duration::ZERO;
    }

    /// `DATE$ = text` [S GWSTS.ASM PRSDAT]: month, `-` or `/`, day, `-` or `/`, year
    /// (two digits: 78..99 are 19xx, 00..77 are 20xx; four digits: 1978..2099); then DOS
    /// refuses a year before 1980, a month outside 1..12, a day outside 1..31. Anything
    /// else is Illegal function call.
    pub fn set_date_text(&mut self, text: &[u8]) -> Result<(), ErrorCode> {
        let date = parse_date(text).ok_or(ErrorCode::IllegalFunctionCall)?;
        self.set_date(date);
        Ok(())
    }

    /// `TIME$ = text` [S GWSTS.ASM PRSTIM]: hours[:minutes[:seconds[(: or .)hundredths]]],
    /// each part optional at the end of the text; Illegal function call otherwise.
    pub fn set_time_text(&mut self, text: &[u8]) -> Result<(), ErrorCode> {
        let (h, m, s, hh) = parse_time(text).ok_or(ErrorCode::IllegalFunctionCall)?;
        self.set_time(h, m, s, hh);
        Ok(())
    }
}

impl super::Machine {
    /// `DATE$ = text` / `TIME$ = text`: a string (else Type mismatch) the clock accepts
    /// (else Illegal function call).
    pub(super) fn exec_set_clock(
        &mut self,
        s: &crate::syntax::ast::SetClock<crate::compile::code::Compiled>,
        _at: crate::compile::code::Pos,
    ) -> super::Res<()> {
        let (date, value) = (s.date, &s.value);
        let text = self.eval_str(value)?;
        let set = if date {
            self.io.clock.set_date_text(&text)
        } else {
            self.io.clock.set_time_text(&text)
        };
        // the string is freed before it is parsed, so also when it is refused
        // [S GWSTS.ASM PRSDAT/PRSTIM: FRMEVL, FRESTR, then FCERR]
        self.recycle_str(text);
        Ok(set?)
    }
}

/// Whole ticks in a host duration.
fn elapsed_ticks(d: Duration) -> u64 {
    (d.as_nanos() * u128::from(PIT_HZ) / (65_536 * 1_000_000_000)) as u64
}

/// A time of day as ticks: the first tick at or after it, so that reading the clock
/// back gives the time set (a tick is 5.5 hundredths).
fn ticks_of(h: u8, m: u8, s: u8, hh: u8) -> u32 {
    let hundredths = ((u64::from(h) * 60 + u64::from(m)) * 60 + u64::from(s)) * 100 + u64::from(hh);
    let t = (hundredths * PIT_HZ).div_ceil(6_553_600);
    (t as u32).min(TICKS_PER_DAY - 1)
}

/// DOS's conversion of ticks to hours, minutes, seconds, hundredths.
fn hms_of(ticks: u32) -> (u8, u8, u8, u8) {
    let hundredths = u64::from(ticks) * 6_553_600 / PIT_HZ;
    let hh = (hundredths % 100) as u8;
    let secs = hundredths / 100;
    (
        (secs / 3600 % 24) as u8,
        (secs / 60 % 60) as u8,
        (secs % 60) as u8,
        hh,
    )
}

/// A scanner over DATE$/TIME$ text as GWSTS.ASM's GNUM/DIGIT walk it.
struct Scan<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Scan<'_> {
    /// GNUM16: digits to a 16-bit number (none: 0); None on overflow.
    fn number(&mut self) -> Option<u16> {
        let mut n: u16 = 0;
        while let Some(&c) = self.text.get(self.pos) {
            if !c.is_ascii_digit() {
                break;
            }
            n = n.checked_mul(10)?.checked_add(u16::from(c - b'0'))?;
            self.pos += 1;
        }
        Some(n)
    }

    /// GNUM8: a number below 256.
    fn byte(&mut self) -> Option<u8> {
        u8::try_from(self.number()?).ok()
    }

    /// The next character must be one of `seps` (DATSEP: the text must not end here).
    fn separator(&mut self, seps: &[u8]) -> Option<()> {
        let c = self.text.get(self.pos)?;
        self.pos += 1;
        seps.contains(c).then_some(())
    }

    /// TIMSEP: at the end of the text nothing more is needed; otherwise `:` or `.`.
    fn time_separator(&mut self) -> Option<bool> {
        match self.text.get(self.pos) {
            None => Some(false),
            Some(b':' | b'.') => {
                self.pos += 1;
                Some(true)
            }
            Some(_) => None,
        }
    }
}

/// PRSDAT plus DOS's checks.
fn parse_date(text: &[u8]) -> Option<Date> {
    if text.is_empty() {
        return None;
    }
    let mut s = Scan { text, pos: 0 };
    let month = s.byte()?;
    s.separator(b"-/")?;
    let day = s.byte()?;
    s.separator(b"-/")?;
    let mut year = s.number()?;
    if year < 1978 {
        if year >= 100 {
            return None;
        }
        year += if year >= 78 { 1900 } else { 2000 };
    }
    if year >= 2100 {
        return None;
    }
    // DOS: year 1980..2099, month 1..12, day 1..31
    if year < 1980 || !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    Some(Date { year, month, day })
}

/// PRSTIM: hours < 24, minutes < 60, seconds < 60, hundredths < 100.
fn parse_time(text: &[u8]) -> Option<(u8, u8, u8, u8)> {
    if text.is_empty() {
        return None;
    }
    let mut s = Scan { text, pos: 0 };
    let h = s.byte().filter(|&h| h < 24)?;
    s.time_separator()?;
    let m = s.byte().filter(|&m| m < 60)?;
    s.time_separator()?;
    let sec = s.byte().filter(|&x| x < 60)?;
    s.time_separator()?;
    let hh = s.byte().filter(|&x| x < 100)?;
    Some((h, m, sec, hh))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manual() -> Rc<dyn crate::host::Clock> {
        Rc::new(crate::host::clock::ManualClock::default())
    }

    #[test]
    fn the_clock_runs_with_the_host_monotonic_time() {
        let host = Rc::new(crate::host::clock::ManualClock::default());
        let mut c = Clock::starting(host.clone(), start(1990, 1, 1, 10, 0, 0));
        assert_eq!(c.time_text(), "10:00:00");
        host.advance(Duration::from_millis(61_500));
        assert_eq!(c.time_text(), "10:01:01");
        let ticks = c.monotonic_ticks();
        c.set_time_text(b"08:00").unwrap();
        host.advance(Duration::from_millis(1_500));
        assert_eq!(c.time_text(), "08:00:01");
        // the timer events' ticks run on, whatever the time was set to
        assert!(c.monotonic_ticks() > ticks);
    }

    fn start(y: u16, mo: u8, d: u8, h: u8, mi: u8, s: u8) -> ClockStart {
        ClockStart {
            date: Date {
                year: y,
                month: mo,
                day: d,
            },
            time: (h, mi, s, 0),
        }
    }

    #[test]
    fn date_forms_as_the_faulty_date_model_shows() {
        // gwbasic/faulty_DATE and unsorted/DATE: accepted and refused forms
        let ok = |t: &str| parse_date(t.as_bytes());
        let d = |y, m, dd| {
            Some(Date {
                year: y,
                month: m,
                day: dd,
            })
        };
        assert_eq!(ok("01-01-1981"), d(1981, 1, 1));
        assert_eq!(ok("01-01-76"), d(2076, 1, 1));
        assert_eq!(ok("01-01-77"), d(2077, 1, 1));
        assert_eq!(ok("01-01-78"), None); // 1978: before DOS's 1980
        assert_eq!(ok("01-01-79"), None);
        assert_eq!(ok("01-01-100"), None);
        assert_eq!(ok("01-01-1979"), None);
        assert_eq!(ok("01-01-1980"), d(1980, 1, 1));
        assert_eq!(ok("01-01-2099"), d(2099, 1, 1));
        assert_eq!(ok("01-01-2100"), None);
        assert_eq!(ok("01-01-20100"), None);
        assert_eq!(ok("02-30-2000"), d(2000, 2, 30));
        assert_eq!(ok("aa-bb-cc"), None);
        assert_eq!(ok("13-31-80"), None);
        assert_eq!(ok("12-32-80"), None);
        assert_eq!(ok("10"), None);
        assert_eq!(ok("10-1"), None);
        assert_eq!(ok("10/1/89"), d(1989, 10, 1));
        assert_eq!(ok("LATE"), None);
        assert_eq!(ok(""), None);
    }

    #[test]
    fn time_forms() {
        let t = |s: &str| parse_time(s.as_bytes());
        assert_eq!(t("00:00:00"), Some((0, 0, 0, 0)));
        assert_eq!(t("10"), Some((10, 0, 0, 0)));
        assert_eq!(t("1:2"), Some((1, 2, 0, 0)));
        assert_eq!(t("23:59:59.99"), Some((23, 59, 59, 99)));
        assert_eq!(t("24:00:00"), None);
        assert_eq!(t("10:60"), None);
        assert_eq!(t("10-00"), None);
        assert_eq!(t(""), None);
    }

    #[test]
    fn ticks_and_hundredths_round_trip_within_a_tick() {
        for &(h, m, s, hh) in &[
            (0, 0, 0, 0),
            (12, 34, 56, 78),
            (13, 0, 0, 0),
            (23, 59, 59, 70),
        ] {
            let back = hms_of(ticks_of(h, m, s, hh));
            let a = ((u32::from(h) * 60 + u32::from(m)) * 60 + u32::from(s)) * 100 + u32::from(hh);
            let b = ((u32::from(back.0) * 60 + u32::from(back.1)) * 60 + u32::from(back.2)) * 100
                + u32::from(back.3);
            // a tick is 5.49 hundredths: the time read back is at most that much later
            assert!(b >= a && b - a < 6, "{a} {b}");
        }
    }

    #[test]
    fn clock_runs_from_its_start_and_crosses_midnight() {
        let c = Clock::starting(manual(), start(1999, 12, 31, 23, 59, 59));
        // 2 seconds later: the next year
        let (date, ticks) = c.at(Duration::from_secs(2));
        assert_eq!(
            date,
            Date {
                year: 2000,
                month: 1,
                day: 1
            }
        );
        assert_eq!(hms_of(ticks).0, 0);
        assert_eq!(c.date_text(), "12-31-1999");
    }

    #[test]
    fn setting_the_time_keeps_the_date_and_timer_follows() {
        let mut c = Clock::starting(manual(), start(1985, 6, 1, 8, 0, 0));
        c.set_time_text(b"00:00:00").unwrap();
        assert_eq!(c.time_text(), "00:00:00");
        assert_eq!(c.date_text(), "06-01-1985");
        assert!(c.timer().to_f64() < 1.0);
        c.set_time_text(b"13:30:15.50").unwrap();
        let t = c.timer().to_f64();
        assert!((48615.4..48616.0).contains(&t), "{t}");
        assert_eq!(
            c.set_time_text(b"25:00"),
            Err(ErrorCode::IllegalFunctionCall)
        );
    }
}
