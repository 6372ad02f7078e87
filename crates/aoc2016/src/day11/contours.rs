//! A* contour by contour over densely numbered states: the search beyond the table.
//!
//! ## Why contours
//! Every ride crosses exactly one floor boundary and changes that boundary's share of the
//! lower bound by exactly one (see [`State::lower_bound`]); no other share changes. So along
//! any ride `g` grows by one and the bound `h` moves by exactly one: `f = g + h` stays the
//! same (a *tight* ride) or grows by two. A* with this bound therefore expands states in
//! contours `f = h(start), h(start) + 2, ...`, and within a contour the order does not
//! matter: every state first reached by tight rides in contour `f` has `g = f - h`, its
//! fewest rides from the start (a cheaper path would give it a smaller `f`, and all of a
//! smaller contour was explored before). So the search keeps no `g` and no priority queue:
//!
//! * a stack for the current contour, explored depth-first (rides in the order
//!   [`State::successors`] gives, the most promising first), so when the goal is in it the
//!   search runs towards it as the old bounded descent did;
//! * a list for the next contour (states one non-tight ride away), kept free of duplicates
//!   by a pending bit;
//! * one byte per state in a flat array numbered by [`DenseIndex`], saying which contour
//!   (modulo three) first reached it: no hashing, and about 13 MB at 30 pairs, decided
//!   before the search starts.
//!
//! The first contour is exactly the states a path costing the lower bound can pass
//! through, so a layout whose answer is the bound is found there, certified optimal. A
//! layout with no solution ends when a contour adds nothing new: every state reachable from
//! the start has been seen.
//!
//! ## The path back
//! Neighbours' best `f` differ by at most two, so the contour residue of a neighbour tells
//! its contour exactly, hence its `g = f - h`. Rides can be undone, so walking back from the
//! goal to a neighbour whose `g` is one less, again and again, reaches the start.

use aoc2016_day11_model::dense::{DenseIndex, NumberSet};
use search_core::Stats;

use super::model::State;

/// A state not reached yet; reached states hold `1 + contour % 3`.
const UNSEEN: u8 = 0;

fn mark(contour: u32) -> u8 {
    1 + (contour % 3) as u8
}

/// What the search leaves behind: enough to answer, and to walk a path back.
struct Contours {
    index: DenseIndex,
    /// Per state number: [`UNSEEN`], or the [`mark`] of the contour that first reached it.
    marks: Vec<u8>,
    /// The first contour's `f`: the start's lower bound.
    first_f: u32,
}

/// The fewest rides from `start` (which must be safe, numbered by `index`) to the goal;
/// `None` when no sequence of rides reaches it.
pub(super) fn fewest_rides(start: State, index: DenseIndex, stats: &mut Stats) -> Option<u32> {
    search(start, index, stats).map(|(_, _, rides)| rides)
}

/// A fewest-rides path from `start` (which must be safe, numbered by `index`) to the goal,
/// both included.
pub(super) fn shortest_path(start: State, index: DenseIndex, stats: &mut Stats) -> Option<Vec<State>> {
    let (contours, goal, rides) = search(start, index, stats)?;
    let mut path = vec![goal];
    let mut contour = (rides - contours.first_f) / 2;
    for g in (0..rides).rev() {
        let Some(&here) = path.last() else { break };
        let back = here.successors().find_map(|p| {
            let c = contours.contour_near(p, contour)?;
            (contours.first_f + 2 * c == g + p.lower_bound()).then_some((p, c))
        });
        // Every ride can be undone, so the state `here` was first reached from is among its
        // neighbours, one ride nearer.
        #[allow(clippy::expect_used)]
        let (p, c) = back.expect("rides can be undone, so a state one ride nearer the start is a neighbour");
        path.push(p);
        contour = c;
    }
    path.reverse();
    Some(path)
}

impl Contours {
    /// The contour that first reached `state`, a neighbour of a state of contour `near`:
    /// neighbours' contours differ by at most one, so the residue decides. `None` if the
    /// search never reached `state`.
    fn contour_near(&self, state: State, near: u32) -> Option<u32> {
        let residue = match self.marks[self.index.index(state)] {
            UNSEEN => return None,
            m => u32::from(m - 1),
        };
        match (residue + 3 - near % 3) % 3 {
            0 => Some(near),
            1 => Some(near + 1),
            _ => near.checked_sub(1),
        }
    }
}

/// Contour by contour until the goal: the marks, the goal state and its rides.
fn search(start: State, index: DenseIndex, stats: &mut Stats) -> Option<(Contours, State, u32)> {
    let mut marks = vec![UNSEEN; index.len()];
    let mut pending = NumberSet::new(index.len());
    let first_f = start.lower_bound();
    let mut next = vec![start];
    let mut stack = Vec::new();
    let mut tight = Vec::with_capacity(64);
    for contour in 0.. {
        if next.is_empty() {
            return None;
        }
        let f = first_f + 2 * contour;
        for s in next.drain(..) {
            let i = index.index(s);
            pending.remove(i);
            if marks[i] == UNSEEN {
                marks[i] = mark(contour);
                if s.is_goal() {
                    return Some((Contours { index, marks, first_f }, s, f));
                }
                stack.push(s);
            }
        }
        while let Some(s) = stack.pop() {
            stats.expanded += 1;
            stats.peak_frontier = stats.peak_frontier.max(stack.len() + next.len() + 1);
            let h = s.lower_bound();
            for t in s.successors() {
                stats.generated += 1;
                let i = index.index(t);
                if marks[i] != UNSEEN {
                    continue;
                }
                if t.lower_bound() < h {
                    marks[i] = mark(contour);
                    if t.is_goal() {
                        return Some((Contours { index, marks, first_f }, t, f));
                    }
                    tight.push(t);
                } else if pending.insert(i) {
                    next.push(t);
                }
            }
            // Popped last-in first: push the most promising ride last.
            stack.extend(tight.drain(..).rev());
        }
    }
    None
}
