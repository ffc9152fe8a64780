// Command bench measures the guessing strategies of kibitz/engine/guess by
// playing them against many secrets, and generates the opening book.
//
//	go run ./scripts/bench guess -preset 1a2b-4 -strategy best -secrets all
//	go run ./scripts/bench guess -preset 1a2b-10 -strategy best -secrets 400 -seed 1
//	go run ./scripts/bench guess -rules 5:0123456789 -strategy entropy -secrets 200
//	go run ./scripts/bench table > table.md    # every strategy on every game
//	go run ./scripts/bench book -out engine/guess/book_data.go
//	go run ./scripts/bench bounds              # every method's time, progress and cancel bounds
//
// guess prints human-readable lines, then a one-line JSON summary last;
// table prints the README's Markdown table of all strategies.
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "guess":
		err = runGuess(os.Args[2:])
	case "table":
		err = runTable(os.Args[2:])
	case "book":
		err = runBook(os.Args[2:])
	case "chain":
		err = runChain(os.Args[2:])
	case "mines":
		err = runMines(os.Args[2:])
	case "bounds":
		err = runBounds(os.Args[2:])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: bench guess [flags] | bench table [flags] | bench book [flags] | bench mines [flags] | bench bounds [flags]; -h for flags")
	os.Exit(2)
}
