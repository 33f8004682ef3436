/** The table screen's form read into a table: every number checked, nothing changed when one is wrong. Pure. */
import { MAX_POINTS, readWhole } from './calculator.js';

/** The score kinds a ruleset keeps per seat: table points, and tournament points where it has them. */
export function scoreKindIds(ruleset) {
  const kinds = [];
  if (ruleset.scoring?.table?.label) kinds.push('table');
  if (ruleset.scoring?.tournament?.label) kinds.push('tournament');
  return kinds;
}

/**
 * values: the form's texts ({'0.name', '0.table', '0.riichi': 'on', dealer, honba, pot}); table: the table the form
 * was made from. Returns {table} or {errors} keyed by field. Negative scores are possible, so they are allowed.
 */
export function readTableForm(values, ruleset, table) {
  const next = JSON.parse(JSON.stringify(table));
  const errors = {};
  next.seats.forEach((seat, index) => {
    seat.name = String(values[`${index}.name`] ?? '').trim().slice(0, 40);
    for (const kind of scoreKindIds(ruleset)) {
      const [value, error] = readWhole(values[`${index}.${kind}`], { min: -MAX_POINTS, max: MAX_POINTS });
      if (error) errors[`${index}.${kind}`] = error;
      else seat[kind] = value;
    }
    seat.riichi = values[`${index}.riichi`] === 'on';
    seat.deposit = values[`${index}.deposit`] === 'on';
  });
  if (values.dealer === undefined || values.dealer === null) errors.dealer = 'choose_seat';
  else next.dealer = Number(values.dealer);
  for (const name of ['honba', 'pot']) {
    const [value, error] = readWhole(values[name], { min: 0, max: 99 });
    if (error) errors[name] = error;
    else next[name] = value;
  }
  return Object.keys(errors).length ? { errors } : { table: next };
}
