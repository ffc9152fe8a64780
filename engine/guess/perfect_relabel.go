package guess

// A shipped strategy opens with one guess (1a2b-4's with 0123), but a
// player may open with any other. Every first guess is the shipped one up
// to a symmetry of the game: relabel the symbols, permute the positions,
// the same way for the guess and the secret, and every answer stays the
// same (perfect_symmetry.go). So a history that a symmetry σ maps, turn by
// turn, onto a path of the shipped tree follows the shipped strategy
// carried back by σ⁻¹: the tree with every guess relabelled, whose figures
// are the shipped ones, proven optimal for the whole game all the same.
// Without this, 1234 0A1B (1,440 codes) went to a live search that took
// minutes, where 0123 0A1B is read from the tree at once.

// relabelledShipped returns t carried by a symmetry onto a tree that the
// history follows, with the history's node in it, or nil when no symmetry
// maps the history onto a path of t. All the symmetries that do reach the
// same node (the tree's guess and the answer fix each step), and differ
// only by a symmetry of the position itself, so the first found, in a
// fixed order, is as good as any: the answer depends on the position
// alone.
func relabelledShipped(t *Tree, turns []Turn) (*Tree, *TreeNode) {
	if len(t.Turns) != 0 || t.Root == nil {
		return nil, nil
	}
	length, symbols := t.Rules.Length, t.Rules.Symbols()
	for _, p := range fullGroup(length, true).perms {
		sigma, node, ok := mapOntoTree(t.Root, turns, p, length, symbols)
		if !ok {
			continue
		}
		if sigma == identityPerm() {
			return t, node
		}
		back := sigma.inverse(length, symbols)
		out := &Tree{Rules: t.Rules, Objective: t.Objective, Root: back.copyTree(t.Root, length), Proof: t.Proof}
		return out, out.Find(turns)
	}
	return nil, nil
}

// mapOntoTree tries the position permutation of p: it follows the tree
// from root along the history, fixing the symbol map as each turn's guess
// must become the tree's guess, and says whether the whole history maps
// onto a path. On success sigma is the whole symmetry (the symbols no
// turn used mapped in order onto the symbols left over) and node is where
// the history ends in the tree.
func mapOntoTree(root *TreeNode, turns []Turn, p perm, length, symbols int) (sigma perm, node *TreeNode, ok bool) {
	var image [MaxSymbols]int8 // symbol → its image + 1 (0: not fixed yet)
	var taken uint16           // images given so far
	node = root
	for _, turn := range turns {
		if node == nil {
			return perm{}, nil, false
		}
		for i := 0; i < length; i++ {
			s := turn.Guess.Symbol(i)
			to := node.Guess.Symbol(int(p.pos[i])) // σ puts σ(s) at pos[i]
			switch {
			case image[s] != 0:
				if int(image[s]) != to+1 {
					return perm{}, nil, false
				}
			case taken&(1<<to) != 0:
				return perm{}, nil, false // two symbols onto one
			default:
				image[s] = int8(to + 1)
				taken |= 1 << to
			}
		}
		node = node.child(turn.Feedback)
	}
	if node == nil {
		return perm{}, nil, false
	}
	sigma = p
	next := 0
	for s := 0; s < symbols; s++ {
		if image[s] == 0 {
			for taken&(1<<next) != 0 {
				next++
			}
			image[s] = int8(next + 1)
			taken |= 1 << next
		}
		sigma.sym[s] = image[s] - 1
	}
	return sigma, node, true
}

// child is the node under n for the answer f, or nil.
func (n *TreeNode) child(f Feedback) *TreeNode {
	for _, b := range n.Children {
		if b.Feedback == f {
			return b.Node
		}
	}
	return nil
}

// inverse is the symmetry that undoes p on codes of the given shape.
func (p *perm) inverse(length, symbols int) perm {
	q := identityPerm()
	for i := 0; i < length; i++ {
		q.pos[p.pos[i]] = int8(i)
	}
	for s := 0; s < symbols; s++ {
		q.sym[p.sym[s]] = int8(s)
	}
	return q
}

// copyTree copies the tree under n with every guess mapped by p. The
// answers keep their (A, B) order, and the figures are unchanged: the
// symmetry keeps every answer.
func (p *perm) copyTree(n *TreeNode, length int) *TreeNode {
	out := *n
	out.Guess = p.apply(n.Guess, length)
	if len(n.Children) > 0 {
		out.Children = make([]TreeBranch, len(n.Children))
		for i, b := range n.Children {
			out.Children[i] = TreeBranch{Feedback: b.Feedback, Node: p.copyTree(b.Node, length)}
		}
	}
	return &out
}
