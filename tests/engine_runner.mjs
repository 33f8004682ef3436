// Runs the browser's own wizard engine in Node: walks each answer list and lists every ruling's path.
import { readFileSync } from 'node:fs';
import { rulingPaths, walk } from '../webapp/static/js/logic/engine.js';

const ruleset = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const answerLists = JSON.parse(readFileSync(process.argv[3], 'utf8'));
const walks = answerLists.map((answers) => walk(ruleset, answers).at);
process.stdout.write(JSON.stringify({ walks, paths: rulingPaths(ruleset) }));
