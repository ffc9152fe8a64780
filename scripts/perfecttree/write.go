package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"slices"
	"time"

	"kibitz/engine/guess"
)

// write computes the perfect strategies the engine ships for 1a2b-4, one
// per objective, and writes them to engine/guess/perfect_data.go.
//
// Every first guess of 1a2b-4 is alike (0123 up to symmetry), so a
// strategy is 0123 and then one strategy per answer, and the answers are
// solved one by one by the engine's own perfect search:
//
//   - average: each answer's secrets with the fewest guesses in total;
//   - worst-then-average: each within 6 more guesses (7 in all, the least
//     worst case), with the fewest guesses in total;
//   - fewest-worst: each within 6 more, the fewest secrets needing the
//     6th, then the fewest guesses.
//
// Both parts of each objective add up over the answers, so the answers'
// optima make the whole game's optimum. An answer whose average strategy
// already keeps within 6 more guesses (fewest-worst: within 5) needs no
// other search: that strategy has the least total of all, and within the
// bound it also has the least total (and no secret at the 7th guess). An
// answer with more than -full secrets is searched with its second guess
// restricted to the -root best by the counting bound plus best's move
// there (a heuristic: the result is optimal among those second guesses);
// the guesses after it are never restricted. For fewest-worst, answers of
// up to -fewest-upto secrets try -fewest-root second guesses instead:
// with 8, the 1,260 secrets of 0A2B need the 6th more guess for 4 secrets
// rather than 7 (153 s instead of 96 s), which brings the game to the
// published 50; 0A1B (1,440 secrets) keeps 2 (46 secrets, 24 minutes;
// with 8 it runs for hours). Each answer's strategy is kept in
// -checkpoint, so a run that stops resumes where it was.
func runWrite(args []string) error {
	fs := flag.NewFlagSet("write", flag.ExitOnError)
	out := fs.String("out", "engine/guess/perfect_data.go", "file to write")
	dir := fs.String("checkpoint", "perfecttree-checkpoint", "directory for each answer's strategy")
	full := fs.Int("full", 500, "answers with up to this many secrets are searched with every second guess")
	rootK := fs.Int("root", 2, "second guesses tried (best by the bound) for larger answers")
	fewestRoot := fs.Int("fewest-root", 8, "second guesses tried for fewest-worst's larger answers of up to -fewest-upto secrets")
	fewestUpTo := fs.Int("fewest-upto", 1300, "see -fewest-root")
	only := fs.String("objective", "", "compute only this objective (the file gets those already in the checkpoint)")
	fs.Parse(args)
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return err
	}
	r, err := guess.PresetRules("1a2b-4")
	if err != nil {
		return err
	}
	ctx := context.Background()
	start, err := guess.NewPosition(ctx, &r, nil)
	if err != nil {
		return err
	}
	first, _ := r.ParseCode("0123", "guess")
	answers := map[guess.Feedback]int{}
	for _, c := range start.Candidates {
		answers[r.Score(c, first)]++
	}
	var order []guess.Feedback
	for f := range answers {
		if !r.Won(f) {
			order = append(order, f)
		}
	}
	slices.SortFunc(order, func(a, b guess.Feedback) int { return answers[a] - answers[b] })

	data := map[string][]byte{}
	for _, obj := range []guess.Objective{guess.ObjectiveAverage, guess.ObjectiveWorstThenAverage, guess.ObjectiveFewestWorst} {
		began := time.Now()
		compute := *only == "" || *only == string(obj)
		root := &guess.TreeNode{Guess: first, Secrets: len(start.Candidates), Total: len(start.Candidates), Worst: 1, Win: true}
		complete := true
		for _, f := range order {
			p, err := start.Play(ctx, first, f)
			if err != nil {
				return err
			}
			file := filepath.Join(*dir, fmt.Sprintf("%s_%s.bin.gz", obj, f))
			var t *guess.Tree
			if saved, err := os.ReadFile(file); err == nil {
				if t, err = guess.DecodeTree(p, obj, saved); err != nil {
					return fmt.Errorf("%s: %v", file, err)
				}
			} else if t = reuseAverage(*dir, p, obj, f); t != nil {
				fmt.Fprintf(os.Stderr, "%s, 0123 %s (%d secrets): the average strategy, worst %d: total %d\n", obj, f, len(p.Candidates), t.Root.Worst, t.Root.Total)
			} else if compute {
				opts := guess.PerfectOptions{Objective: obj}
				if obj != guess.ObjectiveAverage {
					opts.Depth = 6
				}
				if len(p.Candidates) > *full {
					opts.RootGuesses = *rootK
					if obj == guess.ObjectiveFewestWorst && len(p.Candidates) <= *fewestUpTo {
						opts.RootGuesses = *fewestRoot
					}
					s, err := guess.Suggest(ctx, p, guess.SuggestOptions{Strategy: guess.StrategyBest, Budget: time.Minute})
					if err != nil {
						return err
					}
					opts.RootAlso = []guess.Code{s.Guess}
				}
				at := time.Now()
				if t, err = guess.SolvePerfect(ctx, p, opts); err != nil {
					return err
				}
				enc, err := guess.EncodeTree(t)
				if err != nil {
					return err
				}
				if err := os.WriteFile(file, enc, 0o644); err != nil {
					return err
				}
				fmt.Fprintf(os.Stderr, "%s, 0123 %s (%d secrets): total %d, worst %d (%d secrets), %.0fs\n",
					obj, f, len(p.Candidates), t.Root.Total, t.Root.Worst, t.Root.AtWorst, time.Since(at).Seconds())
			} else {
				complete = false
				continue
			}
			root.Children = append(root.Children, guess.TreeBranch{Feedback: f, Node: t.Root})
		}
		if !complete {
			fmt.Fprintf(os.Stderr, "%s: not computed\n", obj)
			continue
		}
		slices.SortFunc(root.Children, func(a, b guess.TreeBranch) int {
			return (a.Feedback.A*16 + a.Feedback.B) - (b.Feedback.A*16 + b.Feedback.B)
		})
		for _, b := range root.Children {
			root.Total += b.Node.Total
			switch w := b.Node.Worst + 1; {
			case w > root.Worst:
				root.Worst, root.AtWorst = w, b.Node.AtWorst
			case w == root.Worst:
				root.AtWorst += b.Node.AtWorst
			}
		}
		enc, err := guess.EncodeTree(&guess.Tree{Rules: &r, Objective: obj, Root: root})
		if err != nil {
			return err
		}
		data[guess.ShippedName(&r, obj)] = enc
		fmt.Fprintf(os.Stderr, "%s: total %d (average %.4f), worst %d (%d secrets); %d bytes; %.0fs\n",
			obj, root.Total, float64(root.Total)/float64(root.Secrets), root.Worst, root.AtWorst, len(enc), time.Since(began).Seconds())
	}
	var src bytes.Buffer
	src.WriteString("// Code generated by \"go run ./scripts/perfecttree write\"; DO NOT EDIT.\n\npackage guess\n\n")
	src.WriteString("// shippedData holds the shipped perfect trees by ShippedName, gzipped.\nvar shippedData = map[string]string{\n")
	names := make([]string, 0, len(data))
	for name := range data {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(&src, "\t%q: %q,\n", name, data[name])
	}
	src.WriteString("}\n")
	formatted, err := format.Source(src.Bytes())
	if err != nil {
		return err
	}
	return os.WriteFile(*out, formatted, 0o644)
}

// reuseAverage returns the answer's average strategy when it is also the
// objective's: it keeps to the objective's bound of 6 more guesses
// (fewest-worst: needs at most 5, so no secret needs the 7th).
func reuseAverage(dir string, p *guess.Position, obj guess.Objective, f guess.Feedback) *guess.Tree {
	if obj == guess.ObjectiveAverage {
		return nil
	}
	saved, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%s_%s.bin.gz", guess.ObjectiveAverage, f)))
	if err != nil {
		return nil
	}
	t, err := guess.DecodeTree(p, obj, saved)
	if err != nil {
		return nil
	}
	limit := 6
	if obj == guess.ObjectiveFewestWorst {
		limit = 5
	}
	if t.Root.Worst > limit {
		return nil
	}
	return t
}
