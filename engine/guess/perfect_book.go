package guess

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"sync"
)

// The shipped strategies: perfect trees for 1a2b-4 (5,040 codes), which
// is too big to solve live. They were computed by
//
//	go run ./scripts/perfecttree write
//
// and reach the published optima (see that command for how).
//
// The trees are in perfect_data.go. A tree is stored as the guesses of its nodes in preorder, each as the
// index of the code in the order of Rules.Codes (two bytes, big-endian),
// gzipped. Nothing else is needed: replaying a guess on the node's
// secrets gives its answers, and the branches follow in (A, B) order; a
// branch with one secret guesses it and is not stored.

// shippedSpec names a shipped tree: the shape of the rules and the
// objective.
type shippedSpec struct {
	length, symbols int
	repeats         bool
	objective       Objective
}

// ShippedName is the key of a shipped tree in shippedData.
func ShippedName(r *Rules, obj Objective) string {
	rep := ""
	if r.Repeats {
		rep = "r"
	}
	return fmt.Sprintf("%d_%d%s_%s", r.Length, r.Symbols(), rep, obj)
}

var shipped struct {
	sync.Mutex
	trees map[shippedSpec]*Tree // nil value: no such file
}

// shippedTrees returns the perfect strategies that come with the engine
// for the rules' shape and the objective, decoded on first use.
func shippedTrees(r *Rules, obj Objective) []*Tree {
	spec := shippedSpec{r.Length, r.Symbols(), r.Repeats, obj}
	shipped.Lock()
	defer shipped.Unlock()
	if t, ok := shipped.trees[spec]; ok {
		if t == nil {
			return nil
		}
		return []*Tree{t}
	}
	if shipped.trees == nil {
		shipped.trees = map[shippedSpec]*Tree{}
	}
	data, ok := shippedData[ShippedName(r, obj)]
	if !ok {
		shipped.trees[spec] = nil
		return nil
	}
	root, err := NewPosition(context.Background(), r, nil)
	if err != nil {
		panic("guess: " + err.Error())
	}
	t, err := DecodeTree(root, obj, []byte(data))
	if err != nil {
		panic("guess: a shipped tree does not decode: " + err.Error())
	}
	t.Proof.Source = "shipped"
	shipped.trees[spec] = t
	return []*Tree{t}
}

// EncodeTree writes a strategy in the shipped form.
func EncodeTree(t *Tree) ([]byte, error) {
	index := map[Code]uint16{}
	i := 0
	for c := range t.Rules.Codes() {
		index[c] = uint16(i)
		i++
	}
	var raw []byte
	var walk func(n *TreeNode)
	walk = func(n *TreeNode) {
		if n.Secrets == 1 {
			return
		}
		raw = binary.BigEndian.AppendUint16(raw, index[n.Guess])
		for _, b := range n.Children {
			walk(b.Node)
		}
	}
	walk(t.Root)
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(raw)
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// DecodeTree reads a strategy written by EncodeTree from the position it
// starts at, replaying it over the position's candidates to recover its
// branches and figures.
func DecodeTree(p *Position, obj Objective, data []byte) (*Tree, error) {
	r := p.Rules
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	all, err := r.AllCodes()
	if err != nil {
		return nil, err
	}
	sp := newSpace(r)
	pos := 0
	var build func(set []Code, depth int) (*TreeNode, error)
	build = func(set []Code, depth int) (*TreeNode, error) {
		if depth > len(all) {
			return nil, fmt.Errorf("guess: the tree does not end")
		}
		node := &TreeNode{Secrets: len(set), Total: len(set), Worst: 1}
		if len(set) == 1 {
			node.Guess, node.Win, node.AtWorst = set[0], true, 1
			return node, nil
		}
		if pos+2 > len(raw) {
			return nil, fmt.Errorf("guess: the tree is cut short")
		}
		i := int(binary.BigEndian.Uint16(raw[pos:]))
		pos += 2
		if i >= len(all) {
			return nil, fmt.Errorf("guess: code index %d out of range", i)
		}
		node.Guess = all[i]
		classes := map[class][]Code{}
		for _, c := range set {
			k := sp.scoreOne(node.Guess, c)
			if k == sp.win {
				node.Win = true
				continue
			}
			classes[k] = append(classes[k], c)
		}
		for _, k := range sp.classes {
			sub, ok := classes[k]
			if !ok {
				continue
			}
			if len(sub) == len(set) {
				return nil, fmt.Errorf("guess: a guess of the tree learns nothing")
			}
			kid, err := build(sub, depth+1)
			if err != nil {
				return nil, err
			}
			node.AddBranch(k.feedback(), kid)
		}
		if node.Win && node.Worst == 1 {
			node.AtWorst++
		}
		return node, nil
	}
	root, err := build(p.Candidates, 0)
	if err != nil {
		return nil, err
	}
	if pos != len(raw) {
		return nil, fmt.Errorf("guess: %d bytes left after the tree", len(raw)-pos)
	}
	t := &Tree{Rules: r, Objective: obj, Turns: p.Turns, Root: root}
	t.Proof = Proof{Objective: obj, Secrets: root.Secrets, Total: root.Total, Worst: root.Worst, AtWorst: root.AtWorst, Source: "shipped"}
	return t, nil
}
