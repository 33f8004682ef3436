"""Possible-duplicates benchmark (not a test): milliseconds for possible-duplicates.js to list the pairs of a roster
of 500, 1,000, 2,000 and 5,000 players in Node, beside its budget (100 ms at 5,000), and, for the record, comparing
every pair (what it did before it was indexed: it grows with the square of the roster).

    .venv/bin/python tests/benchmarks/duplicates_bench.py [--sizes 500 1000 2000 5000] [--rounds 5] [--short] [--json]

The roster is made of names as a venue's walk-ins are typed: first and last names drawn from lists, some of them
again with a letter dropped, changed or swapped, an initial or the words turned round. Each figure is the median of
--rounds runs after one warm-up, in CPU time (Node's process.cpuUsage: a busy machine does not inflate it).
`--short` is the test suite's run (200 players, one round): it proves the script works, not how fast. Node runs at
full speed here; a mid-tier phone is about 4 times slower.
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUDGET_MS = 100  # at 5,000 players
BUDGET_PLAYERS = 5000
NODE = ["node", "--experimental-detect-module", "--no-warnings"]

SCRIPT = """
import { mightBeSamePerson, possibleDuplicates } from '%(module)s';
const [sizes, rounds, everyPairUpTo] = %(args)s;
const FIRST = ['Marco', 'Anna', 'Lea', 'Jean', 'Li', 'Ann', 'Grace', 'Ada', 'Zoe', 'Bjorn', 'Sofia', 'Luca', 'Mei',
  'Hiro', 'Ines', 'Omar', 'Nina', 'Paolo', 'Rosa', 'Yuki'];
let seed = 42;
const random = () => {  // mulberry32: the same roster at every run
  seed = (seed + 0x6D2B79F5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const letters = 'abcdefghiklmnoprstuvz';
const surname = () => Array.from({ length: 5 + Math.floor(random() * 5) }, () => pick(letters)).join('');
function roster(size) {
  const names = [];
  while (names.length < size) {
    const name = `${pick(FIRST)} ${surname()}`;
    names.push(name);
    if (random() < 0.2) {
      const at = 1 + Math.floor(random() * (name.length - 2));
      names.push(pick([name.slice(0, at) + name.slice(at + 1), `${name[0]}. ${name.split(' ')[1]}`,
        name.split(' ').reverse().join(' '), name.slice(0, at) + 'x' + name.slice(at + 1)]));
    }
  }
  return names.slice(0, size).map((name, index) => ({ id: `p${index}`, name }));
}
function everyPair(players) {
  const pairs = [];
  players.forEach((first, index) => {
    for (const second of players.slice(index + 1)) {
      const reason = mightBeSamePerson(first.name, second.name);
      if (reason) pairs.push({ first, second, reason });
    }
  });
  return pairs;
}
function median(work) {  // CPU time, which other work on a shared machine does not inflate as it does wall time
  work();
  const times = [];
  let result;
  for (let n = 0; n < rounds; n += 1) {
    const start = process.cpuUsage();
    result = work();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], result };
}
const rows = sizes.map((size) => {
  const players = roster(size);
  const indexed = median(() => possibleDuplicates(players));
  const row = { players: size, indexed_ms: indexed.ms, pairs: indexed.result.length, every_pair_ms: null };
  if (size <= everyPairUpTo) {
    const slow = median(() => everyPair(players));
    row.every_pair_ms = slow.ms;
    row.same_pairs = slow.result.length === indexed.result.length;
  }
  return row;
});
process.stdout.write(JSON.stringify(rows));
"""


def measure(sizes, rounds, every_pair_up_to):
    module = (ROOT / "webapp" / "static" / "js" / "logic" / "possible-duplicates.js").as_uri()
    source = SCRIPT % {"module": module, "args": json.dumps([sizes, rounds, every_pair_up_to])}
    output = subprocess.run([*NODE, "--input-type=module", "-e", source], check=True, capture_output=True, text=True)
    return json.loads(output.stdout)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[500, 1000, 2000, 5000])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--short", action="store_true", help="the test suite's run: 200 players, one round")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    sizes, rounds, every_pair_up_to = (args.sizes, args.rounds, 2000)
    if args.short:
        sizes, rounds, every_pair_up_to = [200], 1, 200
    rows = measure(sizes, rounds, every_pair_up_to)
    at_budget = next((row["indexed_ms"] for row in rows if row["players"] == BUDGET_PLAYERS), None)
    if args.json:
        print(json.dumps({"rows": rows, "budget_ms": BUDGET_MS, "at_budget_ms": at_budget}))
        return 0
    print(f"possible duplicates in Node, median of {rounds} runs:")
    for row in rows:
        slow = "" if row["every_pair_ms"] is None else f"; every pair {row['every_pair_ms']:8.1f} ms"
        same = "" if "same_pairs" not in row else (" (same pairs)" if row["same_pairs"] else " (PAIRS DIFFER)")
        print(f"  {row['players']:>6} players: indexed {row['indexed_ms']:7.1f} ms, {row['pairs']} pairs{slow}{same}")
    if at_budget is not None:
        print(f"  at {BUDGET_PLAYERS} players       {at_budget:.1f} ms   (budget {BUDGET_MS} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
