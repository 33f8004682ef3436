/**
 * The events the referee works at, and which one is current: new incidents and roster players go to it. The
 * built-in local event is always there (stored only once the referee edits it), so nothing needs setting up.
 */
import { eventFromForm } from '../logic/roster-data.js';
import { localEvent, LOCAL_EVENT_ID } from '../logic/records/event.js';
import { list, write, writeMany } from '../storage/repository.js';
import { outcome, revOf, revText } from './outcome.js';
import { currentEventOp, readSettings } from './settings.js';

/**
 * {status, events: [{event, rev}] (the local event first, then by name), current: event, newer: [ids]}. A current
 * event that no longer exists falls back to the local one.
 */
export async function readEvents() {
  const [found, { settings }] = await Promise.all([list('event'), readSettings()]);
  const stored = found.items.map((item) => ({ event: item.data, rev: revText(item.rev) }));
  const local = stored.find((entry) => entry.event.id === LOCAL_EVENT_ID) ?? { event: localEvent(), rev: '' };
  const others = stored.filter((entry) => entry.event.id !== LOCAL_EVENT_ID)
    .sort((a, b) => a.event.name.localeCompare(b.event.name) || a.event.id.localeCompare(b.event.id));
  const events = [local, ...others];
  const current = events.find((entry) => entry.event.id === settings.currentEvent)?.event ?? local.event;
  return { status: found.status, events, current, newer: found.newer };
}

/** The current event (the local one when none was chosen). */
export async function currentEvent() {
  return (await readEvents()).current;
}

/**
 * Create an event from the event form and make it current, in one transaction: {ok, event} | {errors} | {error}.
 * rulesetIds: the rulesets the app knows (a ruleset id outside them is refused at the field).
 */
export async function createEvent(values, rulesetIds) {
  const made = eventFromForm(values, {}, rulesetIds);
  if (made.errors) return { errors: made.errors };
  const result = await writeMany([
    { kind: 'event', id: made.event.id, change: () => made.event, expect: null },
    currentEventOp(made.event.id),
  ]);
  return outcome(result, () => ({ event: made.event }));
}

/** Save the edited event `original` (rev: the revision its form was made from; '' for the unstored local event). */
export async function updateEvent(original, values, rev, rulesetIds) {
  const made = eventFromForm(values, original, rulesetIds);
  if (made.errors) return { errors: made.errors };
  const result = await write('event', original.id, () => made.event, { expect: revOf(rev) });
  return outcome(result, (done) => ({ event: made.event, rev: revText(done.rev) }));
}

/** Make an event current (the local one: LOCAL_EVENT_ID). */
export async function chooseCurrentEvent(id) {
  const result = await writeMany([currentEventOp(id === LOCAL_EVENT_ID ? null : id)]);
  return outcome(result);
}
