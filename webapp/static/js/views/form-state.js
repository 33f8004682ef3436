/**
 * What the referee has typed and not saved: each form control compared with the value it was rendered with. A screen
 * drawn again keeps such a form as it is (views/patch.js); an app update waits for it, or carries it across its
 * reload (draftsOf, restoreDrafts).
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
 * "30000" typed), which is no change made elsewhere (see views/patch.js).
 */
const saved = new WeakSet();

/** Controls whose save is under way: a rendering made meanwhile shows the value being saved, no change elsewhere. */
const saving = new WeakSet();

/**
 * Whether this tab has just saved a control, or is saving it (its new rendering's value is its own, not a change made
 * elsewhere: the save's own compare-and-set says if another tab's change was under it).
 */
export const savedHere = (control) => saved.has(control) || saving.has(control);

/** Say that a control's save starts (true) or ended (false). */
export function markSaving(control, under) {
  if (under) saving.add(control);
  else saving.delete(control);
}

/** After a save of one field: its value (or `value`, the text that was kept) is what is stored now. */
export function markControlSaved(control, value = control.value) {
  saved.add(control);
  if (isOption(control)) control.defaultChecked = control.checked;
  else if (control.tagName === 'SELECT') for (const option of control.options) option.defaultSelected = option.selected;
  else control.defaultValue = value;
}

/**
 * A field given text it was not typed into (put back after a reload into an update) still owes its "change" when the
 * referee leaves it or presses Enter: a browser fires one only for typing done since the field got focus.
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
 * Put drafts (draftsOf) back into the forms of the same ids under root: typed values kept, their <details> opened,
 * and a form whose stored data changed meanwhile marked stale.
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
