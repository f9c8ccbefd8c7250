//! The page's time as the engine's clock. The monotonic clock is the page's
//! `performance.now()` (milliseconds), read live in the browser (`PageClock::live`), so
//! TIMER and the sound clock move within a slice too; natively (tests) it is what was
//! last passed to `advance`. Once, at start, the page gives the local date and time as
//! milliseconds since 1970 in the local zone (what `Date` gives, shifted by the zone's
//! offset); the local time later is that start plus the monotonic time gone by, so
//! DATE$ and TIME$ follow the user's clock and TIMER never jumps when the system clock
//! is set.

use gwrun_core::host::Clock;
use gwrun_core::host::clock::ClockStart;
use std::cell::Cell;
use std::time::Duration;

/// The page's clock: monotonic time is the page's `performance.now()` as last passed in
/// (`advance`), never going back; the local time is the local time at start plus the
/// monotonic time gone by since.
#[derive(Debug)]
pub struct PageClock {
    /// The page's clock read live, where there is one.
    source: Option<fn() -> f64>,
    now_ms: Cell<f64>,
    start_ms: f64,
    local_ms: f64,
}

impl PageClock {
    /// A clock made at `now_ms` (page clock) when the local time was `local_ms`.
    pub fn new(now_ms: f64, local_ms: f64) -> PageClock {
        let now_ms = if now_ms.is_finite() {
            now_ms.max(0.0)
        } else {
            0.0
        };
        PageClock {
            source: None,
            now_ms: Cell::new(now_ms),
            start_ms: now_ms,
            local_ms: if local_ms.is_finite() { local_ms } else { 0.0 },
        }
    }

    /// A clock that reads `source` (the page's `performance.now()`) whenever the engine
    /// asks the time.
    pub fn live(source: fn() -> f64, local_ms: f64) -> PageClock {
        PageClock {
            source: Some(source),
            ..PageClock::new(source(), local_ms)
        }
    }

    /// The page's clock reads `now_ms` (an earlier or invalid reading is ignored).
    pub fn advance(&self, now_ms: f64) {
        if now_ms > self.now_ms.get() {
            self.now_ms.set(now_ms);
        }
    }

    /// The page clock now, ms.
    pub fn now_ms(&self) -> f64 {
        if let Some(read) = self.source {
            self.advance(read());
        }
        self.now_ms.get()
    }
}

impl Clock for PageClock {
    fn monotonic(&self) -> Duration {
        Duration::from_secs_f64(self.now_ms() / 1000.0)
    }

    fn local(&self) -> ClockStart {
        let ((y, mo, d), t) = calendar(self.local_ms + (self.now_ms() - self.start_ms));
        ClockStart::from_calendar((y, mo, d), t)
    }
}

/// A calendar date: year, month, day.
pub type Ymd = (i32, u32, u32);
/// A time of day: hour, minute, second, nanoseconds.
pub type Hmsn = (u32, u32, u32, u32);

/// Milliseconds since 1970-01-01 00:00 as a calendar date and time of day.
pub fn calendar(ms: f64) -> (Ymd, Hmsn) {
    let ms = if ms.is_finite() { ms.floor() as i64 } else { 0 };
    let days = ms.div_euclid(86_400_000);
    let in_day = ms.rem_euclid(86_400_000);
    let secs = in_day / 1000;
    let time = (
        (secs / 3600) as u32,
        (secs / 60 % 60) as u32,
        (secs % 60) as u32,
        (in_day % 1000 * 1_000_000) as u32,
    );
    (civil(days), time)
}

/// The proleptic Gregorian date `days` after 1970-01-01 (H. Hinnant's civil_from_days).
fn civil(days: i64) -> Ymd {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (
        year.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32,
        month,
        day,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_clock_moves_only_forward_and_carries_the_local_time() {
        // made at page time 5 s, when it was 1990-01-01 10:00 locally
        let c = PageClock::new(5000.0, 631_188_000_000.0);
        assert_eq!(c.monotonic(), Duration::from_secs(5));
        c.advance(65_250.0);
        c.advance(1_000.0);
        c.advance(f64::NAN);
        assert_eq!(c.monotonic(), Duration::from_millis(65_250));
        let l = c.local();
        assert_eq!((l.date.year, l.date.month, l.date.day), (1990, 1, 1));
        assert_eq!(l.time, (10, 1, 0, 25));
    }

    #[test]
    fn a_live_clock_reads_its_source_at_every_question() {
        use std::sync::atomic::{AtomicU64, Ordering};
        static NOW: AtomicU64 = AtomicU64::new(1000);
        let c = PageClock::live(|| NOW.load(Ordering::Relaxed) as f64, 0.0);
        assert_eq!(c.monotonic(), Duration::from_secs(1));
        NOW.store(2500, Ordering::Relaxed);
        assert_eq!(c.monotonic(), Duration::from_millis(2500));
        NOW.store(2000, Ordering::Relaxed);
        assert_eq!(
            c.monotonic(),
            Duration::from_millis(2500),
            "never backwards"
        );
        assert_eq!(c.local().time, (0, 0, 1, 50));
    }

    #[test]
    fn dates_and_times_of_known_moments() {
        assert_eq!(calendar(0.0), ((1970, 1, 1), (0, 0, 0, 0)));
        // 2000-02-29 23:59:59.990 (a leap day of a year divisible by 400)
        assert_eq!(
            calendar(951_868_799_990.0),
            ((2000, 2, 29), (23, 59, 59, 990_000_000))
        );
        // 1990-01-01 10:00, where the real-GW suite starts its clock
        assert_eq!(calendar(631_188_000_000.0), ((1990, 1, 1), (10, 0, 0, 0)));
        // 2100-03-01 (2100 is no leap year)
        assert_eq!(calendar(4_107_542_400_000.0), ((2100, 3, 1), (0, 0, 0, 0)));
        assert_eq!(calendar(-1.0), ((1969, 12, 31), (23, 59, 59, 999_000_000)));
        assert_eq!(calendar(f64::NAN), ((1970, 1, 1), (0, 0, 0, 0)));
    }

    fn days_in(y: i32, m: u32) -> u32 {
        let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
        [
            31,
            if leap { 29 } else { 28 },
            31,
            30,
            31,
            30,
            31,
            31,
            30,
            31,
            30,
            31,
        ][m as usize - 1]
    }

    #[test]
    fn every_day_follows_the_one_before() {
        let mut last = civil(-1);
        for d in 0..200_000 {
            let (y, m, day) = civil(d);
            let next_day = (y, m, day) == (last.0, last.1, last.2 + 1);
            let next_month = day == 1
                && last.2 == days_in(last.0, last.1)
                && ((y, m) == (last.0, last.1 + 1) || (y, m, last.1) == (last.0 + 1, 1, 12));
            assert!(next_day || next_month, "{last:?} then {:?}", (y, m, day));
            last = (y, m, day);
        }
    }
}
