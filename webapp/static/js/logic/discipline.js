/**
 * Strikes, suspensions and bans over dates, as a ruleset's `discipline` data defines them. Pure: no DOM.
 * Dates are ISO days (YYYY-MM-DD); a window of N days counts both end days.
 */

const DAY = 86400000;

function toDay(iso) {
  return Math.round(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY);
}

function toIso(day) {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

/**
 * Walk a player's strikes in date order and return the suspensions they trigger (each with its reason: the ruleset's
 * rule it broke, 'strikes_in_a_day' or 'strikes_in_window'), the ban, and the status on `today`.
 * A strike that falls inside a running suspension does not start another one. `earlier`: the days suspensions given
 * outside the log started on (entered on the player's record: another event, last month), reason 'earlier'; each
 * lasts as the ruleset's suspensions do and counts towards the ban like the others.
 */
export function disciplineStatus(strikeDates, rules, today, earlier = []) {
  const days = strikeDates.map(toDay).sort((a, b) => a - b);
  const given = earlier.map(toDay).sort((a, b) => a - b);
  const { suspension, ban_after_suspensions: banAfter } = rules;
  const suspensions = [];
  let banned = null;
  const suspend = (day, reason) => {
    suspensions.push({ startDay: day, endDay: day + suspension.length_days - 1, reason });
    if (suspensions.length > banAfter && banned === null) banned = day;
  };
  let nextGiven = 0;
  const givenUpTo = (day) => {  // the earlier suspensions up to this day come first, in their order
    while (nextGiven < given.length && given[nextGiven] <= day) suspend(given[nextGiven++], 'earlier');
  };
  days.forEach((day, index) => {
    givenUpTo(day);
    const seen = days.slice(0, index + 1);
    const sameDay = seen.filter((d) => d === day).length;
    const inWindow = seen.filter((d) => d > day - suspension.window_days).length;
    const running = suspensions.length && day <= suspensions[suspensions.length - 1].endDay;
    if (running || banned !== null) return;
    const reason = sameDay > suspension.strikes_in_a_day ? 'strikes_in_a_day'
      : (inWindow > suspension.strikes_in_window ? 'strikes_in_window' : null);
    if (reason) suspend(day, reason);
  });
  givenUpTo(Infinity);
  const now = toDay(today);
  const current = suspensions.find((s) => now >= s.startDay && now <= s.endDay);
  let status = 'ok';
  if (banned !== null && now >= banned) status = 'banned';
  else if (current) status = 'suspended';
  return {
    strikes: days.length,
    suspensions: suspensions.map((s) => ({ start: toIso(s.startDay), end: toIso(s.endDay), reason: s.reason })),
    banned: banned === null ? null : toIso(banned),
    status,
    until: status === 'suspended' ? toIso(current.endDay) : null,
  };
}
