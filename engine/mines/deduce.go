package mines

import "slices"

// localDeductions finds the cells that single numbers settle, repeated
// until nothing changes: a number whose mines are all placed clears its
// other hidden neighbours, and one with as many hidden neighbours as mines
// left marks them all. It is what an incomplete analysis can still
// promise.
func localDeductions(p *problem) (safe, mines []Point) {
	b := p.b
	state := make([]int8, len(b.Cells)) // 0 unknown, 1 safe, 2 mine
	var nb [8]int
	for changed := true; changed; {
		changed = false
		for _, c := range p.cons {
			need, unknown := c.target, 0
			for _, j := range b.Neighbours(int(c.cell), nb[:0]) {
				if b.Cells[j] != Hidden {
					continue
				}
				switch state[j] {
				case 0:
					unknown++
				case 2:
					need--
				}
			}
			if unknown == 0 || (need != 0 && need != unknown) {
				continue
			}
			mark := int8(1)
			if need == unknown {
				mark = 2
			}
			for _, j := range b.Neighbours(int(c.cell), nb[:0]) {
				if b.Cells[j] == Hidden && state[j] == 0 {
					state[j] = mark
					changed = true
				}
			}
		}
	}
	for i, s := range state {
		switch s {
		case 1:
			safe = append(safe, b.Point(i))
		case 2:
			mines = append(mines, b.Point(i))
		}
	}
	return safe, mines
}

// findDead lists the uncertain hidden cells whose number is already known
// should they be safe: every uncertain hidden neighbour is covered by one
// number that fixes their sum (its uncertain cells are exactly those
// neighbours, or those neighbours and the cell itself).
func findDead(p *problem, prob []float64) []Point {
	b := p.b
	w, pw := b.Width, b.Width+2
	off := [8]int{-pw - 1, -pw, -pw + 1, -1, 1, pw - 1, pw, pw + 1}
	// unc marks the uncertain hidden cells, in padded coordinates: 1 on
	// the frontier, 2 floating.
	p.unc = resize(p.unc, len(p.pad))
	for y := 1; y <= b.Height; y++ {
		row := p.pad[y*pw+1 : y*pw+w+1]
		probs := prob[(y-1)*w : y*w][:len(row)]
		groups := p.cellGroup[(y-1)*w : y*w][:len(row)]
		unc := p.unc[y*pw+1 : y*pw+w+1][:len(row)]
		for x, c := range row {
			if c == Hidden && probs[x] > 0 && probs[x] < 1 {
				unc[x] = 1
				if groups[x] < 0 {
					unc[x] = 2
				}
			}
		}
	}
	var dead []Point
	var u [8]int
	for y := 1; y <= b.Height; y++ {
		for x := 1; x <= w; x++ {
			q := y*pw + x
			if p.unc[q] == 0 {
				continue
			}
			// No number covers a floating cell, so none fixes a sum over
			// one: a floating neighbour ends the test.
			n, floating := 0, false
			for _, d := range off {
				switch p.unc[q+d] {
				case 1:
					u[n] = q + d
					n++
				case 2:
					floating = true
				}
			}
			if floating {
				continue
			}
			isDead := n == 0
			// A number that fixes the sum over u is next to u[0].
			for k := 0; !isDead && n > 0 && k < 8; k++ {
				c := u[0] + off[k]
				if p.conOf[c] < 0 {
					continue
				}
				m := 0
				for _, d := range off {
					if j := c + d; p.unc[j] != 0 && j != q {
						if m == n || j != u[m] {
							m = -1
							break
						}
						m++
					}
				}
				isDead = m == n
			}
			if isDead {
				dead = append(dead, Point{x - 1, y - 1})
			}
		}
	}
	return dead
}

// conflictCore shrinks the constraints of an unsatisfiable component to a
// set that is still unsatisfiable but loses that property when any one is
// removed, and returns their cells.
func (p *problem) conflictCore(comp []int32, compCons []int32) []int32 {
	cons := slices.Clone(compCons)
	feasible := func(set []int32) bool {
		in := map[int32]bool{}
		for _, ci := range set {
			in[ci] = true
		}
		var groups []int32
		for _, g := range comp {
			for _, ci := range p.groups[g].cons {
				if in[ci] {
					groups = append(groups, g)
					break
				}
			}
		}
		c := newCounter(p, nil, nil)
		defer c.release()
		if c.plan(groups, set) != nil {
			return true // too wide to decide: keep the constraint
		}
		ok, err := c.forward()
		return ok || err != nil // too big to decide: keep the constraint
	}
	for i := 0; i < len(cons); {
		without := append(append([]int32(nil), cons[:i]...), cons[i+1:]...)
		if len(without) > 0 && !feasible(without) {
			cons = without
		} else {
			i++
		}
	}
	cells := make([]int32, len(cons))
	for i, ci := range cons {
		cells[i] = p.cons[ci].cell
	}
	return cells
}
