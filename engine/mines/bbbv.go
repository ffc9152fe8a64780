package mines

// ThreeBV returns a game's 3BV (the Bechtel's Board Benchmark Value: the
// fewest clicks that clear the board, without flags) and how much of it
// the player has cleared. Each opening (a connected patch of empty
// squares, with its border) is one click; each safe square not on the
// border of an opening is one more. An opening counts as cleared when any
// of its empty squares is open, a lone square when it is open. Both are 0
// before the first click, when the mines are not yet placed.
func (g *Game) ThreeBV() (total, done int) {
	if g.Mine == nil {
		return 0, 0
	}
	b := g.View
	n := len(b.Cells)
	count := make([]int, n) // each safe square's number in the full layout
	var nb [8]int
	for i := range n {
		for _, j := range b.Neighbours(i, nb[:0]) {
			if g.Mine[j] {
				count[i]++
			}
		}
	}
	seen := make([]bool, n)     // empty squares already in an opening
	bordered := make([]bool, n) // squares on some opening's border
	var queue []int
	for i := range n {
		if g.Mine[i] || count[i] != 0 || seen[i] {
			continue
		}
		// A new opening: flood its empty squares, mark its border.
		total++
		cleared := false
		seen[i] = true
		queue = append(queue[:0], i)
		for len(queue) > 0 {
			c := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			if b.Cells[c].Revealed() {
				cleared = true
			}
			for _, j := range b.Neighbours(c, nb[:0]) {
				if g.Mine[j] {
					continue
				}
				if count[j] == 0 && !seen[j] {
					seen[j] = true
					queue = append(queue, j)
				} else if count[j] != 0 {
					bordered[j] = true
				}
			}
		}
		if cleared {
			done++
		}
	}
	for i := range n {
		if !g.Mine[i] && count[i] != 0 && !bordered[i] {
			total++
			if b.Cells[i].Revealed() {
				done++
			}
		}
	}
	return total, done
}
