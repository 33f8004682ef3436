// Runs calculator scenarios with a given calculator module, so Node and the browser run exactly the same loop.

function startTable(calc, ruleset, start = {}, event = {}) {
  const table = calc.newTable(ruleset, event);
  const { seats = [], ...rest } = start;
  Object.assign(table, rest);
  seats.forEach((overrides, index) => Object.assign(table.seats[index], overrides));
  return table;
}

// One step: a ruling, a win, a draw, the win or draw a ruling asked to score next (`pending`, with its prefill), an
// edit, the end of a hanchan or a new session.
function outcomeOf(calc, ruleset, table, step, pending) {
  const options = { lang: step.lang || 'en' };
  if (step.end_hanchan) return calc.endHanchan(table, ruleset);
  if (step.new_session) return calc.newSession(table, ruleset);
  if (step.win) return calc.scoreWin(table, ruleset, step.win, options);
  if (step.draw) return calc.scoreDraw(table, ruleset, step.draw);
  if (step.score_next) {
    const score = pending;
    if (!score) return { errors: { score_next: 'nothing_to_score' } };
    const inputs = { ...score.prefill, ...step.score_next };
    return score.kind === 'win' ? calc.scoreWin(table, ruleset, inputs, options) : calc.scoreDraw(table, ruleset, inputs);
  }
  if (step.edit) return calc.applyStep(table, ruleset, { kind: 'edit', changes: step.edit });
  return calc.applyRuling(table, ruleset, step.ruling, step.inputs || {}, options);
}

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
      else if (outcome.after) pending = null;
    }
    return { table, steps, warnings: calc.warnings(table, ruleset) };
  });
}
