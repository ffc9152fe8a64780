// Package mines models Minesweeper and computes exact mine probabilities.
//
// A Board is a grid of Width×Height cells and a total mine count (flagged
// mines included). Each cell is Hidden, a Flag (a mine the player has
// marked; the engine takes it as a known mine) or revealed with its number
// 0–8, the count of mines among its up to eight neighbours. Boards read and
// write the .mine text of JSMinesweeper (Parse, Board.Format).
//
// Analyze computes, for every hidden cell, the exact probability that it
// holds a mine, given the numbers, the flags and the total mine count,
// with every placement of the remaining mines consistent with the board
// counted as equally likely. The model, as in the classic solvers:
//
//   - each revealed number is a constraint: its hidden neighbours hold
//     exactly its number minus its flagged neighbours;
//   - hidden cells next to a number form the frontier; the others float;
//   - constraints that share cells are joined into independent components;
//   - cells with exactly the same constraints are one group, whose k mines
//     can sit in C(size, k) ways;
//   - each component is counted per mine count, not listed: the groups are
//     assigned in an order that closes constraints early, and partial
//     assignments that leave the same sums on the still-open constraints
//     are merged (dynamic programming). The forward pass counts solutions
//     per mine count; a backward pass, weighted by the rest of the board,
//     gives each group's expected mines;
//   - components and the F floating cells combine through the total: a
//     frontier with K mines leaves C(F, L−K) ways for the floating cells,
//     where L is the number of mines not flagged.
//
// Counts overflow 64 bits on real boards, so weights are float64 vectors
// rescaled by powers of two as they grow; every term is positive, so the
// relative error stays near the rounding unit (the tests compare with exact
// big-integer arithmetic). Certainty does not rest on rounding: a cell is
// reported safe or a mine only when no counted solution says otherwise,
// and then its probability is exactly 0 or 1.
//
// A board whose numbers cannot all hold is a *ConflictError naming a small
// set of numbers that contradict each other (and the flags they count).
//
// On top of the analysis sit the game: a seeded board generator (first
// click safe, or opening an area), reveal with flood fill, flags, chords
// and the auto-player. With no safe cell it guesses: a forced 50/50 at
// once (fifty.go); an endgame of at most 1,024 placements by exact search
// (endgame.go); otherwise the cells nearly as safe as the safest, each
// weighed by its chance of surviving this move and the next, raised when
// it may settle a 50/50 that could form later (guess.go, latent.go).
package mines
