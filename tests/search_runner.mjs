// Runs the browser's own search modules in Node: builds the index of every ruleset per language and answers queries
// over every ruleset (or those of rulesetIds); or, when the request lists coverage, searchRuleset's answer to each
// {rulesetId, query} of it.
import { readFileSync } from 'node:fs';
import { namedTags, searchRuleset } from '../webapp/static/js/logic/coverage.js';
import { buildIndex, search } from '../webapp/static/js/logic/search.js';

const request = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const synonyms = JSON.parse(readFileSync(request.synonyms, 'utf8'));
const ids = (hits) => hits.map((hit) => `${hit.rulesetId}:${hit.rulingId}`);
const answers = {};
for (const [lang, { files, tags }] of Object.entries(request.languages)) {
  const rulesets = files.map((file) => JSON.parse(readFileSync(file, 'utf8')));
  const index = buildIndex(rulesets, { tagLabels: tags, synonyms });
  if (!request.coverage) {
    answers[lang] = Object.fromEntries(request.queries.map((query) => [query,
      ids(search(index, query, { limit: 1000, rulesetIds: request.rulesetIds || null }))]));
    continue;
  }
  answers[lang] = request.coverage.map(({ rulesetId, query }) => {
    const found = searchRuleset(index, query, { rulesetId, limit: 1000 });
    return {
      named: namedTags(index, query), hits: ids(found.hits), elsewhere: ids(found.elsewhere),
      uncovered: found.uncovered.map(({ tag, hits }) => ({ tag, hits: ids(hits) })),
      same: JSON.stringify(found.hits)
        === JSON.stringify(search(index, query, { limit: 1000, rulesetIds: [rulesetId] })),
    };
  });
}
process.stdout.write(JSON.stringify(answers));
