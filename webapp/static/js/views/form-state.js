/**
 * What the referee has typed and not saved: each form control compared with the value it was rendered with.
 * Used to carry typed input across a re-render (another tab changed the data) and to hold back an app update.
 */

function isOption(control) {
  return control.type === 'checkbox' || control.type === 'radio';
}

function defaultIndex(select) {
  const index = [...select.options].findLastIndex((option) => option.defaultSelected);
  return index === -1 && !select.multiple ? 0 : index;
}

/** A control whose value is not the one it was rendered (or last saved) with. */
export function isDirty(control) {
  if (isOption(control)) return control.checked !== control.defaultChecked;
  if (control.tagName === 'SELECT') return control.selectedIndex !== defaultIndex(control);
  if (['file', 'hidden', 'submit', 'button', 'reset'].includes(control.type)) return false;
  return control.value !== control.defaultValue;
}

function defaultOf(control) {
  if (isOption(control)) return control.defaultChecked;
  if (control.tagName === 'SELECT') return control.options[defaultIndex(control)]?.value ?? '';
  return control.defaultValue;
}

function controls(form) {
  return [...form.elements].filter((control) => control.name && ['INPUT', 'SELECT', 'TEXTAREA'].includes(control.tagName));
}

/** Forms holding unsaved input, under a root; forms marked data-transient (search) keep their state in the URL. */
export function unsavedForms(root) {
  return [...root.querySelectorAll('form')].filter((form) => !('transient' in form.dataset) && controls(form).some(isDirty));
}

/** After a save: what the form holds now is what is stored, so it no longer counts as unsaved. */
export function markSaved(form) {
  for (const control of controls(form)) markControlSaved(control);
}

/**
 * Controls this tab has just saved: the next rendering shows the stored value in its own format ("30,000" for the
 * "30000" typed), which is no change made elsewhere (see carryInput).
 */
const savedHere = new WeakSet();

/** After a save of one field: its value (or `value`, the text that was kept) is what is stored now. */
export function markControlSaved(control, value = control.value) {
  savedHere.add(control);
  if (isOption(control)) control.defaultChecked = control.checked;
  else if (control.tagName === 'SELECT') for (const option of control.options) option.defaultSelected = option.selected;
  else control.defaultValue = value;
}

/**
 * A field given text it was not typed into (carried over from the rendering it replaces) still owes its "change"
 * when the referee leaves it or presses Enter: a browser fires one only for typing done since the field got focus.
 */
function owesChange(control) {
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    if (isDirty(control)) control.dispatchEvent(new Event('change', { bubbles: true }));
  };
  control.addEventListener('change', () => { settled = true; }, { once: true });
  control.addEventListener('blur', settle, { once: true });
  control.addEventListener('keydown', (event) => event.key === 'Enter' && setTimeout(settle));
}

/** The control of `form` matching `control` by name (and by value, for a checkbox or radio button). */
function counterpart(form, control) {
  return controls(form).find((other) => other.name === control.name
    && (!isOption(control) || other.value === control.value));
}

function formsIn(nodes) {
  return nodes.flatMap((node) => (node instanceof Element ? [...(node.matches('form') ? [node] : []), ...node.querySelectorAll('form')] : []));
}

/** Show a form's "changed elsewhere" note with the reason (changed, conflict, deleted). */
export function showStale(form, problem) {
  form.dataset.stale = problem;
  const note = [...form.querySelectorAll('[data-stale-note]')][0];
  if (!note) return;
  note.hidden = false;
  note.dataset.problem = problem;
  note.textContent = note.dataset[`text${problem[0].toUpperCase()}${problem.slice(1)}`] || note.textContent;
}

/**
 * Move what the referee typed from the screen being replaced (oldRoot) into its new rendering (newNodes): a dirty
 * field keeps its typed value even where the stored value changed meanwhile. A form still holding unsaved input
 * afterwards keeps the revision it was started from (so its save is checked against what the referee saw) and, if
 * the stored data under it changed, says so. Open <details>, focus and caret are kept too. Call it just before the old
 * nodes are replaced; it returns a function to call once the new nodes are in the page.
 */
