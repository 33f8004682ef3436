// Runs the case files' cases (tests/case_files.py) with the client's pure modules in Node, as the browser runs them.
// Each subject turns a case's `given` into one call; the result is what the module returns, which the case's
// `expect` must be a part of.
import { readFileSync } from 'node:fs';
import * as calc from '../webapp/static/js/logic/calculator.js';
import { disciplineStatus } from '../webapp/static/js/logic/discipline.js';
import { searchRuleset } from '../webapp/static/js/logic/coverage.js';
import { walk } from '../webapp/static/js/logic/engine.js';
import * as lateness from '../webapp/static/js/logic/lateness.js';
import { playerRecord } from '../webapp/static/js/logic/player-record.js';
import { mightBeSamePerson, possibleDuplicates } from '../webapp/static/js/logic/possible-duplicates.js';
import { buildIndex } from '../webapp/static/js/logic/search.js';
import * as stored from '../webapp/static/js/logic/records/table.js';
import * as history from '../webapp/static/js/logic/table-history.js';
import * as upgrade from '../webapp/static/js/logic/table-upgrade.js';
import { runScenarios } from './calculator_scenarios.mjs';
import { runHistoryScenarios } from './history_scenarios.mjs';

/** The incident log a list of incidents makes, as the log module stores it. */
function asLog(ruleset, incidents) {
  return {
    format: 'mahjong-referee/incident-log',
    version: 1,
    incidents: incidents.map((item, n) => ({ id: `i${n}`, rulesetId: ruleset, session: '', ...item })),
  };
}

const search = process.argv[4] ? JSON.parse(readFileSync(process.argv[4], 'utf8')) : { languages: {} };
const indexes = {};

/** The search index of one language, built once, as the search screen builds it. */
function indexOf(lang) {
  const { rulesets, tags } = search.languages[lang];
  indexes[lang] ??= buildIndex(Object.values(rulesets), { tagLabels: tags, synonyms: search.synonyms });
  return indexes[lang];
}

/** The first three rulings the search screen lists in one ruleset, as {first_three: {ruling id: true}}. */
function firstThree(id, { query, language }) {
  const { hits } = searchRuleset(indexOf(language), query, { rulesetId: id, limit: 3 });
  return { first_three: Object.fromEntries(hits.slice(0, 3).map((hit) => [hit.rulingId, true])) };
}

/**
 * A lateness, typed ("10:01") or from the clock ({started, arrived}), under the event's counting (given.event, else the
 * ruleset's default): {seconds, minutes, answers, counting, at: where the answers lead, or null}.
 */
function latenessCase(ruleset, given) {
  const question = lateness.latenessQuestion(ruleset);
  const counting = lateness.partMinuteRule(question.time, given.event ?? null);
  const seconds = given.clock
    ? lateness.secondsLate(given.clock.started, given.clock.arrived)
    : lateness.readLateness(...given.late.split(':')).seconds;
  const late = lateness.latenessOf(question, seconds, counting.rule);
  return { ...late, counting, at: late.answers ? walk(ruleset, late.answers).at : null };
}

const SUBJECTS = {
  engine: (ruleset, given) => walk(ruleset, given.answers),
  calculator: (ruleset, given, rulesets, id) => runScenarios(calc, rulesets, [{ ruleset: id, ...given }])[0],
  player_record: (ruleset, given, rulesets, id) => playerRecord({
    ruleset, incidents: asLog(id, given.incidents).incidents, applied: given.applied ?? [], who: given.player,
    session: given.session ?? '', at: given.at }),
  discipline: (ruleset, given) => disciplineStatus(given.strikes, ruleset.discipline, given.today, given.earlier),
  lateness: latenessCase,
  table_history: (ruleset, given, rulesets, id) => runHistoryScenarios(
    { history, stored, upgrade }, rulesets, [{ ruleset: id, ...given }])[0],
  search: (ruleset, given, rulesets, id) => firstThree(id, given),
  possible_duplicates: (ruleset, given) => (given.players
    ? possibleDuplicates(given.players, given.apart)
    : given.pairs.map(([a, b]) => mightBeSamePerson(a, b))),
};

const rulesets = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const cases = JSON.parse(readFileSync(process.argv[3], 'utf8'));
const results = cases.map(({ subject, ruleset, given }) =>
  SUBJECTS[subject](rulesets[ruleset], given, rulesets, ruleset));
process.stdout.write(JSON.stringify(results));
