//! Time as the host gives it to the engine: a monotonic clock (the interpreter's clock,
//! the sound clock, the timer events and the screen's redraw pace run on it) and the
//! local date and time (where the interpreter's clock starts unless told otherwise). The
//! engine never reads the system's clock itself and never sleeps: a wait is a
//! suspension (`session::Stop::Sleep`) until the host's monotonic time reaches a value.
//!
//! `ManualClock` is the clock of tests and of sessions with no host clock: it reads a
//! fixed date and time and moves only when told (`advance`, `set`).

use std::cell::Cell;
use std::time::Duration;

/// The host's time.
pub trait Clock {
    /// Time since a fixed point of the host's choosing; it never goes backwards.
    fn monotonic(&self) -> Duration;
    /// The local date and time now.
    fn local(&self) -> ClockStart;
}

/// A calendar date as DOS keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

/// A point to start the interpreter's clock at: a date and a time of day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockStart {
    pub date: Date,
    /// Hours, minutes, seconds, hundredths.
    pub time: (u8, u8, u8, u8),
}

impl ClockStart {
    /// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.hh]]` or `YYYY-MM-DD HH:MM[:SS[.hh]]`
    /// (the form `--clock-start` takes).
    pub fn parse(text: &str) -> Result<ClockStart, String> {
        let bad = || format!("`{text}`: expected YYYY-MM-DD[THH:MM[:SS[.hh]]]");
        let (d, t) = match text.split_once(['T', 't', ' ']) {
            Some((d, t)) => (d, Some(t)),
            None => (text, None),
        };
        let nums: Vec<&str> = d.split('-').collect();
        let [y, m, dd] = nums.as_slice() else {
            return Err(bad());
        };
        let num = |s: &str| s.parse::<u32>().map_err(|_| bad());
        let (year, month, day) = (num(y)?, num(m)?, num(dd)?);
        if !(1980..=2099).contains(&year) || !(1..=12).contains(&month) || !(1..=31).contains(&day)
        {
            return Err(format!(
                "`{text}`: the date must lie in 1980-01-01..2099-12-31 (as DOS keeps it)"
            ));
        }
        let mut time = (0u8, 0u8, 0u8, 0u8);
        if let Some(t) = t {
            let (hms, hh) = match t.split_once('.') {
                Some((a, b)) => (a, Some(b)),
                None => (t, None),
            };
            let parts: Vec<&str> = hms.split(':').collect();
            if parts.len() < 2 || parts.len() > 3 {
                return Err(bad());
            }
            let h = num(parts[0])?;
            let mi = num(parts[1])?;
            let s = if parts.len() == 3 { num(parts[2])? } else { 0 };
            let hh = match hh {
                Some(x) => num(x)?,
                None => 0,
            };
            if h > 23 || mi > 59 || s > 59 || hh > 99 {
                return Err(bad());
            }
            time = (h as u8, mi as u8, s as u8, hh as u8);
        }
        Ok(ClockStart {
            date: Date {
                year: year as u16,
                month: month as u8,
                day: day as u8,
            },
            time,
        })
    }

    /// A date and time as the host's calendar gives them, kept within what DOS keeps (a
    /// year 1980..2099; a leap second read as second 59; hundredths from nanoseconds).
    pub fn from_calendar(
        (year, month, day): (i32, u32, u32),
        (hour, minute, second, nanos): (u32, u32, u32, u32),
    ) -> ClockStart {
        ClockStart {
            date: Date {
                year: year.clamp(1980, 2099) as u16,
                month: month.clamp(1, 12) as u8,
                day: day.clamp(1, 31) as u8,
            },
            time: (
                hour.min(23) as u8,
                minute.min(59) as u8,
                second.min(59) as u8,
                (nanos / 10_000_000).min(99) as u8,
            ),
        }
    }
}

/// DOS's first date, where a clock no one set starts (1980-01-01 00:00).
pub const DOS_EPOCH: ClockStart = ClockStart {
    date: Date {
        year: 1980,
        month: 1,
        day: 1,
    },
    time: (0, 0, 0, 0),
};

/// A clock that moves only when told: for tests, and for sessions whose front end gave
/// no clock.
#[derive(Debug)]
pub struct ManualClock {
    now: Cell<Duration>,
    local: ClockStart,
}

impl ManualClock {
    /// A clock at monotonic zero whose local time, at zero, is `local`.
    pub fn new(local: ClockStart) -> ManualClock {
        ManualClock {
            now: Cell::new(Duration::ZERO),
            local,
        }
    }

    /// Moves the clock forward by `d`.
    pub fn advance(&self, d: Duration) {
        self.now.set(self.now.get().saturating_add(d));
    }

    /// Moves the clock to `t` if that is later than now (it never goes back).
    pub fn set(&self, t: Duration) {
        if t > self.now.get() {
            self.now.set(t);
        }
    }
}

impl Default for ManualClock {
    fn default() -> Self {
        ManualClock::new(DOS_EPOCH)
    }
}

impl Clock for ManualClock {
    fn monotonic(&self) -> Duration {
        self.now.get()
    }

    /// The local time it was made with: the interpreter's clock, which starts there,
    /// then runs on with the monotonic time.
    fn local(&self) -> ClockStart {
        self.local
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_clock_start() {
        assert_eq!(
            ClockStart::parse("1984-02-29T13:05:07.25"),
            Ok(ClockStart {
                date: Date {
                    year: 1984,
                    month: 2,
                    day: 29
                },
                time: (13, 5, 7, 25)
            })
        );
        assert!(ClockStart::parse("1979-01-01").is_err());
        assert!(ClockStart::parse("1984-02-29T25:00").is_err());
        assert_eq!(
            ClockStart::parse("2000-01-02").map(|s| s.time),
            Ok((0, 0, 0, 0))
        );
    }

    #[test]
    fn calendar_values_are_kept_within_dos_range() {
        let s = ClockStart::from_calendar((2150, 7, 4), (23, 59, 60, 999_999_999));
        assert_eq!(s.date.year, 2099);
        assert_eq!(s.time, (23, 59, 59, 99));
        let s = ClockStart::from_calendar((1970, 1, 1), (0, 0, 0, 5_000_000));
        assert_eq!(s.date.year, 1980);
        assert_eq!(s.time.3, 0);
    }

    #[test]
    fn a_manual_clock_moves_only_forward_and_only_when_told() {
        let c = ManualClock::default();
        assert_eq!(c.monotonic(), Duration::ZERO);
        c.advance(Duration::from_millis(1500));
        c.set(Duration::from_millis(1000));
        assert_eq!(c.monotonic(), Duration::from_millis(1500));
        c.set(Duration::from_secs(3));
        assert_eq!(c.monotonic(), Duration::from_secs(3));
        assert_eq!(c.local(), DOS_EPOCH);
    }
}
