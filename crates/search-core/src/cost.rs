//! The numeric trait edge costs must satisfy.

use std::fmt::Debug;
use std::ops::Add;

/// An edge or path cost: totally ordered, copyable, with a zero.
///
/// Implemented for every primitive integer type. Costs must be non-negative for Dijkstra and
/// A* to be correct; the searches do not check this.
pub trait Cost: Copy + Ord + Add<Output = Self> + Debug {
    /// The cost of the empty path.
    const ZERO: Self;
}

macro_rules! impl_cost {
    ($($t:ty),*) => { $(impl Cost for $t { const ZERO: Self = 0; })* };
}

impl_cost!(u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize);
