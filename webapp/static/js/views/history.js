/**
 * The table's history, newest first: each step in words, "Undo" on every step (at once on the newest; an older one
 * first says what undoing it removes and recomputes, and asks), and the undone steps, each of which can be redone.
 */
import { domId, el, format } from './dom.js';
import { formatNumber } from '../logic/format.js';
import { seatLabel } from './shared-parts.js';

/** A field of the table named for the referee: "East · Léa: Table points". */
function fieldName(config, board, path) {
  const calc = config.strings.calc;
  if (path[0] === 'seats') {
    const kind = board.kinds.find((item) => item.kind === path[2]);
    const names = {
      name: calc.name_short, playerId: calc.name_short, riichi: calc.mark_riichi, deposit: calc.deposit,
      offences: calc.offences_short,
      strikes: calc.strikes,
    };
    return format(config.strings.label_value, {
      label: seatLabel(config.strings, board.table, path[1]), value: kind ? kind.label : names[path[2]] ?? path[2] });
  }
  if (path[0] === 'event') return calc[`event_${path[1]}`] ?? path[1];
  return { dealer: calc.dealer, honba: calc.honba, pot: calc.pot }[path[0]] ?? path.join('.');
}

function valueText(config, board, path, value) {
  const calc = config.strings.calc;
  if (value === null || value === undefined || value === '') return '–';
  if (path[0] === 'dealer') return config.strings.winds[value];
  if (path[2] === 'playerId') return board.names?.(value) ?? '–';  // a person by their name, never by their id
  if (typeof value === 'boolean') return value ? calc.yes : calc.no;
  if (typeof value === 'number') return formatNumber(config.lang, value);
  if (typeof value === 'object') return Object.values(value).map((item) => formatNumber(config.lang, item)).join(' / ');
  return String(value);
}

/** One change in words: "East: Table points 25,000 → 30,000". */
export function changeText(config, board, change) {
  return `${fieldName(config, board, change.path)} ${valueText(config, board, change.path, change.from)} → ${valueText(config, board, change.path, change.to)}`;
}

/** A step in words. */
export function stepText(config, ruleset, board, step) {
  const calc = config.strings.calc;
  const who = (seat) => (seat === null || seat === undefined || seat === '' ? '' : ` (${seatLabel(config.strings, board.table, Number(seat))})`);
  if (step.kind === 'ruling') {
    const ruling = Object.hasOwn(ruleset.rulings, step.rulingId) ? ruleset.rulings[step.rulingId] : null;
    const label = ruling ? `${ruleset.penalties[ruling.penalty]?.label ?? ''} — ${ruling.title}` : step.rulingId;
    return `${label}${who(step.inputs?.offender)}`;
  }
  if (step.kind === 'win') return `${calc.step_win}${who(step.inputs?.winner)}`;
  if (step.kind === 'draw') return calc.step_draw;
  if (step.kind === 'edit') {
    const changes = new Intl.ListFormat(config.lang, { type: 'unit' }).format((step.changes || []).map((change) => changeText(config, board, change)));
    return format(config.strings.label_value, { label: step.origin === 'migration' ? calc.step_migration : calc.step_edit, value: changes });
  }
  return calc[`step_${step.kind.replace('-', '_')}`] || step.kind;
}

/** What undoing a step will do, asked before it is done. impact: {step, later, values}. */
function undoConfirm(config, ruleset, board, impact, on) {
  const calc = config.strings.calc;
  return el('div', { class: 'undo-confirm', id: 'undo-confirm', role: 'alertdialog', 'aria-labelledby': 'undo-confirm-title', 'data-step': impact.step.id },
    el('h3', { id: 'undo-confirm-title', tabindex: '-1' }, calc.undo_confirm_title),
    el('p', { id: 'undo-removes' }, format(calc.undo_removes, { step: stepText(config, ruleset, board, impact.step) })),
    impact.values.length ? [el('p', {}, calc.undo_values),
      el('ul', { id: 'undo-values' }, impact.values.map((change) => el('li', { 'data-path': change.path.join('.') }, changeText(config, board, change))))]
      : el('p', { id: 'undo-values-none' }, calc.undo_no_values),
    impact.later.length ? [el('p', {}, calc.undo_later),
      el('ul', { id: 'undo-later' }, impact.later.map((item) => el('li', { 'data-step': item.id, 'data-fails': String(item.fails) },
        item.fails ? format(calc.undo_later_fails, { step: stepText(config, ruleset, board, board.byId[item.id]) })
          : stepText(config, ruleset, board, board.byId[item.id]))))] : null,
    el('div', { class: 'form-actions' },
      el('button', { type: 'button', class: 'button primary', id: 'undo-confirm-yes', onclick: () => on.undo(impact.step.id) }, calc.confirm_undo),
      el('button', { type: 'button', class: 'button secondary', id: 'undo-confirm-no', onclick: () => on.askUndo(null) }, calc.cancel)));
}

/**
 * board.steps: [{id, kind, at, step, failed, last}] newest first; board.undone: [{id, step}]; ui.confirm: the
 * impact of the undo being asked, or null. on: {undo(id), askUndo(id), redo(id)}.
 */
export function renderHistory(config, ruleset, board, ui, on) {
  const calc = config.strings.calc;
  const time = (at) => new Intl.DateTimeFormat(config.lang, { timeStyle: 'short' }).format(new Date(at));
  const rows = board.steps.map((item) => {
    const text = stepText(config, ruleset, board, item.step);
    return el('li', { 'data-step': item.id, 'data-kind': item.kind, 'data-failed': String(item.failed), class: item.failed ? 'failed' : null },
      el('span', { class: 'step-text' }, text),
      el('span', { class: 'choice-meta' }, ` ${time(item.at)}`),
      item.failed ? el('span', { class: 'choice-meta', 'data-problem': 'failed' }, ` ${calc.step_failed}`) : null,
      el('button', {
        type: 'button', class: 'button secondary small', id: domId('undo', item.id), 'data-undo': item.id, 'aria-label': format(config.strings.label_value, { label: calc.undo, value: text }),
        onclick: () => (item.last ? on.undo(item.id) : on.askUndo(item.id)),
      }, calc.undo),
      ui.confirm?.step.id === item.id ? undoConfirm(config, ruleset, board, ui.confirm, on) : null);
  });
  const undone = board.undone.map((item) => {
    const text = stepText(config, ruleset, board, item.step);
    return el('li', { 'data-step': item.id },
      el('span', { class: 'step-text' }, text),
      el('button', {
        type: 'button', class: 'button secondary small', id: domId('redo', item.id), 'data-redo': item.id, 'aria-label': format(config.strings.label_value, { label: calc.redo, value: text }),
        onclick: () => on.redo(item.id),
      }, calc.redo));
  });
  return el('section', { class: 'history', 'aria-labelledby': 'history-title' },
    el('h2', { id: 'history-title' }, calc.history),
    rows.length ? el('ol', { id: 'history', reversed: true }, rows) : el('p', { id: 'history-empty' }, calc.no_steps),
    undone.length ? [el('h3', { id: 'undone-title' }, calc.undone_title), el('ul', { id: 'undone' }, undone)] : null);
}
