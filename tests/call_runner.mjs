// Calls one exported function of a client module in Node for each argument list, printing the results as JSON.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [modulePath, functionName, argsFile] = process.argv.slice(2);
const module = await import(pathToFileURL(modulePath).href);
const calls = JSON.parse(readFileSync(argsFile, 'utf8'));
// An async function's results are awaited (an import's checks yield to the page between parts).
process.stdout.write(JSON.stringify(await Promise.all(calls.map((args) => module[functionName](...args)))));
