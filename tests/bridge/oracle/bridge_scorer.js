// Scores the boards read as JSON from stdin with the npm bridge-scorer library, for
// tests/bridge/test_imps_oracle.py. Input: {"boards": [[ns score, ...], ...], "differences": [...]}.
// Each board holds only the scores of pairs that played it. Output: one object per board
// with the library's NS and EW matchpoints (2 per pair beaten), cross-IMPs, Butler IMPs
// and datum, and the IMPs of each difference by the library's own scale.
'use strict';
const path = require('path');
const root = process.argv[2];
const scorer = require(path.join(root, 'node_modules', 'bridge-scorer'));
const scale = require(path.join(root, 'node_modules', 'bridge-scorer', 'lib', 'imps'));

function games(scores) {
    // Every score is given as North's, so the library's NS score is the score itself
    // (a 0 is its "passed in", which it scores as 0 too).
    return scores.map((score) => (score === 0 ? { score: 0 } : { contract: { declaror: 'N' }, score }));
}

const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const boards = input.boards.map((scores) => {
    const mp = scorer.matchpoints(games(scores));
    const cross = games(scores);
    scorer.crossImps(cross);
    const butler = games(scores);
    const datum = scorer.butler(butler);
    return {
        mp_ns: mp.map((g) => g.matchpointsNS.value),
        mp_ew: mp.map((g) => g.matchpointsEW.value),
        pct_ns: mp.map((g) => g.matchpointsNS.percentage),
        cross_ns: cross.map((g) => g.impsNS.value),
        cross_ew: cross.map((g) => g.impsEW.value),
        butler_ns: butler.map((g) => g.impsNS.value),
        butler_datum: datum,
    };
});
const imps = input.differences.map((d) => scale.toImps(d));
process.stdout.write(JSON.stringify({ boards, imps }));
