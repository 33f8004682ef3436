"""The vocabulary of consequences a ruling can carry, shared by every ruleset and read by the calculator."""

# effect type -> {parameter: allowed values, or a type}
EFFECTS = {
    # Points taken off the offender's tournament score (overall, season or penalty points); nobody receives them.
    "penalty_points": {"amount": int, "per": ("minute",), "max": int, "range": list, "applies_to": ("offender", "all")},
    # The next step of the ruleset's progressive scale for this offender.
    "progressive": {"carries_over": bool},
    # The offender pays this many table points to each opponent.
    "payment": {"amount": int},
    # Chombo payment in table points, by whether the offender is the dealer.
    "chombo_payment": {"to_dealer": int, "to_non_dealer": int, "dealer_to_each": int},
    # What happens to the hand: re-deal, riichi deposits, counters, dealer rotation, noten payments.
    "hand": {
        "redeal": bool,
        "deposits": ("returned", "kept"),
        "counter": ("none", "normal"),
        "dealer": ("stays", "passes", "passes_if_offender", "normal"),
        "noten_payments": bool,
    },
    # The offender's hand is dead: no call, no riichi, no win; noten at the end.
    "dead_hand": {},
    # WSOM penalty tiles left face up beside the offender's hand.
    "penalty_tiles": {"count": (int, "exposed"), "state": ("live", "dead"), "exempt": int},
    # A warning is recorded; nothing else changes.
    "warning": {},
    # A strike is recorded on the offender's profile.
    "strike": {},
    # A substitute plays in the offender's place.
    "substitute": {},
    # The offender loses the session and scores this many table points.
    "session_lost": {"table_points": int},
    # The offender leaves the tournament.
    "disqualification": {},
    # The call or declaration has no effect, and the game goes on.
    "call_voided": {},
    # A penalty that would have applied is cancelled.
    "voided": {},
    # Who pays a win when a risky discard made someone liable.
    "liability": {"self_draw": ("liable_pays_all", "discarder_pays_all"), "discard": ("split", "discarder_pays_all"),
                  "scored_as": ("self_draw",)},
    # The offender may not claim the current discard.
    "no_claim": {},
    # Points of flowers do not count for this hand.
    "flowers_void": {},
}


def _allowed(spec, value):
    """Tell whether one parameter value fits its spec (a type, or a tuple of values and types)."""
    choices = spec if isinstance(spec, tuple) else (spec,)
    for choice in choices:
        if isinstance(choice, type):
            if isinstance(value, choice) and not (choice is int and isinstance(value, bool)):
                return True
        elif value == choice:
            return True
    return False


def check_effect(effect):
    """Return the problems of one effect, as messages."""
    if not isinstance(effect, dict) or "type" not in effect:
        return ["an effect is a mapping with a 'type'"]
    kind = effect["type"]
    if kind not in EFFECTS:
        return [f"unknown effect type '{kind}'"]
    problems = []
    for key, value in effect.items():
        if key == "type":
            continue
        if key not in EFFECTS[kind]:
            problems.append(f"effect '{kind}' has no parameter '{key}'")
        elif not _allowed(EFFECTS[kind][key], value):
            problems.append(f"effect '{kind}': '{key}' cannot be {value!r}")
    return problems
