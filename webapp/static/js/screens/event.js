/**
 * The shared event's part of the event screen (screens/event-page.js), and the join page: share the phone's event
 * on the server, join one from an invitation link (the credential is stored on the phone and the invitation leaves
 * the address bar; the event's ruleset becomes the one in use and the referee lands on its first question), sync,
 * invite, and settle conflicts for the head referee. The shared event's state is the tab's
 * model's (its `sync` part); sync itself is services/sync.js, reached through the model's actions.
 */
import { eventUrl, wizardUrl } from '../logic/urls.js';
import {
  chooseRuleset, correctedNow, createSharedEvent as createEvent, discardChange, invite, joinEvent, keepApart,
  leaveEvent, previewInvite, samePerson, settleConflict, syncNow,
} from '../model/actions.js';
import { today } from '../model/selectors.js';
import { renderEvent, renderJoin } from '../views/event.js';
import { describeIncident } from '../views/log.js';
import { renderNotices } from '../views/notices.js';

/** The server's field paths (`sessions[2]`) as the form's field names. */
function byField(result) {
  if (!result.errors) return result;
  return { errors: Object.fromEntries(Object.entries(result.errors).map(([path, code]) => [path.replace(/\[\d+\]$/, ''), code])) };
}

export function createEventScreen(ctx, { rulesets }) {
  const { config } = ctx;
  let invitation = null;  // shown once: the server cannot show an invitation's link again
  let chosenRuleset = null;
  let merging = null;  // {pair, problem}: a "same person" the server did not take, said once

  /** A version's body in a line: an incident by its ruling and context, a roster player by name, number and club. */
  const describe = (body) => {
    if (body.rulingId === undefined) return [body.name, body.number, body.club].filter(Boolean).join(' · ');
    const { title } = describeIncident(rulesets, body);
    return [title, body.player, body.session, body.table, body.note].filter(Boolean).join(' · ');
  };

  const on = {
    async create(values) {
      const fields = {
        name: values.name.trim(), ruleset_id: values.ruleset_id, starts_on: values.starts_on, ends_on: values.ends_on,
        sessions: values.sessions.split('\n').map((line) => line.trim()).filter(Boolean), display_name: values.display_name.trim(),
      };
      const created = byField(await createEvent(config, fields));
      if (created.ok) {
        ctx.refresh();
        syncNow(config);
      }
      return created;
    },
    async syncNow() {
      await syncNow(config);
      ctx.refresh();
    },
    async invite(role) {
      invitation = await invite(config, role);
      ctx.refresh();
    },
    /** The invitation's link was copied, shared, or could not be copied: said under it until the next invitation. */
    handed(state) {
      if (!invitation) return;
      invitation = { ...invitation, handed: state };
      ctx.refresh();
    },
    async settle(recordId, keep) {
      await settleConflict(config, recordId, keep);
      ctx.refresh();
    },
    async samePerson(firstId, secondId) {
      merging = null;
      const done = await samePerson(config, firstId, secondId);
      merging = done.ok ? null : { pair: `${firstId} ${secondId}`, problem: done.problem ?? done.error ?? Object.values(done.errors ?? {})[0] ?? 'invalid' };
      ctx.refresh();
    },
    async keepApart(firstId, secondId) {
      merging = null;
      await keepApart(firstId, secondId);
      ctx.refresh();
    },
    async discard(recordId) {
      await discardChange(config, recordId);
      ctx.refresh();
    },
    async leave() {
      invitation = null;
      await leaveEvent();
      ctx.refresh();
    },
    get chosenRuleset() {
      return chosenRuleset;
    },
  };

  return {
    /** The shared event's parts of the event screen; `local` is the phone's current event (it fills the share form). */
    parts: ['settings', 'sync'],
    async render({ local } = {}) {
      const model = await ctx.model();
      // First the sync state: reading sets aside what is damaged, which the notices then say.
      const { settings, sync: status } = await model.load(['settings', 'sync']);
      chosenRuleset = settings.settings.ruleset;
      const notices = await model.notices([{ kind: 'sync' }], [{ kind: 'sync', status: status.status }]);
      const problem = merging;  // said until the referee's next action
      return {
        parts: renderEvent({
          config, status, today: today(new Date(correctedNow())), invitation, describe, local, merging: problem, on }),
        notices: renderNotices(config, notices, { reload: ctx.reload }),
      };
    },
  };
}

export function createJoinScreen(ctx) {
  const { config } = ctx;
  const invitation = decodeURIComponent(window.location.hash.slice(1));  // <id>.<secret>: never sent to a server log
  const on = {
    async join(values) {
      const joined = byField(await joinEvent(config, invitation, values.display_name.trim()));
      if (joined.ok) {
        window.history.replaceState(null, '', window.location.pathname);  // the secret leaves the address bar and history
        // The event's ruleset becomes the one in use, and the referee lands where incidents start: its first question.
        const known = config.rulesets.some((summary) => summary.id === joined.rulesetId);
        if (known) await chooseRuleset(joined.rulesetId);
        ctx.go(known ? wizardUrl(config.lang, joined.rulesetId) : eventUrl(config.lang));
        syncNow(config).then(() => ctx.refresh());
      }
      return joined;
    },
  };
  const hasInvite = /^[^.]+\.[^.]+$/.test(invitation);
  let offer = null;  // what the invitation offers (the event, the role), asked of the server once
  return {
    render: async () => {
      if (hasInvite && config.sync !== undefined) offer ??= await previewInvite(config, invitation);
      return {
        children: renderJoin({ config, hasInvite, offer, on }),
        title: config.strings.event.join_heading,
      };
    },
  };
}
