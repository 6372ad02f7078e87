//! Time for puzzles: when a puzzle unlocks, and moments as text.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::DayId;

/// When a puzzle unlocks: midnight UTC-5 (05:00 UTC) on its day of December.
pub fn unlock_time(id: DayId) -> SystemTime {
    let days = days_from_civil(i64::from(id.year), 12, i64::from(id.day));
    UNIX_EPOCH + Duration::from_secs((days * 86_400 + 5 * 3600) as u64)
}

/// How long until `id` unlocks, or `None` once it has.
pub fn until_unlock(id: DayId, now: SystemTime) -> Option<Duration> {
    unlock_time(id).duration_since(now).ok().filter(|wait| !wait.is_zero())
}

/// `2026-12-01T05:03:12Z` for seconds since the Unix epoch.
pub fn rfc3339(seconds: u64) -> String {
    let (y, m, d) = civil_from_days((seconds / 86_400) as i64);
    let s = seconds % 86_400;
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", s / 3600, s % 3600 / 60, s % 60)
}

/// Seconds since the Unix epoch, now.
pub fn now_seconds() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// `3 s`, `4 min 5 s`, `2 h 7 min`, `3 days 4 h`.
pub fn human(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..=59 => format!("{s} s"),
        60..=3599 => format!("{} min {} s", s / 60, s % 60),
        3600..=86_399 => format!("{} h {} min", s / 3600, s % 3600 / 60),
        _ => format!("{} days {} h", s / 86_400, s % 86_400 / 3600),
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day count since 1970-01-01: the inverse of [`days_from_civil`].
pub fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn puzzles_unlock_at_midnight_utc_minus_five() {
        let id = DayId { year: 2016, day: 11 };
        assert_eq!(rfc3339(unlock_time(id).duration_since(UNIX_EPOCH).unwrap().as_secs()), "2016-12-11T05:00:00Z");
        let before = unlock_time(id) - Duration::from_secs(90);
        assert_eq!(until_unlock(id, before), Some(Duration::from_secs(90)));
        assert_eq!(until_unlock(id, unlock_time(id)), None);
    }

    #[test]
    fn dates_round_trip() {
        for days in [-800_000, -1, 0, 59, 10_000, 20_000, 2_000_000] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
        assert_eq!(rfc3339(1_700_000_000), "2023-11-14T22:13:20Z");
        assert_eq!(human(Duration::from_secs(63)), "1 min 3 s");
    }
}
