// Runs table-history scenarios with given modules, so Node and the browser run exactly the same loop: a history
// built step by step (or upgraded once from a stored one with whole-table edits: table-upgrade.js), undo, redo and what
// undoing would change.

export function runHistoryScenarios(modules, rulesets, scenarios) {
  const { history: h, stored, upgrade } = modules;
  return scenarios.map((scenario) => {
    const ruleset = rulesets[scenario.ruleset];
    let history = scenario.legacy ? upgrade.upgradeHistory(scenario.legacy, ruleset, '2026-01-01T00:00:00.000Z')
      : h.emptyHistory(ruleset, scenario.event || {});
    const impacts = [];
    let at = 0;
    const stamp = () => `2026-05-01T10:${String(at++).padStart(2, '0')}:00.000Z`;
    for (const op of scenario.ops || []) {
      if (op.add) {
        const step = op.add.kind === 'edit'
          ? h.editStep(h.currentTable(history, ruleset), op.add.edits)
          : op.add;
        if (step) history = h.addStep(history, step, stamp());
      }
      if (op.impact) impacts.push(h.undoImpact(history, ruleset, op.impact));
      if (op.redo_impact) {
        impacts.push(h.redoImpact(history, ruleset, op.redo_impact === true ? undefined : op.redo_impact));
      }
      if (op.undo) history = h.undoStep(history, op.undo === true ? undefined : op.undo);
      if (op.redo) history = h.redoStep(history, op.redo === true ? undefined : op.redo);
    }
    const listed = h.listSteps(history, ruleset);
    return {
      history,
      table: h.currentTable(history, ruleset),
      list: listed.steps.map((item) => ({ id: item.id, kind: item.kind, failed: item.failed, last: item.last })),
      undone: listed.undone.map((item) => item.id),
      impacts,
      problems: stored.tableProblems(JSON.parse(JSON.stringify(history))),
    };
  });
}
