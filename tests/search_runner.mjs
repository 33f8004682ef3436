// Runs the browser's own search module in Node: builds the index of every ruleset per language and answers queries.
import { readFileSync } from 'node:fs';
import { buildIndex, search } from '../webapp/static/js/search.js';

const request = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const synonyms = JSON.parse(readFileSync(request.synonyms, 'utf8'));
const answers = {};
for (const [lang, { files, tags }] of Object.entries(request.languages)) {
  const rulesets = files.map((file) => JSON.parse(readFileSync(file, 'utf8')));
  const index = buildIndex(rulesets, { tagLabels: tags, synonyms });
  answers[lang] = Object.fromEntries(request.queries.map((query) => [query,
    search(index, query, { limit: 1000, rulesetIds: request.rulesetIds || null }).map((hit) => `${hit.rulesetId}:${hit.rulingId}`)]));
}
process.stdout.write(JSON.stringify(answers));
