//! The rules of the search: what a position settles at once, and which
//! moves it must look at. The question at every node is "does the first
//! player complete a set within `budget` more of its moves (in the strong
//! game, before the second player completes one)?".
//!
//! Each cut is sound for that question:
//! - horizon: with `d` moves left only sets missing at most `d` cells count;
//!   a move on a cell of no such set is a pass, never better than a real
//!   move (an extra cell never hurts its owner in these games), so both
//!   players' moves are confined to the cells of live sets in the horizon;
//! - threats: a player facing an immediate completion must block it (the
//!   threat-space cut: the only reply to a forcing move is the cell that
//!   stops it); two distinct completion cells win (or, against the first
//!   player, lose);
//! - Erdős–Selfridge: if the weights `2^-missing` of the live sets within
//!   the horizon sum below 1/2 (first to move) or 1 (second to move), the
//!   second player stops every one of them;
//! - pairing leaves: a second-player move after which the residual sets
//!   have a pairing (found by the SAT solver) stops every set for good;
//! - the must-play region (weak game): when the second player, were it to
//!   move, would have such a reply r with pairs P, a first-player move
//!   outside r and the cells of P loses (the second answers r, and P still
//!   stops every set, since the move took none of its cells), so only the
//!   moves inside that region are searched.

use super::hypergraph::{Cells, Hypergraph};
use super::order::MoveOrder;
use super::pairing;
use super::position::{scan, Position, Version, ONE};

/// What a node settles, or the moves to look at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expansion {
    /// The first player wins from here within the budget.
    Won,
    /// It does not; `paired` when a pairing leaf said so.
    Lost { paired: bool },
    /// The moves to search, most promising first.
    Moves(MoveOrder),
}

/// A second-player reply and the pairing it leaves, found for a position
/// with the first player to move: a first-player move outside `region`
/// (the reply's cell and the cells of the pairs) is answered by `reply`,
/// and loses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairedReply {
    pub reply: usize,
    pub pairs: Vec<(usize, usize)>,
    pub region: Cells,
}

/// The paired replies found at a position with the first player to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MustPlay {
    pub answers: Vec<PairedReply>,
}

impl MustPlay {
    /// The must-play region: the first player's moves that no paired reply
    /// answers (the intersection of their regions).
    pub fn region(&self) -> Cells {
        self.answers
            .iter()
            .fold(Cells::MAX, |cells, answer| cells & answer.region)
    }

    /// The first paired reply answering a first-player move on `cell`.
    pub fn answer(&self, cell: usize) -> Option<&PairedReply> {
        self.answers
            .iter()
            .find(|answer| answer.region >> cell & 1 == 0)
    }
}

/// One game and the search settings that change the work, not the answer.
#[derive(Debug, Clone, Copy)]
pub struct Rules<'g> {
    pub graph: &'g Hypergraph,
    pub version: Version,
    /// Positions with fewer stones than this look for a pairing leaf when
    /// the second player is to move (0: never).
    pub pairing_plies: u32,
    /// Positions with fewer stones than this also ask the SAT solver for
    /// a pairing leaf when the quick search finds none.
    pub sat_plies: u32,
}

