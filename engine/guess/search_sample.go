package guess

func (f *frame) bestSampled() result {
	r := f.greedy(StrategyEntropy)
	r.method = "greedy-sampled"
	return r
}
