/**
 * Screens update in place: a render builds the screen's nodes anew, and patch() brings the page's nodes to match
 * them without replacing what stays, matched by id (or data-key) and else by position. A node that stays keeps its
 * focus, caret, scroll, open state and a press on it, and an edited field keeps what was typed: a change made
 * elsewhere never replaces a field being typed in. Handlers given through el()'s `on…` attributes move to the node
 * kept (dom.js keeps them per node).
 *
 * A unit is built as a whole and replaced as a whole: a view whose own listeners (dom.js listen) hold its nodes in
 * their closures (a form that previews as it is filled) cannot have its nodes swapped one by one. A form with such a
 * listener is a unit, as is any node marked with unit() or holding listen() listeners outside a form. A unit that
 * holds unsaved input is kept as it is, and says so when the data it was filled from changed (data-rev); the next
 * render after its save replaces it. keep() memoizes a unit between renders, so what did not change is not rebuilt.
 */
import { hasListeners, moveHandlers } from './dom.js';
import { isDirty, savedHere, showStale } from './form-state.js';

const SAVED_HERE = (control) => savedHere(control);

const UNITS = new WeakSet();
/** The open state each kept <details> was last rendered with: a change of it is the view's, not the referee's. */
const RENDERED_OPEN = new WeakMap();

/** Mark a node as a unit: it is replaced whole, never patched inside. */
export function unit(node) {
  UNITS.add(node);
  return node;
}

const keyOf = (node) => (node.nodeType === Node.ELEMENT_NODE ? node.id || node.dataset.key || null : null);

/** Whether a node built by a view is a unit (see the module header). */
function isUnit(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return false;
  if (UNITS.has(node) || node.hasAttribute('data-unit')) return true;
  if (hasListeners(node)) return true;
  if (node.tagName === 'FORM') return [...node.querySelectorAll('*')].some(hasListeners);
  return false;
}

const CONTROLS = 'input, select, textarea';

/** Whether a node holds input the referee typed and has not saved. */
function holdsInput(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return false;
  const controls = node.matches(CONTROLS) ? [node] : [...node.querySelectorAll(CONTROLS)];
  return controls.some((control) => control.name && isDirty(control) && !control.closest('[data-transient]'));
}

/** Bring an attribute list of a kept node to the new one's (form controls' values are handled apart). */
function patchAttributes(old, fresh) {
  for (const { name } of [...old.attributes]) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of [...fresh.attributes]) {
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
}

/** The stored value a control was rendered with, as text: its default value, or its default check. */
function defaultOf(control) {
  if (control.type === 'checkbox' || control.type === 'radio') return String(control.defaultChecked);
  if (control.tagName === 'SELECT') return [...control.options].filter((option) => option.defaultSelected).map((option) => option.value).join(',');
  return control.defaultValue;
}

/**
 * A kept form control takes the new rendering (attributes, stored value). One with unsaved input keeps what was
 * typed and everything it was filled from (its data-from): a save then checks that against what is stored, and the
 * form says at once when the stored value under it changed.
 */
function patchControl(old, fresh) {
  if (isDirty(old)) {
    const changed = defaultOf(old) !== defaultOf(fresh) && !SAVED_HERE(old);
    if (changed && old.form && !old.form.dataset.stale) showStale(old.form, 'changed');
    return;
  }
  patchAttributes(old, fresh);
  if (old.type === 'checkbox' || old.type === 'radio') {
    old.defaultChecked = fresh.defaultChecked;
    old.checked = fresh.checked;
  } else if (old.tagName === 'SELECT') {
    patchChildren(old, [...fresh.childNodes]);
    old.selectedIndex = fresh.selectedIndex;
  } else {
    old.defaultValue = fresh.defaultValue;
    old.value = fresh.value;
  }
}

