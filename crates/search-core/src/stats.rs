//! Search statistics.

use std::fmt;

/// What a search did, filled in by a [`Search`](crate::Search) given it with
/// [`Search::stats`](crate::Search::stats).
///
/// The counters accumulate, so one `Stats` can sum several searches.
///
/// ```
/// use search_core::{Search, Stats};
/// let mut stats = Stats::default();
/// let steps = |&n: &u32| [(n + 1, 1u32), (n + 2, 1)];
/// for goal in [3, 4] {
///     Search::new(&0, steps, |&n| n == goal).stats(&mut stats).cost();
/// }
/// assert!(stats.expanded > 0 && stats.generated >= stats.expanded);
/// assert!(stats.to_string().starts_with(&format!("{} expanded", stats.expanded)));
/// ```
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// States taken off the frontier and expanded (their successors generated).
    pub expanded: u64,
    /// Successor states produced by the `successors` closure, duplicates included.
    pub generated: u64,
    /// The largest number of entries the frontier held at one time.
    pub peak_frontier: usize,
    /// States dropped when first reached because the heuristic called them dead ends (see
    /// [`Estimate`](crate::Estimate)); they count as generated, never as expanded.
    pub dead_ends: u64,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} expanded, {} generated, peak frontier {}", self.expanded, self.generated, self.peak_frontier)?;
        if self.dead_ends > 0 {
            write!(f, ", {} dead ends", self.dead_ends)?;
        }
        Ok(())
    }
}

/// Where the search loops report progress: [`Stats`] counts, `()` ignores everything, so the
/// plain functions, which take no `Stats`, pay nothing for statistics.
pub(crate) trait Recorder {
    /// A state was taken off the frontier and expanded.
    fn expanded(&mut self);
    /// A successor was produced.
    fn generated(&mut self);
    /// The frontier holds `len` entries.
    fn frontier(&mut self, len: usize);
    /// A state was dropped as a dead end.
    fn dead_end(&mut self);
}

impl Recorder for () {
    #[inline(always)]
    fn expanded(&mut self) {}
    #[inline(always)]
    fn generated(&mut self) {}
    #[inline(always)]
    fn frontier(&mut self, _: usize) {}
    #[inline(always)]
    fn dead_end(&mut self) {}
}

impl Recorder for Stats {
    #[inline]
    fn expanded(&mut self) {
        self.expanded += 1;
    }
    #[inline]
    fn generated(&mut self) {
        self.generated += 1;
    }
    #[inline]
    fn frontier(&mut self, len: usize) {
        self.peak_frontier = self.peak_frontier.max(len);
    }
    #[inline]
    fn dead_end(&mut self) {
        self.dead_ends += 1;
    }
}

/// Runs `search` recording into `stats`, or into a `Stats` of its own that is dropped after
/// (a configured search that was not asked for statistics): one loop, counting either way.
#[inline(always)]
pub(crate) fn recording_into<T>(stats: Option<&mut Stats>, search: impl FnOnce(&mut Stats) -> T) -> T {
    let mut own = Stats::default();
    search(stats.unwrap_or(&mut own))
}
