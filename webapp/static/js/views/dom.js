import { pluralForm } from '../logic/engine.js';

/**
 * Text that can change the direction of what follows it: right-to-left letters (Hebrew, Arabic, Syriac, Thaana,
 * N'Ko...) or explicit direction marks, embeddings, overrides and isolates. A player's name with an override and no
 * terminator would otherwise reverse the app's own text after it on the same line.
 */
const DIRECTIONAL = /[\u0590-\u08FF\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069\uFB1D-\uFDFF\uFE70-\uFEFF]|\uD802[\uDC00-\uDFFF]|\uD803[\uDC00-\uDE7F]|\uD83A[\uDC00-\uDFFF]|\uD83B[\uDC00-\uDEFF]/;

/** Whether a text can change the direction of the text around it (so it is isolated where shown). */
export function directional(text) {
  return DIRECTIONAL.test(text);
}

/** A text child: as a text node, isolated in a <bdi> when it could change the direction of the text around it. */
function textChild(text, tag) {
  if (tag === 'bdi' || !directional(text)) return document.createTextNode(text);
  const isolated = document.createElement('bdi');
  isolated.textContent = text;
  return isolated;
}

/**
 * The handlers of each node, by event type: one listener per type calls them, so a screen that updates in place
 * (patch.js) can hand a kept node the handlers of its new rendering. `on…` attributes of el() are handlers that
 * may move; listen() adds the view's own listeners, whose closures hold the view's nodes, so patch.js replaces their
 * node (or their form) whole.
 */
const HANDLERS = new WeakMap();
const LISTENED = new WeakSet();

function dispatch(event) {
  const handlers = HANDLERS.get(event.currentTarget)?.get(event.type) ?? [];
  for (const handler of handlers) handler.call(event.currentTarget, event);
}

function addHandler(node, type, handler) {
  let types = HANDLERS.get(node);
  if (!types) HANDLERS.set(node, types = new Map());
  if (!types.has(type)) {
    types.set(type, []);
    node.addEventListener(type, dispatch);
  }
  types.get(type).push(handler);
}

/** A view's own listener on one of its nodes (the node, or its form, is then replaced whole by a new rendering). */
export function listen(node, type, handler) {
  LISTENED.add(node);
  addHandler(node, type, handler);
}

/** Whether a node has listeners of the view's own (listen). */
export const hasListeners = (node) => LISTENED.has(node);

/** Give a kept node the `on…` handlers of its new rendering in place of its own. */
export function moveHandlers(kept, fresh) {
  const now = HANDLERS.get(fresh);
  const before = HANDLERS.get(kept);
  if (!now && !before) return;
  const types = new Map();
  for (const [type, handlers] of now ?? []) {
    if (!before?.has(type)) kept.addEventListener(type, dispatch);
    types.set(type, [...handlers]);
  }
  for (const type of before?.keys() ?? []) if (!types.has(type)) types.set(type, []);
  HANDLERS.set(kept, types);
}

/**
 * A tiny element builder: text always goes in as text, never as HTML, and a text child that could change the
 * direction of its neighbours (right-to-left letters, direction controls) is isolated in a <bdi>.
 */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key.startsWith('on')) addHandler(node, key.slice(2), value);
    else if (value === true) node.setAttribute(key, '');
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : textChild(String(child), tag));
  }
  return node;
}

/** Replace everything inside a container. */
export function replace(container, ...children) {
  container.replaceChildren(...children.flat().filter(Boolean));
}

let strict = false;

/** Whether format() throws on a counted string handed to it whole (the tests' pages) instead of picking its form. */
export function strictFormat(on) {
  strict = on;
}

/**
 * Fill %(name)s placeholders of a translated string. A value that could change the direction of the sentence around
 * it (a name with right-to-left letters or an override) is isolated between FSI and PDI marks. A counted string
 * ({one, other}) must be given its form first (pluralForm): the tests' pages refuse one loudly; elsewhere its form is
 * picked by the first number among the values, so a referee never meets a broken screen for it.
 */
export function format(template, values = {}) {
  if (typeof template !== 'string') {
    if (strict || !template || typeof template !== 'object') throw new TypeError(`format takes a string, not ${JSON.stringify(template)}`);
    const count = Number(values.count ?? Object.values(values).find((value) => typeof value === 'number') ?? 0);
    return format(pluralForm(document.documentElement.lang || 'en', template, count), values);
  }
  return template.replace(/%\((\w+)\)s/g, (match, name) => {
    if (!(name in values)) return match;
    const text = String(values[name]);
    return directional(text) ? `\u2068${text}\u2069` : text;
  });
}

/** Fill %(name)s placeholders with text or elements: the parts to hand to el(), so a value can be an element. */
export function formatParts(template, values = {}) {
  return template.split(/(%\(\w+\)s)/).filter(Boolean)
    .map((part) => { const name = /^%\((\w+)\)s$/.exec(part)?.[1]; return name && name in values ? values[name] : part; });
}

/**
 * A DOM id made from opaque text such as an incident's id: letters, digits and '-' are kept, every other byte becomes
 * _xx (hex), so any text gives a valid, unique id that never has to be escaped (`a b"c` → `a_20b_22c`).
 */
export function domId(prefix, text) {
  let out = '';
  for (const byte of new TextEncoder().encode(String(text))) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9-]/.test(char) ? char : `_${byte.toString(16).padStart(2, '0')}`;
  }
  return `${prefix}-${out}`;
}

/** Hand the browser a file to save, made from text. */
export function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el('a', { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
