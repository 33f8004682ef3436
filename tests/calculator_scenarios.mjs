// Runs calculator scenarios with a given calculator module, so Node and the browser run exactly the same loop.

function startTable(calc, ruleset, start = {}, event = {}) {
  const table = calc.newTable(ruleset, event);
  const { seats = [], ...rest } = start;
  Object.assign(table, rest);
  seats.forEach((overrides, index) => Object.assign(table.seats[index], overrides));
  return table;
}

// A hand entered by taps, as the table screen enters it: started from the pending hand's prefill, each tap a seat or
// 'tsumo', then the values typed; scored by the one function the form uses too. Refused taps are listed in `refused`.
function tapped(calc, ruleset, table, step, pending, options) {
  let tap = calc.startTap(step.tap, calc.pendingPrefill(pending, step.tap));
  const refused = [];
  for (const what of step.taps || []) {
    if (what === 'tsumo') {
      tap = calc.tapTsumo(tap);
      continue;
    }
    const taken = calc.tapSeat(ruleset, table, tap, what);
    tap = taken.tap;
    if (taken.refused) refused.push(taken.refused);
  }
  const outcome = calc.scoreHand(table, ruleset, step.tap, calc.tapEntry(tap, step.values || {}), options);
  return refused.length ? { ...outcome, refused } : outcome;
}

// The edits one tap on the board makes (riichi on a seat, its live penalty tiles turned dead), as an edit step; the
// outcome names them in `edits`.
function boardTap(calc, ruleset, table, step) {
  const edits = step.riichi !== undefined
    ? calc.riichiEdits(ruleset, table, step.riichi, !table.seats[step.riichi].riichi)
    : calc.deadTileEdits(table, step.dead_tiles, { discarded: Boolean(step.discarded) });
  const outcome = calc.applyStep(table, ruleset, { kind: 'edit', changes: edits });
  return { ...outcome, sums: calc.sums(outcome.changes), edits };
}

// One step: a ruling, a win, a draw, the win or draw a ruling asked to score next (`pending`, with its prefill) by its
// form or by taps, an edit or a tap on the board, the end of a hanchan or a new session.
function outcomeOf(calc, ruleset, table, step, pending) {
  const options = { lang: step.lang || 'en' };
  if (step.end_hanchan) return calc.endHanchan(table, ruleset);
  if (step.new_session) return calc.newSession(table, ruleset);
  if (step.win) return calc.scoreWin(table, ruleset, step.win, options);
  if (step.draw) return calc.scoreDraw(table, ruleset, step.draw);
  if (step.score_next) {
    if (!pending) return { errors: { score_next: 'nothing_to_score' } };
    const entry = { ...calc.pendingPrefill(pending, pending.kind), ...step.score_next };
    return calc.scoreHand(table, ruleset, pending.kind, entry, options);
  }
  if (step.tap) return tapped(calc, ruleset, table, step, pending, options);
  if (step.riichi !== undefined || step.dead_tiles !== undefined) return boardTap(calc, ruleset, table, step);
  if (step.edit) return { ...calc.applyStep(table, ruleset, { kind: 'edit', changes: step.edit }), sums: calc.sums([]) };
  return calc.applyRuling(table, ruleset, step.ruling, step.inputs || {}, options);
}

/** Whether a step is an edit of the table, which leaves the pending hand pending (hand-entry.js pendingHand). */
const isEdit = (step) => Boolean(step.edit) || step.riichi !== undefined || step.dead_tiles !== undefined;

export function runScenarios(calc, rulesets, scenarios) {
  return scenarios.map((scenario) => {
    const ruleset = rulesets[scenario.ruleset];
    let table = startTable(calc, ruleset, scenario.start, scenario.event);
    const steps = [];
    let pending = null;
    for (const step of scenario.steps) {
      const outcome = outcomeOf(calc, ruleset, table, step, pending);
      steps.push({ ...outcome, after: undefined });
      if (outcome.after) table = outcome.after;
      if (outcome.next?.score) pending = outcome.next.score;
      else if (outcome.after && !isEdit(step)) pending = null;
    }
    return { table, steps, warnings: calc.warnings(table, ruleset) };
  });
}
