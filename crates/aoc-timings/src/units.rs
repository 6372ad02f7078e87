//! Durations and sizes in the unit that fits.

/// A time in nanoseconds, possibly fractional (a batched per-call figure): `0.85 ns`,
/// `42.5 ns`, `3.14 µs`; three significant digits, in the unit the *rounded* value fits,
/// so that 999.7 ns is `1.00 µs`, never `1000 ns`.
pub fn nanos(ns: f64) -> String {
    const UNITS: [(&str, f64); 4] = [("ns", 1.0), ("µs", 1e3), ("ms", 1e6), ("s", 1e9)];
    let mut unit = UNITS.iter().rposition(|&(_, scale)| ns >= scale).unwrap_or(0);
    if ns / UNITS[unit].1 >= 999.5 && unit + 1 < UNITS.len() {
        unit += 1;
    }
    let (name, scale) = UNITS[unit];
    format!("{} {name}", three_digits(ns / scale))
}

/// `value` with three significant digits (more above 999): `3.14`, `42.0`, `812`; a value
/// that rounds up to the next decade gets that decade's digits (`9.996` is `10.0`).
pub(crate) fn three_digits(value: f64) -> String {
    let decimals = if value < 9.995 {
        2
    } else if value < 99.95 {
        1
    } else {
        0
    };
    format!("{value:.decimals$}")
}

/// `0 B`, `812 B`, `3.14 KiB`, `42.0 MiB`, `1.25 GiB`; like [`nanos`], a size that rounds
/// to 1024 of a unit is shown in the next one.
pub fn bytes(n: u64) -> String {
    if n < 1024 {
        return format!("{n} B");
    }
    let mut value = n as f64 / 1024.0;
    let mut unit = "KiB";
    for bigger in ["MiB", "GiB", "TiB"] {
        if value < 1023.5 {
            break;
        }
        value /= 1024.0;
        unit = bigger;
    }
    format!("{} {unit}", three_digits(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_unit_that_fits() {
        assert_eq!(nanos(42_049_000.0), "42.0 ms");
        assert_eq!(nanos(999_999.0), "1.00 ms");
        assert_eq!(nanos(1.25e9), "1.25 s");
        assert_eq!(nanos(0.0), "0.00 ns");
        assert_eq!(nanos(0.854), "0.85 ns");
        assert_eq!(nanos(42.46), "42.5 ns");
        assert_eq!(nanos(812.0), "812 ns");
        assert_eq!(nanos(3_140.0), "3.14 µs");
        // Rounded first, then placed: never `1000 ns` beside `1.00 µs`, nor `10.00`.
        assert_eq!(nanos(999.4), "999 ns");
        assert_eq!(nanos(999.6), "1.00 µs");
        assert_eq!(nanos(999_700.0), "1.00 ms");
        assert_eq!(nanos(9.996), "10.0 ns");
        assert_eq!(nanos(99.96), "100 ns");
        assert_eq!(nanos(2.5e12), "2500 s");
        for exponent in 0..120 {
            let shown = nanos(10f64.powf(exponent as f64 / 10.0));
            let digits: String = shown.chars().filter(char::is_ascii_digit).collect();
            assert!(digits.len() <= 3 || shown.ends_with(" s"), "{shown}");
            assert!(!shown.starts_with("1000 "), "{shown}");
        }
    }

    #[test]
    fn sizes_in_binary_units() {
        assert_eq!(bytes(0), "0 B");
        assert_eq!(bytes(1023), "1023 B");
        assert_eq!(bytes(1024), "1.00 KiB");
        assert_eq!(bytes(3 * 1024 * 1024 + 512 * 1024), "3.50 MiB");
        assert_eq!(bytes(300 << 30), "300 GiB");
        assert_eq!(bytes(1024 * 1024 - 1), "1.00 MiB", "not 1024 KiB");
        assert_eq!(bytes(1023 * 1024), "1023 KiB");
    }
}
