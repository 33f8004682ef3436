// Runs calculator scenarios with a given calculator module, so Node and the browser run exactly the same loop.

function startTable(calc, ruleset, start = {}) {
  const table = calc.newTable(ruleset);
  const { seats = [], ...rest } = start;
  Object.assign(table, rest);
  seats.forEach((overrides, index) => Object.assign(table.seats[index], overrides));
  return table;
}

export function runScenarios(calc, rulesets, scenarios) {
  return scenarios.map((scenario) => {
    const ruleset = rulesets[scenario.ruleset];
    let table = startTable(calc, ruleset, scenario.start);
    const steps = [];
    for (const step of scenario.steps) {
      let outcome;
      if (step.end_hanchan) outcome = calc.endHanchan(table, ruleset);
      else if (step.new_session) outcome = calc.newSession(table);
      else outcome = calc.applyRuling(table, ruleset, step.ruling, step.inputs || {});
      steps.push({ ...outcome, after: undefined });
      if (outcome.after) table = outcome.after;
    }
    return { table, steps, warnings: calc.warnings(table, ruleset) };
  });
}
