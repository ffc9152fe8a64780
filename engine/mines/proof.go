package mines

import "slices"

// ProofKind says how the numbers of a proof settle a cell.
type ProofKind string

const (
	// ProofLocal: single numbers settle it, one after another (a number
	// whose mines are all found clears the rest of its neighbours; one
	// with as many hidden neighbours as mines left marks them all), and
	// the proof's numbers are exactly those steps.
	ProofLocal ProofKind = "local"
	// ProofTogether: numbers settle it taken together: a few, when two
	// numbers whose unknown neighbours lie one inside the other do (the
	// 1-1 and 1-2 patterns), with the single numbers before and after;
	// else the numbers of the cell's part of the frontier (those linked to
	// it through shared hidden neighbours).
	ProofTogether ProofKind = "together"
	// ProofCount: only the count of mines left settles it, with the
	// numbers: the count ties every part of the frontier to the others,
	// so the proof is every number next to a hidden cell (none for a board
	// with no number: the count alone).
	ProofCount ProofKind = "count"
)

// Proof returns the revealed numbers that show that a hidden cell, certain
// by the analysis (safe or a mine), is so, in reading order, and how they
// show it, so a player can see why.
func (a *Analysis) Proof(cell Point) (numbers []Point, kind ProofKind) {
	numbers, kind = a.firstProof(cell)
	return a.shorten(cell, numbers, kind), kind
}

func (a *Analysis) firstProof(cell Point) (numbers []Point, kind ProofKind) {
	b := a.Board
	if numbers, ok := localProof(b, b.Index(cell)); ok {
		return numbers, ProofLocal
	}
	if numbers, ok := subsetProof(b, b.Index(cell)); ok {
		return numbers, ProofTogether
	}
	if a.SettledByCount(cell) {
		return frontierNumbers(b), ProofCount
	}
	return linkedNumbers(b, b.Index(cell)), ProofTogether
}

