package guess

import "slices"

// random picks a candidate at random.
func (f *frame) random() result {
	return result{guess: f.pos.Candidates[f.rng.IntN(len(f.pos.Candidates))], evaluated: 1}
}

// frequency is the science fair's 次數分析法. In each position the
// symbols are ranked by how many candidates have them there, most first
// (ties by symbol order); a candidate's weight is the sum of the ranks of
// its symbols (1 = most frequent), and the lightest candidate, the first
// in order among equals, is the guess.
func (f *frame) frequency() result {
	codes := f.pos.Candidates
	n := f.sp.length
	f.m.phase("weighing candidates", 2*int64(len(codes)))
	rank := frequencyRanks(codes, n, f.sp.symbols, f.m.add)
	best, bestWeight := codes[0], int(^uint(0)>>1)
	for i, c := range codes {
		w := frequencyWeight(&rank, c, n)
		if w < bestWeight {
			best, bestWeight = c, w
		}
		if i&0xFFF == 0xFFF && !f.m.add(0x1000) {
			break
		}
	}
	return result{guess: best, evaluated: len(codes)}
}

// frequencyRanks ranks the symbols of each position by how many codes have
// them there: rank 1 is the most frequent, ties in symbol order.
// tick, when not nil, hears of every 4096 codes counted.
func frequencyRanks(codes []Code, n, k int, tick func(int) bool) [MaxLength][MaxSymbols]int {
	var count [MaxLength][MaxSymbols]int
	for i, c := range codes {
		for p := 0; p < n; p++ {
			count[p][c.Symbol(p)]++
		}
		if tick != nil && i&0xFFF == 0xFFF {
			tick(0x1000)
		}
	}
	var rank [MaxLength][MaxSymbols]int
	order := make([]int, k)
	for p := 0; p < n; p++ {
		for s := range order {
			order[s] = s
		}
		slices.SortStableFunc(order, func(a, b int) int { return count[p][b] - count[p][a] })
		for r, s := range order {
			rank[p][s] = r + 1
		}
	}
	return rank
}

// frequencyWeight is the sum of the ranks of a code's symbols.
func frequencyWeight(rank *[MaxLength][MaxSymbols]int, c Code, n int) int {
	w := 0
	for p := 0; p < n; p++ {
		w += rank[p][c.Symbol(p)]
	}
	return w
}
