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

/// Where the search loops report progress: [`Stats`] counts, `()` ignores everything, so a
/// search without [`Search::stats`](crate::Search::stats) pays nothing for statistics.
/// Sealed (see [`config`](crate::config)).
///
/// ```
/// use search_core::config::Recorder;
/// use search_core::Stats;
/// fn one_step<R: Recorder>(rec: &mut R) {
///     rec.expanded();
///     rec.generated();
///     rec.frontier(3);
/// }
/// let mut stats = Stats::default();
/// one_step(&mut stats);
/// one_step(&mut ());
/// assert_eq!((stats.expanded, stats.generated, stats.peak_frontier), (1, 1, 3));
/// ```
pub trait Recorder: crate::sealed::Sealed {
    /// A state was taken off the frontier and expanded.
    fn expanded(&mut self);
    /// A successor was produced.
    fn generated(&mut self);
    /// The frontier holds `len` entries.
    fn frontier(&mut self, len: usize);
    /// A state was dropped as a dead end.
    fn dead_end(&mut self);
}

impl crate::sealed::Sealed for () {}
impl crate::sealed::Sealed for Stats {}
impl crate::sealed::Sealed for &mut Stats {}

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

/// What a [`Search`](crate::Search) or a [`Numbered`](crate::Numbered) holds to record with:
/// nothing (`()`), or the caller's `&mut Stats` (what their `stats` method gives them),
/// handed to the search loop as one plain `&mut` (no pointer to a pointer to follow on every
/// count): the `R` of their types. Sealed (see [`config`](crate::config)).
///
/// ```
/// use search_core::config::Recording;
/// use search_core::{Search, Stats};
/// fn records<N, X, G, FS, R: Recording>(_: &Search<'_, N, X, G, FS, R>) {}
/// let mut stats = Stats::default();
/// let steps = |&n: &u32| [(n + 1, 1u32)];
/// records(&Search::new(&0, steps, |&n| n == 2));
/// let counted = Search::new(&0, steps, |&n| n == 2).stats(&mut stats);
/// records(&counted);
/// assert_eq!(counted.cost(), Some(2));
/// assert_eq!(stats.expanded, 2);
/// ```
pub trait Recording: crate::sealed::Sealed {
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