/** Whether `old` can be kept in the place of `fresh` (same kind of node, same key, and neither is a unit). */
function sameKind(old, fresh) {
  if (old.nodeType !== fresh.nodeType) return false;
  if (old.nodeType !== Node.ELEMENT_NODE) return true;
  return old.tagName === fresh.tagName && keyOf(old) === keyOf(fresh) && !isUnit(fresh) && !UNITS.has(old)
    && (old.tagName !== 'INPUT' || old.type === fresh.type);
}

/** Make `old` (kept) look like `fresh`; returns the node that is now in the page. */
function patchNode(old, fresh) {
  if (old.nodeType === Node.TEXT_NODE || old.nodeType === Node.COMMENT_NODE) {
    if (old.data !== fresh.data) old.data = fresh.data;
    return old;
  }
  moveHandlers(old, fresh);
  if (old.matches(CONTROLS)) {
    patchControl(old, fresh);
    return old;
  }
  const open = old.tagName === 'DETAILS' ? old.open : null;
  const renderedOpen = RENDERED_OPEN.get(old) ?? old.hasAttribute('open');
  patchAttributes(old, fresh);
  // A <details> the referee opened or closed stays so, unless the new rendering opens or closes it on purpose.
  if (open !== null) {
    const wanted = fresh.hasAttribute('open');
    RENDERED_OPEN.set(old, wanted);
    if (wanted === renderedOpen) old.open = open;
  }
  patchChildren(old, [...fresh.childNodes]);
  return old;
}

/**
 * A form holding unsaved input stays (its nodes, what was typed, its handlers): a change made elsewhere never replaces
 * a field being typed in. When what it shows changed under it (its revision, or the stored value of one of its
 * fields), it says so, in the new rendering's words and with its revision when that says why (deleted elsewhere);
 * its next save is checked against what is stored now. The fields not typed in show the data as it is now, so a save
 * made over the other change (on purpose, after the notice) writes back only what was typed.
 */
function keepTyped(old, fresh) {
  const keyOfControl = (control) => `${control.name}\u0000${control.type === 'radio' ? control.value : ''}`;
  const freshControls = new Map([...fresh.querySelectorAll(CONTROLS)].filter((control) => control.name)
    .map((control) => [keyOfControl(control), control]));
  const named = [...old.querySelectorAll(CONTROLS)].filter((control) => control.name);
  const said = fresh.dataset.stale;
  if (said && old.dataset.stale !== said) {
    showStale(old, said);
    // The view says why, and what a save now goes over (deleted elsewhere: nothing, so a save puts it back).
    if (fresh.dataset.rev !== undefined) old.dataset.rev = fresh.dataset.rev;
  } else if (!old.dataset.stale) {
    const changed = (old.dataset.rev !== undefined && fresh.dataset.rev !== old.dataset.rev)
      || named.some((control) => {
        const now = freshControls.get(keyOfControl(control));
        return now && defaultOf(now) !== defaultOf(control) && !SAVED_HERE(control);
      });
    if (changed) showStale(old, 'changed');
  }
  for (const control of named) {
    const now = freshControls.get(keyOfControl(control));
    if (now && !isDirty(control)) patchControl(control, now);
  }
  return old;
}

/** A unit to put where `old` stands: `old` itself when it holds unsaved input (see keepTyped). */
function unitFor(old, fresh) {
  if (old === fresh) return old;
  if (keyOf(old) && keyOf(old) === keyOf(fresh) && holdsInput(old)) {
    if (old.tagName === 'FORM' && fresh.tagName === 'FORM') return keepTyped(old, fresh);
    for (const form of old.querySelectorAll('form')) {
      const now = fresh.querySelector(`form#${CSS.escape(form.id)}`);
      if (now && holdsInput(form)) keepTyped(form, now);
    }
    return old;
  }
  keepOpened(old, fresh);
  return fresh;
}

/** A unit drawn anew keeps the open state the referee gave its <details> (by id), where the view draws them as
 * before. */
