//! Durations and sizes in the unit that fits.

use std::time::Duration;

/// `812 ns`, `3.1 µs`, `42.0 ms`, `1.25 s`: three significant digits at most.
pub fn duration(d: Duration) -> String {
    if d.as_nanos() < 1000 {
        return format!("{} ns", d.as_nanos());
    }
    nanos(d.as_nanos() as f64)
}

/// A time in nanoseconds, possibly fractional (a batched per-call figure): `0.85 ns`,
/// `42.5 ns`, `3.14 µs`; three significant digits.
pub fn nanos(ns: f64) -> String {
    let (value, unit) = if ns < 1e3 {
        (ns, "ns")
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

/// `0 B`, `812 B`, `3.14 KiB`, `42.0 MiB`, `1.25 GiB`.
pub fn bytes(n: u64) -> String {
    if n < 1024 {
        return format!("{n} B");
    }
    let mut value = n as f64 / 1024.0;
    let mut unit = "KiB";
    for bigger in ["MiB", "GiB", "TiB"] {
        if value < 1024.0 {
            break;
        }
        value /= 1024.0;
        unit = bigger;
    }
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
        assert_eq!(nanos(0.854), "0.85 ns");
        assert_eq!(nanos(42.46), "42.5 ns");
        assert_eq!(nanos(812.0), "812 ns");
        assert_eq!(nanos(3_140.0), "3.14 µs");
    }

    #[test]
    fn sizes_in_binary_units() {
        assert_eq!(bytes(0), "0 B");
        assert_eq!(bytes(1023), "1023 B");
        assert_eq!(bytes(1024), "1.00 KiB");
        assert_eq!(bytes(3 * 1024 * 1024 + 512 * 1024), "3.50 MiB");
        assert_eq!(bytes(300 << 30), "300 GiB");
    }
}
