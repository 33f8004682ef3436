// Runs the calculator's pure module in Node over scenario files: start state + steps -> end state and previews.
import { readFileSync } from 'node:fs';
import { applyRuling, endHanchan, newTable, newSession, warnings } from '../webapp/static/js/calculator.js';

const rulesets = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const scenarios = JSON.parse(readFileSync(process.argv[3], 'utf8'));

function startTable(ruleset, start = {}) {
  const table = newTable(ruleset);
  const { seats = [], ...rest } = start;
  Object.assign(table, rest);
  seats.forEach((overrides, index) => Object.assign(table.seats[index], overrides));
  return table;
}

const results = scenarios.map((scenario) => {
  const ruleset = rulesets[scenario.ruleset];
  let table = startTable(ruleset, scenario.start);
  const steps = [];
  for (const step of scenario.steps) {
    let outcome;
    if (step.end_hanchan) outcome = endHanchan(table, ruleset);
    else if (step.new_session) outcome = newSession(table);
    else outcome = applyRuling(table, ruleset, step.ruling, step.inputs || {});
    steps.push({ ...outcome, after: undefined });
    if (outcome.after) table = outcome.after;
  }
  return { table, steps, warnings: warnings(table, ruleset) };
});
process.stdout.write(JSON.stringify(results));
