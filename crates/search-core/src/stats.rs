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

/// Where the search algorithms report progress. `()` ignores everything, so a search without
/// [`Search::stats`](crate::Search::stats) pays nothing for statistics.
pub trait Recorder {
    fn expanded(&mut self);
    fn generated(&mut self);
    fn frontier(&mut self, len: usize);
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

/// What a [`Search`](crate::Search) holds to record with: nothing, or the caller's
/// [`Stats`], handed to the search loop as one plain `&mut` (no pointer to a pointer to
/// follow on every count).
pub trait Recording {
    /// What the search loop records into.
    type Into: Recorder;
    /// The recorder, borrowed for one search.
    fn recorder(&mut self) -> &mut Self::Into;
}

impl Recording for () {
    type Into = ();
    #[inline(always)]
    fn recorder(&mut self) -> &mut () {
        self
    }
}

impl Recording for &mut Stats {
    type Into = Stats;
    #[inline(always)]
    fn recorder(&mut self) -> &mut Stats {
        self
    }
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
