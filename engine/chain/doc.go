// Package chain solves the chain game (Kayles): N objects in a row, a move
// removes one object or two adjacent ones. In the direct game whoever takes
// the last object wins; in the reverse (misère) game whoever takes it loses.
// By default the first move of a game may remove only one object.
//
// A position is a multiset of group sizes: the row XXX.X.XXXX is {4, 3, 1}.
// Its value is the signed move count of the seed document: positive when the
// side to move wins, negative when it loses, and the magnitude is the number
// of moves still to be played when the winner hurries and the loser delays.
//
// # How the solver is fast
//
//   - Canonical positions, perfectly numbered. A position whose canonical
//     row (groups, one gap between neighbours) fits in w-1 cells is a
//     partition of at most w into parts g+1 ≥ 2; the ranker numbers these
//     densely, 0 to p(w)-1, so the table is one signed byte per position
//     with no keys and no collisions: p(61) = 1,121,505 bytes for a row of
//     60, p(81) = 18,004,327 for the limit of 80 cells. That, plus a few
//     hundred kilobytes of rank tables, is the solver's whole memory, and
//     Footprint tells it before a solve starts. Position.Key packs a
//     canonical row of up to 64 cells into a uint64 as well.
//   - Bottom-up (retrograde) evaluation, as the seed suggests, and it
//     measured faster than a depth-first search with a transposition table
//     (a hash table of uint64 keys, then the same dense table with the
//     search's own pruning: see build): a move only splits a group into
//     smaller ones, so in rank order every child comes before its parent,
//     and one pass over the partitions in that order evaluates each
//     position from its children's stored values. The pass hands each
//     child's rank what it shares with its parent's, so a child costs one
//     step per distinct group size below the group played.
//   - Exact pruning. In the direct game the Sprague–Grundy theorem gives the
//     sign: the side to move wins exactly when the xor of its groups' Kayles
//     values is non-zero, and only moves to xor zero keep a win, so a winner
//     looks at those alone (found from the nim-values before any child is
//     ranked). The magnitude's parity follows from the sign (a direct win
//     takes an odd number of moves, a loss an even one; the reverse game the
//     other way round), and it lies between Σ⌈g/2⌉ and Σg: a winner that
//     reaches the lower bound, or a loser the upper one, stops looking, and
//     a position whose two bounds meet needs no look at all.
//   - The reverse game's sign, from the same nim-values. Misère Kayles is
//     wild, and no general theory gives its sign cheaply; but a fact of
//     Kayles, checked on every position the solver can hold (all
//     18,004,326 of up to 80 cells), does: a reverse position with a group
//     of nim-value 2 or 3 is lost by the side to move exactly when the xor
//     of its nim-values is zero. So the reverse game prunes as the direct
//     game does, and a position without such a group (2% of them) reads
//     only the moves whose sign the rule leaves open or makes a loss for
//     the opponent, and is lost if none of them wins (see
//     misereSignKnown).
//   - Huge rows, outcome only: Kayles' nim-sequence is computed by the mex
//     rule and proved periodic (period 12 from 71) by the periodicity
//     theorem, so the winner and a winning move of a direct row of any
//     length take linear time. The reverse game's outcome is only as far as
//     the exact solver reaches: 80 cells.
package chain
