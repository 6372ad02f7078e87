//! The numeric trait edge costs must satisfy.

use std::fmt::Debug;
use std::ops::Add;

/// An edge or path cost: totally ordered, copyable, with a zero.
///
/// Implemented for every primitive integer type. Costs must be non-negative for Dijkstra and
/// A* to be correct; the searches do not check this.
///
/// ```
/// use search_core::{dijkstra_cost, Cost};
/// fn free<C: Cost>() -> C {
///     C::ZERO
/// }
/// assert_eq!(free::<u8>(), 0);
/// // Any integer type serves as a cost, signed ones too (kept non-negative).
/// assert_eq!(dijkstra_cost(&0i64, |&n: &i64| [(n + 1, 2i64)], |&n| n == 3), Some(6));
/// ```
pub trait Cost: Copy + Ord + Add<Output = Self> + Debug {
    /// The cost of the empty path.
    const ZERO: Self;

    /// The cost as an unsigned integer with the same order (`a < b` exactly when
    /// `a.order_key() < b.order_key()`), which lets the searches bucket costs by their bits.
    fn order_key(self) -> u128;
}

macro_rules! impl_unsigned {
    ($($t:ty),*) => { $(impl Cost for $t {
        const ZERO: Self = 0;
        #[inline]
        fn order_key(self) -> u128 {
            self as u128
        }
    })* };
}

macro_rules! impl_signed {
    ($($t:ty),*) => { $(impl Cost for $t {
        const ZERO: Self = 0;
        #[inline]
        fn order_key(self) -> u128 {
            // Flipping the sign bit of the two's complement maps MIN..=MAX onto 0..=u128::MAX in order.
            (self as i128 as u128) ^ (1 << 127)
        }
    })* };
}

impl_unsigned!(u8, u16, u32, u64, u128, usize);
impl_signed!(i8, i16, i32, i64, i128, isize);

#[cfg(test)]
mod tests {
    use super::Cost;

    #[test]
    fn order_keys_keep_the_order_of_costs() {
        let signed = [i64::MIN, -5, -1, 0, 1, 7, i64::MAX];
        for w in signed.windows(2) {
            assert!(w[0].order_key() < w[1].order_key(), "{w:?}");
        }
        let unsigned = [0u128, 1, 2, u128::MAX - 1, u128::MAX];
        for w in unsigned.windows(2) {
            assert!(w[0].order_key() < w[1].order_key(), "{w:?}");
        }
    }
}
