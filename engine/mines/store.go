package mines

import "math"

// records is a growing list of fixed-size records (a state's vector, or
// its bit set) kept in blocks of about a megabyte. A big component's
// states take hundreds of megabytes; kept in one slice, they would be
// copied at every growth, leave the old copies as garbage, and, in a
// browser's WebAssembly memory, which never shrinks, fragment the address
// space until the worker runs out of it. Blocks are never copied (but the
// first, while it grows to full size) and are kept for the next analysis.
type records[T float64 | uint64] struct {
	size   int   // elements per record
	per    int   // records per block (the first block may hold fewer while it grows)
	blocks [][]T // the blocks owned, in use or kept for reuse
	n      int   // records in use
}

// blockLen is the elements in a block (a megabyte), unless one record is
// larger.
const blockLen = 1 << 17

// reset empties the list for records of size elements, keeping its blocks.
func (r *records[T]) reset(size int) {
	r.size, r.per, r.n = size, max(blockLen/size, 1), 0
}

// add appends a zeroed record and returns it.
func (r *records[T]) add() []T {
	b, i := r.n/r.per, r.n%r.per
	if b == len(r.blocks) {
		r.blocks = append(r.blocks, nil)
	}
	blk := r.blocks[b]
	end := (i + 1) * r.size
	if cap(blk) < end {
		// The first block grows by doubling up to its full size, so a
		// layer of a few states takes little; later blocks are whole
		// from the start.
		size := r.per * r.size
		if b == 0 {
			size = min(max(2*cap(blk), 16*r.size), size)
		}
		grown := make([]T, end, size)
		copy(grown, blk[:i*r.size])
		blk = grown
	}
	blk = blk[:end]
	r.blocks[b] = blk
	r.n++
	rec := blk[i*r.size : end]
	clear(rec)
	return rec
}

// at returns record i.
func (r *records[T]) at(i int) []T {
	b, k := i/r.per, i%r.per
	return r.blocks[b][k*r.size : (k+1)*r.size]
}

// bytes is the memory r's blocks hold, those kept from before included.
func (r *records[T]) bytes() int64 {
	n := int64(0)
	for _, b := range r.blocks {
		n += int64(cap(b)) * 8
	}
	return n
}

// normalizeRecords rescales records from..to-1 by one power of two, as
// normalize does for a slice, and returns the largest weight before and
// the exponent.
func normalizeRecords(r *records[float64], from, to int) (float64, int) {
	hi := 0.0
	for i := from; i < to; i++ {
		hi = largest(hi, r.at(i))
	}
	e := rescaleExponent(hi)
	if e != 0 {
		f := math.Ldexp(1, -e)
		for i := from; i < to; i++ {
			scaleBy(r.at(i), f)
		}
	}
	return hi, e
}