// shorten drops the numbers of a proof that the others do without, one
// at a time, the farthest from the cell first: a number stays dropped when
// the numbers left still settle the cell the proof's way: one after
// another for a local proof (so it stays one a player can follow step by
// step), else as the prover checks them, with the count of mines left for
// a proof by the count. Either way fewer numbers settle less, so one pass
// leaves no number the others can do without.
func (a *Analysis) shorten(cell Point, numbers []Point, kind ProofKind) []Point {
	b := a.Board
	if len(numbers) == 0 {
		return numbers
	}
	target := b.Index(cell)
	mine := slices.Contains(a.Mines, cell) || a.Prob != nil && a.Prob[target] == 1
	idx := make([]int, len(numbers))
	for k, p := range numbers {
		idx[k] = b.Index(p)
	}
	dist := func(i int) int {
		p := b.Point(i)
		return max(abs(p.X-cell.X), abs(p.Y-cell.Y))
	}
	pr := newProver(b)
	proves := func(set []int) bool {
		if kind == ProofLocal {
			pr.budget -= len(set)
			_, ok := localProof(b, target, set...)
			return ok
		}
		return pr.proves(set, target, mine, kind == ProofCount)
	}
	// Nearest first; then, for the prover's proofs, the shortest run of
	// the nearest (1, 2, 4, … of them) that proves already: the numbers of
	// a long border need not each be tried against all the others.
	set := slices.Clone(idx)
	slices.SortStableFunc(set, func(i, j int) int { return dist(i) - dist(j) })
	if kind != ProofLocal {
		for n := 1; n < len(set) && pr.budget > 0; n *= 2 {
			if proves(set[:n]) {
				set = set[:n]
				break
			}
		}
	}
	// Then each number in turn, the farthest first, while the budget lasts.
	keep := make(map[int]bool, len(set))
	for _, i := range set {
		keep[i] = true
	}
	rest := make([]int, 0, len(set))
	for k := len(set) - 1; k >= 0 && pr.budget > 0; k-- {
		rest = rest[:0]
		for _, i := range set {
			if keep[i] && i != set[k] {
				rest = append(rest, i)
			}
		}
		if proves(rest) {
			delete(keep, set[k])
		}
	}
	out := []Point{}
	for _, i := range idx {
		if keep[i] {
			out = append(out, b.Point(i))
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// localProof applies the single-number rules, as localDeductions does,
// with the number that settled each cell, until the target is settled;
// the proof is then the number that settled it, and those behind the
// cells that number counted on.
func localProof(b *Board, target int, only ...int) ([]Point, bool) {
	var nb [8]int
	numbers := only
	if only == nil {
		for i, c := range b.Cells {
			if c.Revealed() {
				numbers = append(numbers, i)
			}
		}
	}
	state := make([]int8, len(b.Cells)) // 0 unknown, 1 safe, 2 mine
	by := make([]int, len(b.Cells))     // the number that settled a cell
	for changed := true; changed && state[target] == 0; {
		changed = false
		for _, i := range numbers {
			need, unknown := int(b.Cells[i]), 0
			for _, j := range b.Neighbours(i, nb[:0]) {
				switch {
				case b.Cells[j] == Flag || (b.Cells[j] == Hidden && state[j] == 2):
					need--
				case b.Cells[j] == Hidden && state[j] == 0:
					unknown++
				}
			}
			if unknown == 0 || (need != 0 && need != unknown) {
				continue
			}
			mark := int8(1)
			if need == unknown {
				mark = 2
			}
			for _, j := range b.Neighbours(i, nb[:0]) {
				if b.Cells[j] == Hidden && state[j] == 0 {
					state[j], by[j] = mark, i
					changed = true
				}
			}
		}
	}
	if state[target] == 0 {
		return nil, false
	}
	in := map[int]bool{}
	var trace func(cell int)
	trace = func(cell int) {
		n := by[cell]
		if in[n] {
			return
		}
		in[n] = true
		// Each call has its own list: the calls nest, and a shared one
		// would be overwritten under the loop that reads it.
		var around [8]int
		for _, j := range b.Neighbours(n, around[:0]) {
			if b.Cells[j] == Hidden && state[j] != 0 && j != cell && settledBefore(b, state, by, j, n) {
				trace(j)
			}
		}
	}
	trace(target)
	return sortedPoints(b, in), true
}

// subsetProof settles the target with the single-number rules and one
// more: of two numbers whose unknown neighbours lie one inside the other,
// the cells only the larger one counts hold the difference of their
// mines, so when that is none or all of them they are settled (a 1-1 on
// a border clears the third cell; a 1-2 marks it). The proof is the
// numbers of the step that settled the target and of the steps before it
// that settled cells those numbers counted on: two numbers of a long
// border, not the whole border. Only the target's part of the frontier is
// searched; a number is looked at again when a cell around it is settled.
func subsetProof(b *Board, target int) ([]Point, bool) {
	numbers := linkedNumbers(b, target)
	var nb [8]int
	state := make([]int8, len(b.Cells)) // 0 unknown, 1 safe, 2 mine
	when := make([]int, len(b.Cells))   // the step that settled a cell
	var steps [][]int                   // the numbers each step used
	queued := make(map[int]bool, len(numbers))
	queue := make([]int, 0, len(numbers))
	for _, p := range numbers {
		queue = append(queue, b.Index(p))
		queued[b.Index(p)] = true
	}
	// open returns what number i still needs and its unknown neighbours.
	open := func(i int) (need int, unknown []int) {
		need = int(b.Cells[i])
		var around [8]int
		for _, j := range b.Neighbours(i, around[:0]) {
			switch {
			case b.Cells[j] == Flag || (b.Cells[j] == Hidden && state[j] == 2):
				need--
			case b.Cells[j] == Hidden && state[j] == 0:
				unknown = append(unknown, j)
			}
		}
		return need, unknown
	}
	settle := func(cells []int, mark int8, by ...int) {
		for _, j := range cells {
			state[j], when[j] = mark, len(steps)
			for _, n := range b.Neighbours(j, nb[:0]) {
				if b.Cells[n].Revealed() && !queued[n] {
					queued[n] = true
					queue = append(queue, n)
				}
			}
		}
		steps = append(steps, by)
	}
	// decide settles cells when they hold none or all of need mines.
	decide := func(cells []int, need int, by ...int) {
		switch {
		case len(cells) == 0:
		case need == 0:
			settle(cells, 1, by...)
		case need == len(cells):
			settle(cells, 2, by...)
		}
	}
	for len(queue) > 0 && state[target] == 0 {
		i := queue[0]
		queue = queue[1:]
		queued[i] = false
		need, unknown := open(i)
		if len(unknown) == 0 {
			continue
		}
		if need == 0 || need == len(unknown) {
			decide(unknown, need, i)
			continue
		}
		// The numbers that share an unknown neighbour with i.
		near := map[int]bool{}
		for _, j := range unknown {
			for _, k := range b.Neighbours(j, nb[:0]) {
				if k != i && b.Cells[k].Revealed() {
					near[k] = true
				}
			}
		}
		for _, k := range sortedIndexes(near) {
			needK, unknownK := open(k)
			if rest, ok := without(unknownK, unknown); ok {
				decide(rest, needK-need, i, k)
			} else if rest, ok := without(unknown, unknownK); ok {
				decide(rest, need-needK, k, i)
			}
			if state[target] != 0 {
				break
			}
			if need, unknown = open(i); len(unknown) == 0 {
				break
			}
		}
	}
	if state[target] == 0 {
		return nil, false
	}
	in, traced := map[int]bool{}, map[int]bool{}
	var trace func(s int)
	trace = func(s int) {
		if traced[s] {
			return
		}
		traced[s] = true
		for _, n := range steps[s] {
			in[n] = true
			var around [8]int
			for _, j := range b.Neighbours(n, around[:0]) {
				if b.Cells[j] == Hidden && state[j] != 0 && when[j] < s {
					trace(when[j])
				}
			}
		}
	}
	trace(when[target])
	return sortedPoints(b, in), true
}

// without returns the cells of all that are not in part, when every cell
// of part is in all.
func without(all, part []int) ([]int, bool) {
	var rest []int
	for _, j := range all {
		if !slices.Contains(part, j) {
			rest = append(rest, j)
		}
	}
	return rest, len(all)-len(rest) == len(part)
}

func sortedIndexes(set map[int]bool) []int {
	idx := make([]int, 0, len(set))
	for i := range set {
		idx = append(idx, i)
	}
	slices.Sort(idx)
	return idx
}

// linkedNumbers returns the numbers linked to hidden cell target through
// shared hidden neighbours: its part of the frontier.
func linkedNumbers(b *Board, target int) []Point {
	var nb, nb2 [8]int
	in, seen := map[int]bool{}, map[int]bool{target: true}
	queue := []int{target}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for _, n := range b.Neighbours(h, nb[:0]) {
			if !b.Cells[n].Revealed() || in[n] {
				continue
			}
			in[n] = true
			for _, j := range b.Neighbours(n, nb2[:0]) {
				if b.Cells[j] == Hidden && !seen[j] {
					seen[j] = true
					queue = append(queue, j)
				}
			}
		}
	}
	return sortedPoints(b, in)
}

// frontierNumbers returns every revealed number next to a hidden cell.
func frontierNumbers(b *Board) []Point {
	var nb [8]int
	in := map[int]bool{}
	for i, c := range b.Cells {
		if !c.Revealed() {
			continue
		}
		for _, j := range b.Neighbours(i, nb[:0]) {
			if b.Cells[j] == Hidden {
				in[i] = true
				break
			}
		}
	}
	return sortedPoints(b, in)
}

// settledBefore reports whether hidden cell j, settled, was something
// number n counted on: any settled neighbour of n other than by n itself.
func settledBefore(b *Board, state []int8, by []int, j, n int) bool {
	return state[j] != 0 && by[j] != n
}

func sortedPoints(b *Board, set map[int]bool) []Point {
	idx := make([]int, 0, len(set))
	for i := range set {
		idx = append(idx, i)
	}
	slices.Sort(idx)
	out := make([]Point, len(idx))
	for k, i := range idx {
		out[k] = b.Point(i)
	}
	return out
}

// A prover checks whether some revealed numbers, with or without the
// count of mines left, settle a hidden cell: whether no placement of mines
// that fits them gives the cell the other value. It searches the cells
// around the numbers depth first, nearest the target first, and gives up
// (not proved) past its budget of steps, so a proof it cannot shorten in
// time stays as it was.
type prover struct {
	b      *Board
	left   int     // mines not flagged
	hidden int     // hidden, unflagged cells
	budget int     // search steps left
	varOf  []int32 // per cell: its variable + 1, or 0
	// Scratch of one check.
	cells  []int       // the variables' cells
	cons   []proverCon // the numbers
	consOf [][]int32   // per variable: its numbers
	val    []int8      // per variable: -1 unknown, 0 safe, 1 mine
	order  []int32     // the variables in search order
}

type proverCon struct {
	need, mines, open int
	vars              []int32
}

// proofBudget bounds the search steps spent shortening one proof.
const proofBudget = 50_000

func newProver(b *Board) *prover {
	pr := &prover{b: b, left: b.Mines - b.Count(Flag), hidden: b.Count(Hidden), budget: proofBudget}
	pr.varOf = make([]int32, len(b.Cells))
	return pr
}

// proves reports whether numbers (cell indexes) settle hidden cell target
// as mine (true) or safe, with the count of mines left when count is set:
// whether no placement fitting them puts the other value there.
func (pr *prover) proves(numbers []int, target int, mine, count bool) bool {
	b := pr.b
	var nb [8]int
	if pr.budget -= len(numbers); pr.budget <= 0 {
		return false
	}
	for _, c := range pr.cells {
		pr.varOf[c] = 0
	}
	pr.cells, pr.cons, pr.consOf = pr.cells[:0], pr.cons[:0], pr.consOf[:0]
	for _, n := range numbers {
		con := proverCon{need: int(b.Cells[n])}
		for _, j := range b.Neighbours(n, nb[:0]) {
			switch b.Cells[j] {
			case Flag:
				con.need--
			case Hidden:
				if pr.varOf[j] == 0 {
					pr.cells = append(pr.cells, j)
					pr.varOf[j] = int32(len(pr.cells))
					pr.consOf = append(pr.consOf, nil)
				}
				v := pr.varOf[j] - 1
				con.vars = append(con.vars, v)
				pr.consOf[v] = append(pr.consOf[v], int32(len(pr.cons)))
			}
		}
		con.open = len(con.vars)
		pr.cons = append(pr.cons, con)
	}
	defer func() {
		for _, c := range pr.cells {
			pr.varOf[c] = 0
		}
		pr.cells = pr.cells[:0]
	}()
	tv := pr.varOf[target] - 1
	if tv < 0 && !count {
		return false
	}
	// The search order: outwards from the target through shared numbers;
	// without the count only the target's part matters (any other part of
	// a board that has a placement can be filled).
	pr.val = grab(pr.val, len(pr.cells))
	for i := range pr.val {
		pr.val[i] = -1
	}
	pr.order = pr.order[:0]
	seen := make([]bool, len(pr.cells))
	visit := func(start int32) {
		if seen[start] {
			return
		}
		seen[start] = true
		from := len(pr.order)
		pr.order = append(pr.order, start)
		for k := from; k < len(pr.order); k++ {
			for _, c := range pr.consOf[pr.order[k]] {
				for _, w := range pr.cons[c].vars {
					if !seen[w] {
						seen[w] = true
						pr.order = append(pr.order, w)
					}
				}
			}
		}
	}
	if tv >= 0 {
		visit(tv)
	}
	if count {
		for v := range pr.cells {
			visit(int32(v))
		}
	}
	// The mines the variables may hold: what is left for the cells
	// outside them (the target among them, when it is not a variable).
	lo, hi := 0, pr.left
	if count {
		outside := pr.hidden - len(pr.cells)
		lo = pr.left - outside
		if tv < 0 {
			if mine { // the target safe: one outside cell fewer for mines
				lo++
			} else { // the target a mine: one mine fewer to place
				hi--
			}
		}
	} else {
		lo, hi = 0, len(pr.cells)
	}
	want := int8(0)
	if !mine {
		want = 1
	}
	placed := 0
	set := func(v int32, x int8) bool {
		pr.val[v] = x
		ok := true
		for _, c := range pr.consOf[v] {
			con := &pr.cons[c]
			con.open--
			con.mines += int(x)
			if con.mines > con.need || con.mines+con.open < con.need {
				ok = false
			}
		}
		placed += int(x)
		return ok
	}
	unset := func(v int32) {
		x := pr.val[v]
		pr.val[v] = -1
		for _, c := range pr.consOf[v] {
			con := &pr.cons[c]
			con.open++
			con.mines -= int(x)
		}
		placed -= int(x)
	}
	var search func(d int) bool // whether a placement fits
	search = func(d int) bool {
		if pr.budget--; pr.budget < 0 {
			return true
		}
		if placed > hi || placed+len(pr.order)-d < lo {
			return false
		}
		if d == len(pr.order) {
			return true
		}
		v := pr.order[d]
		for _, x := range [2]int8{0, 1} {
			if d == 0 && tv >= 0 && x != want {
				continue
			}
			ok := set(v, x) && search(d+1)
			unset(v)
			if ok {
				return true
			}
		}
		return false
	}
	return !search(0) && pr.budget >= 0
}
