"""Possible duplicates indexed (issue 36): possible-duplicates.js compares only the names that share a key, and finds
exactly the pairs comparing every pair would (run in Node on rosters made to hold every reason, and near misses)."""

import random

from helpers import call_module

MODULE = "logic/possible-duplicates.js"
FIRST = ["Marco", "Anna", "Léa", "Jean-Luc", "Li", "Ann", "Grace", "Ada", "Zoë", "Björn"]
LAST = ["Polo", "Rossi", "Müller", "Picard", "Na", "Lee", "Hopper", "Lovelace", "O'Neil", "Andersson"]


def variants(name, rng):
    """Names a referee might type for `name`: a letter dropped, changed or swapped, an initial, another order, no
    space, another case; and a digit, which makes another person."""
    words = name.split(" ")
    letters = name.replace(" ", "")
    at = rng.randrange(1, len(name) - 1)
    return [
        name[:at] + name[at + 1 :],
        name[:at] + "x" + name[at + 1 :],
        name[:at] + name[at + 1] + name[at] + name[at + 2 :],
        " ".join([words[0][0] + ".", *words[1:]]),
        " ".join(reversed(words)),
        letters,
        name.upper(),
        name + " 2",
    ]


def roster(seed, size):
    rng = random.Random(seed)
    names = []
    while len(names) < size:
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        names.append(name)
        names += rng.sample(variants(name, rng), 2)
    players = [{"id": f"p{index}", "name": name} for index, name in enumerate(names[:size])]
    for player in rng.sample(players, size // 10):
        player["deleted"] = True
    for player in rng.sample(players, size // 10):
        player["sameAs"] = "p0"
    return players


def every_pair(players, tmp_path):
    """The pairs comparing every two present players finds, in roster order: [(first id, second id, reason)]."""
    present = [p for p in players if not p.get("deleted") and not p.get("sameAs")]
    pairs = [(a, b) for i, a in enumerate(present) for b in present[i + 1 :]]
    reasons = call_module(MODULE, "mightBeSamePerson", [[a["name"], b["name"]] for a, b in pairs], tmp_path)
    return [(a["id"], b["id"], reason) for (a, b), reason in zip(pairs, reasons, strict=True) if reason]


def test_the_index_finds_exactly_the_pairs_every_comparison_finds_in_roster_order(tmp_path):
    rosters = [roster(seed, 120) for seed in range(6)]
    apart = [["p1 p2", "p3 p5"]] * len(rosters)
    found = call_module(MODULE, "possibleDuplicates", [[r, a] for r, a in zip(rosters, apart, strict=True)], tmp_path)
    reasons = set()
    for players, pairs, kept in zip(rosters, found, apart, strict=True):
        expected = [p for p in every_pair(players, tmp_path) if " ".join(sorted(p[:2])) not in kept]
        assert [(p["first"]["id"], p["second"]["id"], p["reason"]) for p in pairs] == expected
        reasons |= {reason for *_, reason in expected}
    assert reasons == {"letters", "word_order", "initial", "one_typo"}  # the rosters hold every reason


def test_two_names_alike_share_a_key_and_unlike_ones_share_none(tmp_path):
    keys = call_module(MODULE, "nameKeys", [["Marco Polo"], ["Mraco Polo"], ["M. Polo"], ["Anna Rossi"]], tmp_path)
    marco, swapped, initial, anna = (set(k) for k in keys)
    assert marco & swapped and marco & initial
    assert not (marco & anna)
    assert call_module(MODULE, "nameKeys", [[""], ["  "]], tmp_path) == [[], []]