function keepOpened(old, fresh) {
  if (old.nodeType !== Node.ELEMENT_NODE || fresh.nodeType !== Node.ELEMENT_NODE) return;
  for (const details of fresh.querySelectorAll('details[id]')) {
    const drawn = details.hasAttribute('open');
    RENDERED_OPEN.set(details, drawn);
    const before = old.querySelector(`details#${CSS.escape(details.id)}`);
    if (before && (RENDERED_OPEN.get(before) ?? before.hasAttribute('open')) === drawn) details.open = before.open;
  }
}

/** Note the open state a new node's <details> are drawn with: a later drawing tells a toggle from its own. */
function remember(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return;
  const all = node.tagName === 'DETAILS' ? [node] : [];
  for (const details of [...all, ...node.querySelectorAll('details')]) {
    if (!RENDERED_OPEN.has(details)) RENDERED_OPEN.set(details, details.hasAttribute('open'));
  }
}

/** Bring a container's children to the list given, keeping every node that can stay. */
export function patchChildren(parent, wanted) {
  const old = [...parent.childNodes];
  const inPage = new Set(old);
  const byKey = new Map();
  for (const node of old) {
    const key = keyOf(node);
    if (key && !byKey.has(key)) byKey.set(key, node);
  }
  const used = new Set();
  let cursor = 0;  // the first old child not looked at for a match by position
  const placed = wanted.map((fresh) => {
    if (inPage.has(fresh)) {  // a node kept by keep(): it is already in the page
      used.add(fresh);
      return fresh;
    }
    const key = keyOf(fresh);
    let match;
    if (key) match = byKey.get(key) ?? null;
    else {
      while (cursor < old.length && (used.has(old[cursor]) || keyOf(old[cursor]))) cursor += 1;
      match = old[cursor] ?? null;
    }
    if (!match || used.has(match)) return fresh;
    if (match.tagName === 'FORM' && fresh.tagName === 'FORM' && key && holdsInput(match)) {
      used.add(match);
      return keepTyped(match, fresh);
    }
    if (fresh.nodeType === Node.ELEMENT_NODE && (isUnit(fresh) || UNITS.has(match))) {
      if (match.tagName !== fresh.tagName) return fresh;
      used.add(match);
      if (!key) cursor += 1;
      return unitFor(match, fresh);
    }
    if (!sameKind(match, fresh)) return fresh;
    used.add(match);
    if (!key) cursor += 1;
    return patchNode(match, fresh);
  });
  const focused = parent.contains(document.activeElement) ? document.activeElement : null;
  // What goes first, so no node that stays is moved (a node moved loses its focus and a press on it).
  const staying = new Set(placed);
  for (const node of placed) if (!inPage.has(node)) remember(node);
  for (const node of old) if (!staying.has(node)) node.remove();
  placed.forEach((node, index) => {
    const there = parent.childNodes[index];
    if (there !== node) parent.insertBefore(node, there ?? null);
  });
  // A focused node replaced by its new rendering: the new one of the same id takes the focus.
  if (focused && !focused.isConnected && focused.id) {
    document.getElementById(focused.id)?.focus({ preventScroll: true });
  }
}

/** Bring a container to show `nodes` (a render's children), in place. */
export function patch(container, nodes) {
  const given = [nodes].flat(Infinity).filter((node) => node !== null && node !== undefined && node !== false);
  patchChildren(container, given.map((node) => (node instanceof Node ? node : document.createTextNode(String(node)))));
}

/**
 * Units kept between renders: keep(key, deps, build) gives the node build() made for the same key while every dep
 * is the same (===) as last time, else builds it again. Each screen makes its own.
 */
export function keeper() {
  const kept = new Map();
  return function keep(key, deps, build) {
    const last = kept.get(key);
    if (last && last.node.isConnected !== false && last.deps.length === deps.length
      && last.deps.every((dep, index) => Object.is(dep, deps[index]))) return last.node;
    const node = unit(build());
    kept.set(key, { deps, node });
    return node;
  };
}
