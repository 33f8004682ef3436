// Runs the table-history scenarios in Node with the module as the browser loads it.
import { readFileSync } from 'node:fs';
import * as history from '../webapp/static/js/table-history.js';
import { runHistoryScenarios } from './history_scenarios.mjs';

const rulesets = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const scenarios = JSON.parse(readFileSync(process.argv[3], 'utf8'));
process.stdout.write(JSON.stringify(runHistoryScenarios({ history }, rulesets, scenarios)));
