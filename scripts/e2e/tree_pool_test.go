//go:build e2e

package e2e

import (
	"fmt"
	"testing"
)

// The perfect strategy searched by a pool of workers is a strategy: every
// secret, followed through the tree by its answers, reaches a node that
// guesses it, in as many guesses in all as the proof says. The search
// crosses the page between workers as JSON; a code was a number there,
// and past 2^53 (Mastermind's with the sixth colour) JavaScript rounded
// it to another code, so on two workers 584 of Mastermind's 1,296 secrets
// fell off the tree (and 83 of 216 with three pegs).
func TestPerfectTreeOnAPoolFitsEverySecret(t *testing.T) {
	ctx := guessPage(t)
	for _, c := range []struct{ params, length, alphabet string }{
		{`{rules: {length: 3, alphabet: '123456', repeats: true}, objective: 'average'}`, "3", "123456"},
		{`{preset: 'mastermind', objective: 'average', history: [{guess: '1234', a: 0, b: 1}]}`, "4", "123456"},
		{`{preset: 'mastermind', objective: 'worst-then-average'}`, "4", "123456"},
	} {
		for _, workers := range []int{1, 2} {
			got := eval[map[string]any](t, ctx, fmt.Sprintf(`(async () => {
				const params = %s, length = %s, alphabet = %q;
				const engine = await Kibitz.createEngine({workers: %d});
				const r = await engine.call('guess.tree', Object.assign({depth: 0}, params));
				engine.terminate();
				// Mastermind's score: black pegs, then white.
				const score = (s, g) => {
					let a = 0, common = 0;
					const cs = {}, cg = {};
					for (let i = 0; i < length; i++) {
						if (s[i] === g[i]) a++;
						cs[s[i]] = (cs[s[i]] || 0) + 1;
						cg[g[i]] = (cg[g[i]] || 0) + 1;
					}
					for (const k in cg) common += Math.min(cg[k], cs[k] || 0);
					return [a, common - a];
				};
				let secrets = [];
				const all = p => { if (p.length === +length) { secrets.push(p); return; } for (const c of alphabet) all(p + c); };
				all('');
				secrets = secrets.filter(s => (params.history || []).every(h => { const [a, b] = score(s, h.guess); return a === h.a && b === h.b; }));
				let lost = 0, total = 0, example = '';
				for (const s of secrets) {
					let node = r.root, path = [];
					for (;;) {
						path.push(node.guess);
						if (node.guess === s) { total += path.length; break; }
						const [a, b] = score(s, node.guess);
						const branch = (node.answers || []).find(x => x.a === a && x.b === b);
						if (!branch || !branch.node || path.length > 10) {
							lost++;
							example = example || s + ': ' + path.join(' ') + ', then ' + a + ' black ' + b + ' white has no branch';
							break;
						}
						node = branch.node;
					}
				}
				return {secrets: secrets.length, proven: r.proof.here.total, walked: total, lost, example};
			})()`, c.params, c.length, c.alphabet, workers))
			if got["lost"] != 0.0 || got["walked"] != got["proven"] {
				t.Errorf("%s on %d workers: %v", c.params, workers, got)
			}
		}
	}
}
