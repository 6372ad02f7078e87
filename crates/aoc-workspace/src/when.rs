//! Time for puzzles: when a puzzle unlocks, which puzzle is today's, the clock (which tests
//! may set), and moments as text.

use std::sync::OnceLock;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use toml_edit::{Datetime, Offset};

use crate::{DayId, FIRST_YEAR};

/// When a puzzle unlocks: midnight UTC-5 (05:00 UTC) on its day of December.
pub fn unlock_time(id: DayId) -> SystemTime {
    let days = days_from_civil(i64::from(id.year), 12, i64::from(id.day));
    UNIX_EPOCH + Duration::from_secs((days * 86_400 + 5 * 3600) as u64)
}

/// How long until `id` unlocks, or `None` once it has.
pub fn until_unlock(id: DayId, now: SystemTime) -> Option<Duration> {
    unlock_time(id).duration_since(now).ok().filter(|wait| !wait.is_zero())
}

/// How close an unlock must be for `today` to wait for it rather than take the day before.
pub const NEAR: Duration = Duration::from_secs(3600);

/// The puzzle `cargo xtask today` works on at `now`: the one unlocking within [`NEAR`] (to
/// wait for), else the one unlocked today at UTC-5; outside the season, the sentence that
/// says when the next one unlocks.
pub fn todays_puzzle(now: SystemTime) -> Result<DayId, String> {
    let (year, month, day) = date_at_utc_minus_five(now);
    let (year, day) = (u16::try_from(year).unwrap_or(0), u8::try_from(day).unwrap_or(0));
    let current = (month == 12 && year >= FIRST_YEAR && day <= DayId::last_day(year)).then_some(DayId { year, day });
    let next = match (month, year.max(FIRST_YEAR)) {
        (12, year) if day < DayId::last_day(year) => DayId { year, day: day + 1 },
        (12, year) => DayId { year: year + 1, day: 1 },
        (_, year) => DayId { year, day: 1 },
    };
    let wait = until_unlock(next, now).unwrap_or_default();
    match current {
        _ if wait <= NEAR => Ok(next),
        Some(current) => Ok(current),
        None => {
            Err(format!("No puzzle today: the next, {next}, unlocks at {} (in {}).", unlock_rfc3339(next), human(wait)))
        }
    }
}

/// When `id` unlocks, as `2026-12-01T05:00:00Z`.
pub fn unlock_rfc3339(id: DayId) -> String {
    rfc3339(unlock_time(id).duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()))
}

/// The date at UTC-5, where the puzzles' days begin.
fn date_at_utc_minus_five(now: SystemTime) -> (i64, i64, i64) {
    let seconds = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    civil_from_days((seconds.saturating_sub(5 * 3600) / 86_400) as i64)
}

/// The environment variable that sets the clock, for tests: an RFC 3339 time.
pub const CLOCK_VARIABLE: &str = "AOC_NOW";

/// Now: the system clock, or, when `AOC_NOW` holds an RFC 3339 time, that time plus how long
/// this process has run since it first asked, so that waits still pass. An `AOC_NOW` that is
/// not such a time is an error, not the system clock in silence.
pub fn now() -> Result<SystemTime, String> {
    static STARTED: OnceLock<Instant> = OnceLock::new();
    let started = *STARTED.get_or_init(Instant::now);
    match std::env::var(CLOCK_VARIABLE) {
        Err(_) => Ok(SystemTime::now()),
        Ok(text) => Ok(set_clock(&text, SystemTime::now())? + started.elapsed()),
    }
}

/// The moment `AOC_NOW=text` sets, at the real moment `real`: an RFC 3339 time in a year
/// the site has (see [`check_event_year`]).
fn set_clock(text: &str, real: SystemTime) -> Result<SystemTime, String> {
    let set = parse_rfc3339(text)
        .ok_or_else(|| format!("{CLOCK_VARIABLE}={text:?} is not an RFC 3339 time (e.g. 2026-12-01T04:59:00Z)"))?;
    let (year, _, _) = date_at_utc_minus_five(set);
    let latest = latest_event_year(real);
    if !(i64::from(FIRST_YEAR)..=i64::from(latest)).contains(&year) {
        return Err(format!(
            "{CLOCK_VARIABLE}={text:?} is outside the years Advent of Code has ({FIRST_YEAR} to {latest})"
        ));
    }
    Ok(set)
}

/// The last year the site has or is about to have an event for, at the real moment `now`:
/// this year's (its December is the current or the coming one).
fn latest_event_year(now: SystemTime) -> u16 {
    u16::try_from(date_at_utc_minus_five(now).0).unwrap_or(u16::MAX)
}

/// Refuses a year the site has no event for (before 2015, or after the current December,
/// by the real clock): nothing is to be scaffolded, fetched or waited for there.
pub fn check_event_year(year: u16) -> Result<(), String> {
    let latest = latest_event_year(SystemTime::now());
    if (FIRST_YEAR..=latest).contains(&year) {
        Ok(())
    } else {
        Err(format!("{year} has no Advent of Code: the events run from {FIRST_YEAR} to {latest}"))
    }
}

