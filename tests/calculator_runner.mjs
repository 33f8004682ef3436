// Runs the calculator's pure module in Node over scenario files: start state + steps -> end state and previews.
import { readFileSync } from 'node:fs';
import * as calc from '../webapp/static/js/calculator.js';
import { runScenarios } from './calculator_scenarios.mjs';

const rulesets = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const scenarios = JSON.parse(readFileSync(process.argv[3], 'utf8'));
process.stdout.write(JSON.stringify(runScenarios(calc, rulesets, scenarios)));
