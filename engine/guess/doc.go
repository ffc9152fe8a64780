// Package guess models the code-breaking games 1A2B, Bulls and Cows,
// Numeron and Mastermind, and plays them.
//
// A game is fixed by its Rules: a code length (1 to 10), an alphabet of 2 to
// 16 distinct symbols, and whether a code may repeat a symbol. A Code packs
// one symbol index per 4 bits, so a whole code is one machine word and
// scoring a guess against a secret is a handful of bit operations.
//
// The feedback for a guess is a pair (A, B): A counts symbols in the right
// place (bulls, EAT, black pegs) and B counts right symbols in the wrong place
// (cows, BITE, white pegs), counted with multiplicity when repeats are
// allowed. A History is a list of (guess, feedback) rows; the candidates are
// the codes consistent with every row.
//
// On top of that model sit the strategies that suggest the next guess (from
// a random consistent code up to a budgeted look-ahead search), a host that
// keeps a secret honestly or adversarially, and the diagnosis of a history
// whose rows contradict each other.
package guess