/// An RFC 3339 time (`2026-12-01T04:59:00Z`, `2026-11-30T23:59:00-05:00`, fractions of a
/// second allowed), at or after 1970, as TOML writes one (`toml_edit`'s reading: impossible
/// dates are refused, not rolled over).
pub fn parse_rfc3339(text: &str) -> Option<SystemTime> {
    let Datetime { date: Some(date), time: Some(time), offset: Some(offset) } = text.trim().parse().ok()? else {
        return None;
    };
    let offset_minutes = match offset {
        Offset::Z => 0,
        Offset::Custom { minutes } => i64::from(minutes),
    };
    let days = days_from_civil(date.year.into(), date.month.into(), date.day.into());
    let minutes = days * 1440 + i64::from(time.hour) * 60 + i64::from(time.minute) - offset_minutes;
    let seconds = u64::try_from(minutes * 60 + i64::from(time.second.unwrap_or(0))).ok()?;
    Some(UNIX_EPOCH + Duration::from_secs(seconds) + Duration::from_nanos(time.nanosecond.unwrap_or(0).into()))
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

    fn at(text: &str) -> SystemTime {
        parse_rfc3339(text).unwrap()
    }

    fn id(year: u16, day: u8) -> DayId {
        DayId { year, day }
    }

    #[test]
    fn clock_times_are_read_as_rfc_3339() {
        assert_eq!(at("2026-12-01T05:00:00Z"), unlock_time(id(2026, 1)));
        assert_eq!(at("2026-12-01T00:00:00-05:00"), unlock_time(id(2026, 1)));
        assert_eq!(at("2026-12-01T06:30:00+01:30"), unlock_time(id(2026, 1)));
        assert_eq!(at("2026-12-01T04:59:59.5Z"), unlock_time(id(2026, 1)) - Duration::from_millis(500));
        for bad in ["", "2026-12-01", "2026-12-01T05:00:00", "2026-13-01T00:00:00Z", "noon", "2026-12-01T25:00:00Z"] {
            assert_eq!(parse_rfc3339(bad), None, "{bad}");
        }
        // Impossible dates are refused, not rolled over into the next month.
        for impossible in
            ["2026-02-31T00:00:00Z", "2026-02-29T00:00:00Z", "2026-11-31T00:00:00Z", "2100-02-29T00:00:00Z"]
        {
            assert_eq!(parse_rfc3339(impossible), None, "{impossible}");
        }
        assert!(parse_rfc3339("2024-02-29T00:00:00Z").is_some() && parse_rfc3339("2000-02-29T00:00:00Z").is_some());
    }

    #[test]
    fn today_waits_for_a_near_unlock_and_takes_the_day_otherwise() {
        // The day's puzzle, and how long until it unlocks (`None`: unlocked).
        let today = |now: &str| todays_puzzle(at(now)).map(|id| (id, until_unlock(id, at(now))));
        // A minute before 2026's first puzzle: wait for it.
        assert_eq!(today("2026-12-01T04:59:00Z"), Ok((id(2026, 1), Some(Duration::from_secs(60)))));
        // Midday on the 5th (UTC-5): the 5th's puzzle.
        assert_eq!(today("2026-12-05T17:00:00Z"), Ok((id(2026, 5), None)));
        // Just before midnight on the 5th: the 6th's, soon.
        assert_eq!(today("2026-12-06T04:30:00Z"), Ok((id(2026, 6), Some(Duration::from_secs(1800)))));
        // 12 puzzles from 2025 on, 25 before.
        assert!(today("2026-12-20T17:00:00Z")
            .unwrap_err()
            .contains("the next, 2027-1, unlocks at 2027-12-01T05:00:00Z (in 345 days 12 h)"));
        assert_eq!(today("2024-12-20T17:00:00Z"), Ok((id(2024, 20), None)));
        // The last day stays today's until the season ends with it.
        assert_eq!(today("2026-12-13T04:59:00Z"), Ok((id(2026, 12), None)));
        // November: the first of December, unless within the hour.
        assert_eq!(
            todays_puzzle(at("2026-11-26T21:00:00Z")),
            Err("No puzzle today: the next, 2026-1, unlocks at 2026-12-01T05:00:00Z (in 4 days 8 h).".to_string())
        );
    }

    #[test]
    fn only_the_years_the_site_has_are_taken() {
        let latest = latest_event_year(SystemTime::now());
        assert!(latest >= 2026, "{latest}");
        assert_eq!(latest_event_year(at("2026-12-31T12:00:00Z")), 2026);
        assert_eq!(latest_event_year(at("2027-01-01T04:00:00Z")), 2026, "still the 31st at UTC-5");
        assert!(check_event_year(2015).is_ok() && check_event_year(latest).is_ok());
        let real = at("2026-11-27T09:00:00Z");
        assert_eq!(set_clock("2026-12-01T04:59:00Z", real), Ok(at("2026-12-01T04:59:00Z")));
        for far in ["2101-12-01T05:00:00Z", "2027-12-01T05:00:00Z", "2014-12-01T05:00:00Z"] {
            let err = set_clock(far, real).unwrap_err();
            assert_eq!(err, format!("AOC_NOW={far:?} is outside the years Advent of Code has (2015 to 2026)"));
        }
        // RFC 3339 years have four digits.
        for bad in ["2026-02-31T00:00:00Z", "99999-12-01T05:00:00Z"] {
            assert!(set_clock(bad, real).unwrap_err().contains("is not an RFC 3339 time"), "{bad}");
        }
        for year in [2014, latest + 1, 2101, u16::MAX] {
            let err = check_event_year(year).unwrap_err();
            assert_eq!(err, format!("{year} has no Advent of Code: the events run from 2015 to {latest}"));
        }
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
