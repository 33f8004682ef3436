/**
 * The scoreboard: the four seats at a glance in their 2x2 (one a row when the text is large for the screen: wind,
 * dealer, name, each score with its label, small marks for the state that matters at the table, riichi in one tap),
 * each edited in a sheet over the board, where WSOM's live penalty tiles turn dead in one tap; every field is kept as
 * soon as it changes. While a win or draw is scored by taps, a tap on a seat picks it; after a scoring, each seat
 * shows for a few seconds what moved.
 */
import { el, format } from './dom.js';
import { formatNumber, formatSigned } from '../logic/format.js';
import { field, keepField, keepOnEnter, refocus, staleNote } from './shared-parts.js';
import { statusData, statusText } from './status.js';

/** A number as it reads on the board: empty ("–") while a start is not set yet. */
function shown(lang, value) {
  return value === null || value === undefined ? '–' : formatNumber(lang, value);
}

/** The small marks of one seat: [{mark, text}], only the states this seat is in; extra: the player's record. */
function marksOf(config, seat, extra) {
  const calc = config.strings.calc;
  const marks = [];
  if (seat.riichi) marks.push({ mark: 'riichi', text: calc.mark_riichi });
  if (seat.deadHand) marks.push({ mark: 'dead-hand', text: calc.dead_hand });
  if (seat.liveTiles) marks.push({ mark: 'live-tiles', text: `${calc.live_tiles} ${seat.liveTiles}` });
  if (seat.deadTiles) marks.push({ mark: 'dead-tiles', text: `${calc.dead_tiles} ${seat.deadTiles}` });
  // Each count with its own next step: MCR's session offences and its obstruction or time-wasting kept apart.
  for (const { id, count, next } of extra.counts) {
    if (!count) continue;
    const mark = id === 'session' ? 'offences' : id;
    marks.push({ mark, count, next, text: format(calc[`mark_${mark}`], { count, points: next }) });
  }
  if (extra.strikes?.inWindow) marks.push({ mark: 'strikes', count: extra.strikes.inWindow, text: `${calc.strikes} ${extra.strikes.inWindow}` });
  if (extra.status.state !== 'ok') marks.push({ mark: extra.status.state, text: statusText(config, extra.status) });
  if (seat.substituted) marks.push({ mark: 'substituted', text: calc.substituted });
  if (seat.sessionLost !== undefined && seat.sessionLost !== null) marks.push({ mark: 'session-lost', text: calc.session_lost });
  if (seat.disqualified) marks.push({ mark: 'disqualified', text: calc.disqualified });
  return marks;
}

/** A number field that keeps what is typed (decimal keypad) with a ± key, since phones' keypads may have no minus. */
function numberField(id, label, value, { commit, focusId, from }) {
  const input = refocus(el('input', {
    type: 'text', inputmode: 'decimal', autocomplete: 'off', name: id, 'data-field': id, value,
    'data-from': JSON.stringify(from ?? null), onchange: (event) => commit(event.target),
  }), focusId);
  const sign = el('button', {
    type: 'button', class: 'button secondary sign-key', id: `${id}-sign`, 'aria-label': label.sign,
    // Keep the focus (and the typing) in the field: a tap on ± must not end the edit before the sign is there.
    onmousedown: (event) => event.preventDefault(),
    onpointerdown: (event) => event.preventDefault(),
    onclick: () => {
      const typed = document.getElementById(id);
      const text = typed.value.trim();
      typed.value = /^[-−]/.test(text) ? text.replace(/^[-−]\s*/, '') : `-${text}`;
      typed.focus();
    },
  }, '±');
  const wrapper = field(id, label.text, input);
  wrapper.classList.add('number-field');
  wrapper.append(sign);
  return wrapper;
}

