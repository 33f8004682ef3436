/** The table screen's controller: the current table, warnings, strikes and history from the stored steps. */
import { replay, warnings } from '../calculator.js';
import { disciplineStatus, localDay } from '../discipline.js';
import { noticesFor } from '../services/health.js';
import { addStep, currentTable, readBoard, resetBoard, saveEdit, undoStep } from '../services/table.js';
import { readTableForm } from '../table-form.js';
import { renderNotices } from '../views/notices.js';
import { renderTable } from '../views/table.js';

/** Each step with the table it applied to, and each seat's strike dates (the day of every step adding a strike). */
function walkSteps(ruleset, history) {
  let before = currentTable(ruleset, { start: history.start, steps: [] });
  const strikes = [[], [], [], []];
  const steps = history.steps.map((step, index) => {
    const after = replay({ start: before, steps: [step] }, ruleset);
    after.seats.forEach((seat, position) => {
      for (let n = before.seats[position].strikes; n < seat.strikes; n += 1) strikes[position].push((step.at || '').slice(0, 10));
    });
    const offender = step.kind === 'ruling' && step.inputs.offender !== undefined && step.inputs.offender !== '' ? Number(step.inputs.offender) : null;
    const shown = { index, kind: step.kind, rulingId: step.rulingId, offender, before };
    before = after;
    return shown;
  });
  return { steps, strikes, table: before };
}

/** What the table screen shows: {status, rev, table, steps, warnings, discipline}. */
function boardView(ruleset, board) {
  if (board.status !== 'ok') return { status: board.status };
  const { steps, strikes, table } = walkSteps(ruleset, board.history);
  const discipline = ruleset.discipline
    ? strikes.map((dates, seat) => ({ seat, ...disciplineStatus(dates.filter(Boolean), ruleset.discipline, localDay()) }))
    : null;
  return { status: 'ok', rev: board.rev, table, steps, warnings: warnings(table, ruleset), discipline };
}

export function createTableScreen(ctx, { ruleset, extra = [] }) {
  const { config } = ctx;
  const done = (result) => {
    if (result.ok) ctx.refresh();
    return result;
  };
  return {
    live: true,
    async render() {
      const board = await readBoard(ruleset);
      const view = boardView(ruleset, board);
      const notices = await noticesFor([{ kind: 'table', id: ruleset.id }], [{ kind: 'table', status: board.status }], { extra });
      const on = {
        save: async (values, rev) => {
          const read = readTableForm(values, ruleset, view.table);
          if (read.errors) return read;
          return done(await saveEdit(ruleset, read.table, rev));
        },
        step: async (kind) => done(await addStep(ruleset, { kind })),
        undo: async (index) => done(await undoStep(ruleset, index, board.history.steps[index])),
        reset: async () => done(await resetBoard(ruleset)),
      };
      return {
        children: renderTable({ config, ruleset, board: view, notices: renderNotices(config, notices, { reload: ctx.reload }), on }),
        title: config.strings.calc.table_title,
      };
    },
  };
}
