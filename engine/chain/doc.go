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
//   - A position is kept canonical (group sizes in descending order) and
//     keyed by one uint64: the canonical row itself, groups separated by one
//     gap (Key). Any position whose canonical row fits in 64 cells has a key,
//     so every row of up to 64 objects is in the exact range.
//   - The outcome (who wins) is settled before the move count. In the direct
//     game it is the Sprague–Grundy theorem: the side to move wins exactly
//     when the xor of the groups' Kayles values is non-zero, and a winning
//     side keeps the win only by moving to a position of xor zero, so only
//     those moves are searched for the fastest win; a losing side must try
//     every move, but all of them lead to positions the opponent wins. In
//     the reverse game there is no such theory that is practical, so the
//     outcome is found by a boolean search (a win needs one losing child)
//     whose results share the transposition table.
//   - The magnitude's parity follows from the outcome: in the direct game a
//     win takes an odd number of moves and a loss an even number; in the
//     reverse game the other way round. The magnitude also lies between
//     Σ⌈g/2⌉ (every move takes two) and Σg (every move takes one). These
//     bounds end a search early: a winner that finds a move reaching the
//     lower bound, or a loser one reaching the upper bound, stops there.
//   - The move count is an alpha-beta search over magnitudes (min at winning
//     positions, max at losing ones) whose transposition table stores lower
//     and upper bounds, so every cut stays exact.
//
// The transposition table is an open-addressing table of 12-byte slots
// that grows to at most MaxTableSlots; beyond that it replaces entries, which
// costs time but never exactness. Its memory is therefore at most
// 12 × MaxTableSlots bytes (48 MiB) per Solver.
package chain