/** The editor of one seat, in place: name, scores, riichi, dealer. */
function seatEditor(config, board, index, on, ui) {
  const { strings } = config;
  const calc = strings.calc;
  const seat = board.table.seats[index];
  // Handlers read their control from the event: a screen drawn again keeps the node and hands it the new handlers.
  const commit = (control, path, value) => keepField(strings, control,
    (from) => on.edit(control.dataset.field, path, value, { from }));
  const from = (value) => JSON.stringify(value ?? null);
  const name = refocus(el('input', {
    type: 'text', name: `seat-${index}-name`, 'data-field': `seat-${index}-name`, maxlength: '40', autocomplete: 'off', value: seat.name,
    list: board.rosterNames.length ? 'roster-names' : null, 'data-from': from(seat.name),
    onchange: (event) => commit(event.target, ['seats', index, 'name'], event.target.value.trim()),
  }), ui.focus);
  const scores = board.kinds.map((kind) => numberField(`seat-${index}-${kind.kind}`, { text: kind.label, sign: format(calc.sign_key, { field: kind.label }) },
    on.formatInput(seat[kind.kind], kind.decimals),
    { commit: (control) => commit(control, ['seats', index, kind.kind], control.value), focusId: ui.focus, from: seat[kind.kind] }));
  const riichi = board.features.riichi ? el('label', { class: 'check' },
    refocus(el('input', {
      type: 'checkbox', id: `seat-${index}-riichi`, name: `seat-${index}-riichi`, 'data-field': `seat-${index}-riichi`, checked: seat.riichi,
      'data-from': from(seat.riichi), onchange: (event) => commit(event.target, ['seats', index, 'riichi'], event.target.checked),
    }), ui.focus), calc.riichi) : null;
  const dealer = board.table.dealer === index ? null : el('button', {
    type: 'button', class: 'button secondary', id: `seat-${index}-make-dealer`,
    onclick: (event) => commit(event.target, ['dealer'], index),
  }, calc.make_dealer);
  // WSOM: a live penalty tile may be discarded at this discard or the next; then the ones left are dead.
  const tiles = seat.liveTiles ? el('div', { class: 'form-actions', id: `seat-${index}-tiles` },
    el('button', { type: 'button', class: 'button secondary', id: `seat-${index}-tiles-dead`, onclick: () => on.deadTiles(index) }, calc.tiles_dead),
    el('button', {
      type: 'button', class: 'button secondary', id: `seat-${index}-tiles-dead-discarded`,
      onclick: () => on.deadTiles(index, { discarded: true }),
    }, calc.tiles_dead_discarded)) : null;
  return el('form', {
    class: 'seat-editor', id: `seat-${index}-editor`, novalidate: true, 'data-rev': board.rev, onkeydown: keepOnEnter, onsubmit: (event) => event.preventDefault(),
  },
  staleNote(`seat-${index}-editor`, strings),
  field(`seat-${index}-name`, calc.name, name), scores, riichi, tiles, dealer,
  el('p', { class: 'field-error', id: `seat-${index}-status`, role: 'status' }),
  el('button', { type: 'button', class: 'button secondary', id: `seat-${index}-done`, onclick: () => on.open(null) }, calc.done));
}

/** The part a seat plays in the win or draw being scored by taps: 'winner', 'discarder', 'tenpai' or null. */
function tapRole(tap, index) {
  if (!tap) return null;
  if (tap.kind === 'draw') return tap.tenpai.includes(index) ? 'tenpai' : null;
  if (tap.winner === index) return 'winner';
  return tap.discarder === index ? 'discarder' : null;
}

/** One seat: a button showing it (tap to edit it in a sheet, or to pick it while scoring by taps) and riichi in one
 * tap. */
function seatCard(config, board, index, on, ui) {
  const { strings, lang } = config;
  const calc = strings.calc;
  const seat = board.table.seats[index];
  const open = ui.open === index;
  const dealer = board.table.dealer === index;
  const extra = board.seatExtras[index];
  const marks = marksOf(config, seat, extra);
  const role = tapRole(ui.tap, index);
  const moved = ui.moved?.deltas?.[index];
  const summary = el('button', {
    type: 'button', class: 'seat-summary', id: `seat-${index}`,
    'aria-expanded': ui.tap ? null : String(open), 'aria-controls': open ? `seat-${index}-editor` : null,
    'aria-pressed': ui.tap ? String(Boolean(role)) : null, 'data-tap-role': role,
    ...statusData(extra),
    onclick: () => (ui.tap ? on.tapSeat(index) : on.open(open ? null : index)),
  },
  el('span', { class: 'seat-top' },
    el('span', { class: 'seat-wind' }, strings.winds[index]),
    dealer ? el('span', { class: 'mark dealer-mark', 'data-mark': 'dealer' }, calc.dealer) : null),
  el('span', { class: 'seat-name', 'data-name': seat.name }, seat.name || calc.no_name),
  // The scores, what moved and the marks in one block, laid out on the card's rows (app.css).
  el('span', { class: 'seat-rest' },
    board.kinds.map((kind) => el('span', { class: 'seat-score', 'data-score': kind.kind, 'data-value': seat[kind.kind] ?? '' },
      el('span', { class: 'seat-score-label' }, `${kind.label} `), el('span', { class: 'seat-score-value' }, shown(lang, seat[kind.kind])))),
    moved !== undefined && moved !== 0 ? el('span', { class: 'seat-moved', 'data-moved': moved }, formatSigned(lang, moved)) : null,
    marks.length ? el('span', { class: 'seat-marks' }, marks.map((item) => el('span', {
      class: 'mark', 'data-mark': item.mark, 'data-count': item.count, 'data-next': item.next ?? undefined,
    }, item.text))) : null));
  const riichi = board.features.riichi && !ui.tap ? el('button', {
    type: 'button', class: 'button secondary small seat-riichi', id: `seat-${index}-riichi-tap`, 'aria-pressed': String(Boolean(seat.riichi)),
    'aria-label': format(strings.label_value, { label: calc.riichi_button, value: strings.winds[index] }), onclick: () => on.riichi(index),
  }, calc.riichi_button) : null;
  return el('li', { class: `seat-card${open ? ' open' : ''}${dealer ? ' dealer' : ''}`, 'data-seat': index }, summary, riichi);
}