impl Rules<'_> {
    /// The budget that matters: no more first-player moves than free cells
    /// allow.
    pub fn budget(&self, position: Position, first_to_move: bool, budget: u32) -> u32 {
        let free = (self.graph.all() & !position.taken()).count_ones();
        let cap = if first_to_move {
            free.div_ceil(2)
        } else {
            free / 2
        };
        budget.min(cap)
    }

    pub fn pairing_wanted(&self, position: Position) -> bool {
        position.stones() < self.pairing_plies
    }

    /// The first player to move with `budget` (already capped);
    /// `try_pairing`: look for a pairing of the residual sets (the second
    /// player's forced block is such a node's only way in, so the reply
    /// search at the parent has not asked).
    pub fn expand_first(&self, position: Position, budget: u32, try_pairing: bool) -> Expansion {
        let lost = Expansion::Lost { paired: false };
        if budget == 0 {
            return lost;
        }
        let scan = scan(self.graph, self.version, position, budget, budget - 1);
        if scan.second_complete {
            return lost;
        }
        if scan.first_threats != 0 {
            return Expansion::Won;
        }
        if budget == 1 || scan.second_threats.count_ones() >= 2 {
            return lost;
        }
        if scan.second_threats != 0 {
            return Expansion::Moves(MoveOrder::single(
                scan.second_threats.trailing_zeros() as usize
            ));
        }
        if scan.first_relevant == 0 || scan.horizon_weight < ONE / 2 {
            return lost;
        }
        let must = self.must_play(position);
        let pairing_likely = must.is_some() || self.version != Version::Weak;
        if try_pairing && pairing_likely && self.pairing(position).is_some() {
            return Expansion::Lost { paired: true };
        }
        let mut candidates = scan.first_relevant | scan.second_relevant;
        if let Some(must) = must {
            candidates &= must.region();
            if candidates == 0 {
                return Expansion::Lost { paired: true };
            }
        }
        Expansion::Moves(self.move_order(position, candidates, budget, true))
    }

    /// The must-play region of a position with the first player to move
    /// (module text): asked in the weak game below the pairing plies, of
    /// the quick finder only, every paired reply it finds among the
    /// replies it tries (on Snaky 9x7 the first one alone took the search
    /// from 42,815 nodes to 29,381, all of them to 17,364; more replies or
    /// steps cost more than they saved, docs/prover.md). The first player
    /// has no completion here (the caller has settled those), so its move
    /// cannot end the game before the second player's answer.
    pub fn must_play(&self, position: Position) -> Option<MustPlay> {
        if self.version != Version::Weak || !self.pairing_wanted(position) {
            return None;
        }
        let found = pairing::replies_with_pairings(
            &self.residual(position),
            pairing::Effort::QUICK,
            usize::MAX,
        );
        if found.is_empty() {
            return None;
        }
        let answers: Vec<PairedReply> = found
            .into_iter()
            .map(|(reply, pairs)| {
                let region = pairs
                    .iter()
                    .fold(1 << reply, |cells: Cells, &(a, b)| cells | 1 << a | 1 << b);
                PairedReply {
                    reply,
                    pairs,
                    region,
                }
            })
            .collect();
        Some(MustPlay { answers })
    }

    /// The second player to move, the first with `budget` moves after it
    /// (already capped); `try_pairing`: look for a pairing leaf.
    pub fn expand_second(&self, position: Position, budget: u32, try_pairing: bool) -> Expansion {
        let lost = Expansion::Lost { paired: false };
        if budget == 0 {
            return lost;
        }
        let scan = scan(self.graph, self.version, position, budget, budget);
        if scan.second_threats != 0 {
            return lost;
        }
        match scan.first_threats.count_ones() {
            0 => {}
            1 => {
                let block = scan.first_threats.trailing_zeros() as usize;
                return Expansion::Moves(MoveOrder::single(block));
            }
            _ => return Expansion::Won,
        }
        if scan.first_relevant == 0 || scan.horizon_weight < ONE {
            return lost;
        }
        if try_pairing && self.reply_pairing(position).is_some() {
            return Expansion::Lost { paired: true };
        }
        let candidates = scan.first_relevant | scan.second_relevant;
        Expansion::Moves(self.move_order(position, candidates, budget, false))
    }

    /// How hard to look for a pairing leaf at `position`.
    pub fn pairing_effort(&self, position: Position) -> pairing::Effort {
        if position.stones() < self.sat_plies {
            pairing::Effort::THOROUGH
        } else {
            pairing::Effort::QUICK
        }
    }

    /// A second-player move leaving a pairing of the residual sets.
    pub fn reply_pairing(&self, position: Position) -> Option<(usize, Vec<(usize, usize)>)> {
        let residual = self.residual(position);
        pairing::find_with_reply(&residual, self.pairing_effort(position))
    }

    /// A pairing of the residual sets.
    pub fn pairing(&self, position: Position) -> Option<Vec<(usize, usize)>> {
        pairing::find(&self.residual(position), self.pairing_effort(position))
    }

    fn residual(&self, position: Position) -> Vec<Cells> {
        let graph = self.graph;
        pairing::residual(&graph.sets, position.first, position.second, graph.all())
    }

    /// The candidate cells in the search's order ([`MoveOrder::by_urgency`]).
    pub fn move_order(
        &self,
        position: Position,
        candidates: Cells,
        horizon: u32,
        first_to_move: bool,
    ) -> MoveOrder {
        MoveOrder::by_urgency(
            self.graph,
            self.version,
            position,
            candidates,
            horizon,
            first_to_move,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::shape::Shape;
    use crate::prove::hypergraph::members;

    #[test]
    fn a_double_threat_is_tried_first() {
        // Tic-tac-toe, X on 0 and 4, O on 8 and 1: X at 3 (threats at 5
        // and 6) and X at 6 (threats at 2 and 3) make two threats; 2 and 5
        // make one.
        let graph = Hypergraph::lines(3, 3, 3).unwrap();
        let rules = weak_rules(&graph, 0);
        let position = Position {
            first: 1 << 0 | 1 << 4,
            second: 1 << 8 | 1 << 1,
        };
        let free = graph.all() & !position.taken();
        let moves: Vec<usize> = rules.move_order(position, free, 3, true).collect();
        assert_eq!(moves[..2], [3, 6]);
        assert_eq!(moves[2..4], [2, 5]);
    }

    fn weak_rules(graph: &Hypergraph, pairing_plies: u32) -> Rules<'_> {
        Rules {
            graph,
            version: Version::Weak,
            pairing_plies,
            sat_plies: 0,
        }
    }

    #[test]
    fn a_move_outside_the_must_play_region_is_answered_by_a_pairing() {
        // Snaky on 6x6 after the first player's two moves and the second's
        // one: every first-player move the region leaves out is answered by
        // a paired reply that still stops every set after it.
        let graph = Shape::parse("snaky").unwrap().board(6, 6).unwrap();
        let rules = weak_rules(&graph, 16);
        let mut pruned = 0;
        for (a, b) in [(14, 15), (14, 21), (0, 7), (20, 27)] {
            let position = Position::EMPTY.with_first(a).with_second(b).with_first(8);
            let must = rules.must_play(position).expect("a paired reply");
            let free = graph.all() & !position.taken();
            let region = must.region();
            assert_ne!(region & free, free, "the region leaves a move out");
            for cell in members(free & !region) {
                let answer = must.answer(cell).expect("an answer outside the region");
                let after = position.with_first(cell).with_second(answer.reply);
                let residual =
                    pairing::residual(&graph.sets, after.first, after.second, graph.all());
                assert!(pairing::covers(&residual, &answer.pairs, None));
                pruned += 1;
            }
        }
        assert!(pruned > 0);
        // The strong game has no such region: the second player builds too.
        let strong = Rules {
            version: Version::Strong,
            ..rules
        };
        assert_eq!(strong.must_play(Position::EMPTY.with_first(14)), None);
    }

    #[test]
    fn the_forced_block_is_the_only_reply() {
        let graph = Shape::parse("domino").unwrap().board(3, 1).unwrap();
        let rules = weak_rules(&graph, 0);
        // First on the middle: two completions at once.
        let position = Position::EMPTY.with_first(1);
        assert_eq!(rules.expand_second(position, 1, false), Expansion::Won);
        // First on an end: the one completion must be blocked.
        let position = Position::EMPTY.with_first(0);
        assert_eq!(
            rules.expand_second(position, 1, false),
            Expansion::Moves(MoveOrder::single(1))
        );
    }
}
