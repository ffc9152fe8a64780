// Command perfecttree measures the perfect search of kibitz/engine/guess
// and writes the perfect strategies the engine ships.
//
//	go run ./scripts/perfecttree measure -preset numeron -objective average
//	go run ./scripts/perfecttree write
//
// measure runs the search with each technique switched off in turn and
// prints a Markdown table; write computes the 1a2b-4 strategies (see
// write.go).
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
	case "measure":
		err = runMeasure(os.Args[2:])
	case "write":
		err = runWrite(os.Args[2:])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "perfecttree:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: perfecttree measure [flags] | perfecttree write [flags]; -h for flags")
	os.Exit(2)
}