/** The open seat's editor, in a sheet over the board (the 2x2 stays in view behind it). */
function seatSheet(config, board, on, ui) {
  if (typeof ui.open !== 'number') return null;
  const editor = seatEditor(config, board, ui.open, on, ui);
  return el('div', {
    class: 'seat-sheet', id: 'seat-sheet', role: 'dialog', 'aria-labelledby': `seat-${ui.open}-sheet-title`,
    onkeydown: (event) => { if (event.key === 'Escape') on.open(null); },
  },
  el('h2', { class: 'sheet-title', id: `seat-${ui.open}-sheet-title` }, config.strings.winds[ui.open]), editor);
}

/** Counters, sticks on the table and the editor for them, for rulesets whose data has them. */
function tableLine(config, board, on, ui) {
  const { strings, lang } = config;
  const calc = strings.calc;
  if (!board.features.riichi) return null;
  const { table } = board;
  const open = ui.open === 'counters';
  const items = [el('span', { 'data-count': 'pot', 'data-value': table.pot }, `${calc.sticks_short} ${formatNumber(lang, board.sticks)}`)];
  if (board.features.counters) items.unshift(el('span', { 'data-count': 'honba', 'data-value': table.honba }, `${calc.honba_short} ${formatNumber(lang, table.honba)}`));
  const commit = (control, path) => keepField(strings, control,
    (from) => on.edit(control.dataset.field, path, control.value, { whole: true, from }));
  const editor = open ? el('form', { class: 'seat-editor', id: 'counters-editor', novalidate: true, 'data-rev': board.rev, onkeydown: keepOnEnter, onsubmit: (event) => event.preventDefault() },
    staleNote('counters-editor', strings),
    board.features.counters ? field('table-honba', calc.honba, refocus(el('input', {
      type: 'text', inputmode: 'numeric', name: 'table-honba', 'data-field': 'table-honba', value: String(table.honba),
      'data-from': JSON.stringify(table.honba), onchange: (event) => commit(event.target, ['honba']),
    }), ui.focus)) : null,
    field('table-pot', calc.pot, refocus(el('input', {
      type: 'text', inputmode: 'numeric', name: 'table-pot', 'data-field': 'table-pot', value: String(table.pot),
      'data-from': JSON.stringify(table.pot), onchange: (event) => commit(event.target, ['pot']),
    }), ui.focus)),
    el('button', { type: 'button', class: 'button secondary', id: 'counters-done', onclick: () => on.open(null) }, calc.done)) : null;
  return el('div', { class: 'table-line' },
    el('button', { type: 'button', class: 'seat-summary counters', id: 'counters', 'aria-expanded': String(open), onclick: () => on.open(open ? null : 'counters') },
      items),
    editor);
}

/**
 * board: {table, kinds: [{kind, label, decimals}], features, seatExtras: [{counts, strikes, status}] (each seat's
 * player record, player-record.js), sticks, rev, rosterNames}; ui: {open: seat index | 'counters' | null, focus:
 * control id, tap, moved};
 * on: {open(which), edit(fieldId, path, value, options) → {ok} | {errors} | {error}, formatInput(value, decimals),
 * riichi(index), tapSeat(index), deadTiles(index, {discarded})}.
 */
export function renderScoreboard(config, board, on, ui) {
  const calc = config.strings.calc;
  return el('section', { class: 'scoreboard', id: 'scoreboard', 'aria-label': calc.scoreboard },
    // The event's roster: a seat's name is picked from it (a new name joins it).
    board.rosterNames.length ? el('datalist', { id: 'roster-names' }, board.rosterNames.map((name) => el('option', { value: name }))) : null,
    el('ol', { class: 'seats' }, board.table.seats.map((_, index) => seatCard(config, board, index, on, ui))),
    tableLine(config, board, on, ui),
    seatSheet(config, board, on, ui));
}