export function carryInput(oldRoot, newNodes) {
  const fresh = new Map(formsIn(newNodes).filter((form) => form.id).map((form) => [form.id, form]));
  const touched = [];
  const carried = new Set();
  // A browser fires "change" at a focused field as it leaves the page: for a field whose text is carried over, that
  // is not an edit (it would keep half a number the referee is still typing).
  const notAnEdit = (event) => carried.has(event.target) && event.stopImmediatePropagation();
  oldRoot.addEventListener('change', notAnEdit, true);
  for (const old of oldRoot.querySelectorAll('form')) {
    const form = fresh.get(old.id);
    if (!form || 'transient' in old.dataset) continue;
    const dirty = controls(old).filter(isDirty);
    if (!dirty.length) continue;
    // A field this tab has just saved shows the stored value now: that is this tab's own change, not another's.
    const changed = controls(old).some((control) => {
      if (savedHere.has(control)) return false;
      const other = counterpart(form, control);
      return other && String(defaultOf(other)) !== String(defaultOf(control));
    });
    for (const control of dirty) {
      const other = counterpart(form, control);
      if (!other) continue;
      if (isOption(control)) other.checked = control.checked;
      else other.value = control.value;
      if (control.tagName !== 'SELECT' && !isOption(control)) owesChange(other);
      carried.add(control);
    }
    touched.push(form);
    if (!controls(form).some(isDirty)) continue;  // what was typed is what is stored now (just saved)
    if (old.dataset.rev === undefined) continue;  // a form that adds something new (no revision): nothing can be stale
    if (form.dataset.stale) continue;  // the new rendering already says what happened (deleted) and takes it from there
    if (!changed && !old.dataset.stale) continue;  // nothing the form shows changed: what was typed applies as well now
    form.dataset.rev = old.dataset.rev;
    showStale(form, old.dataset.stale || 'changed');
  }
  const openDetails = new Map([...oldRoot.querySelectorAll('details[id]')].map((node) => [node.id, node.open]));
  for (const node of newNodes.flatMap((n) => (n instanceof Element ? [...(n.matches('details[id]') ? [n] : []), ...n.querySelectorAll('details[id]')] : []))) {
    if (openDetails.has(node.id)) node.open = openDetails.get(node.id);
  }
  const active = oldRoot.contains(document.activeElement) ? document.activeElement : null;
  const focus = active && {
    form: active.form?.id, name: active.name, id: active.id, start: active.selectionStart, end: active.selectionEnd };
  return () => {
    oldRoot.removeEventListener('change', notAnEdit, true);
    for (const form of touched) form.dispatchEvent(new Event('input'));
    if (!focus) return;
    const target = (focus.form && focus.name && fresh.get(focus.form) && counterpart(fresh.get(focus.form), active))
      || (focus.id && document.getElementById(focus.id));
    if (!target) return;
    target.focus({ preventScroll: true });
    if (typeof focus.start === 'number' && typeof target.setSelectionRange === 'function') {
      try { target.setSelectionRange(focus.start, focus.end); } catch { /* not a text field */ }
    }
  };
}

/**
 * What the referee typed and has not saved, as plain data to carry across a reload (the tab that takes an update):
 * [{form: id, rev, stale, fields: [{name, value, checked?}]}].
 */
export function draftsOf(root) {
  return unsavedForms(root).filter((form) => form.id).map((form) => ({
    form: form.id, rev: form.dataset.rev, stale: form.dataset.stale,
    fields: controls(form).filter(isDirty).map((control) => (isOption(control)
      ? { name: control.name, value: control.value, checked: control.checked }
      : { name: control.name, value: control.value })),
  }));
}

/**
 * Put drafts (draftsOf) back into the forms of the same ids under root, as carryInput does for a re-render: typed
 * values kept, their <details> opened, and a form whose stored data changed meanwhile marked stale.
 */
export function restoreDrafts(root, drafts) {
  for (const draft of drafts) {
    const form = [...root.querySelectorAll('form')].find((candidate) => candidate.id === draft.form);
    if (!form) continue;
    for (const saved of draft.fields) {
      const control = controls(form).find((other) => other.name === saved.name
        && (!isOption(other) || other.value === saved.value));
      if (!control) continue;
      if (isOption(control)) control.checked = saved.checked;
      else control.value = saved.value;
      if (control.tagName !== 'SELECT' && !isOption(control)) owesChange(control);
    }
    for (let node = form.parentElement; node && node !== root; node = node.parentElement) if (node.tagName === 'DETAILS') node.open = true;
    if (draft.rev !== undefined && form.dataset.rev !== undefined && draft.rev !== form.dataset.rev) {
      form.dataset.rev = draft.rev;
      showStale(form, draft.stale || 'changed');
    }
    form.dispatchEvent(new Event('input'));
  }
}
