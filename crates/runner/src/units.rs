//! Durations in the unit that fits.

use std::time::Duration;

/// `812 ns`, `3.1 µs`, `42.0 ms`, `1.25 s`: three significant digits at most.
pub fn duration(d: Duration) -> String {
    let ns = d.as_nanos() as f64;
    let (value, unit) = if ns < 1e3 {
        return format!("{} ns", d.as_nanos());
    } else if ns < 1e6 {
        (ns / 1e3, "µs")
    } else if ns < 1e9 {
        (ns / 1e6, "ms")
    } else {
        (ns / 1e9, "s")
    };
    let decimals = if value < 10.0 {
        2
    } else if value < 100.0 {
        1
    } else {
        0
    };
    format!("{value:.decimals$} {unit}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_unit_that_fits() {
        assert_eq!(duration(Duration::from_nanos(812)), "812 ns");
        assert_eq!(duration(Duration::from_nanos(3_140)), "3.14 µs");
        assert_eq!(duration(Duration::from_nanos(42_049_000)), "42.0 ms");
        assert_eq!(duration(Duration::from_nanos(999_999)), "1000 µs");
        assert_eq!(duration(Duration::from_millis(1_250)), "1.25 s");
        assert_eq!(duration(Duration::ZERO), "0 ns");
    }
}
