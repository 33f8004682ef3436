// Runs the tab's model in Node with readers the test holds back, printing what each load gave as JSON.
import { pathToFileURL } from 'node:url';

const [modulePath] = process.argv.slice(2);
const { createModel, tablePart } = await import(pathToFileURL(modulePath).href);

/** A reader whose reads the script answers by hand, in the order it chooses. */
function heldReader(name, reads) {
  let count = 0;
  return () => new Promise((resolve) => {
    count += 1;
    const number = count;
    reads.push({ name, number, answer: () => resolve({ status: 'ok', name, count: number }) });
  });
}

const reads = [];
const counted = { settings: 0, table: 0 };
const now = (name, value) => () => {
  counted[name] += 1;
  return Promise.resolve(value);
};
let tell = null;
const changes = [];
const model = createModel({}, {
  readers: {
    [tablePart('wrc-2015')]: now('table', { status: 'ok', history: [] }),
    log: heldReader('log', reads),
    settings: now('settings', { settings: {} }),
  },
  hear: (heard) => { tell = heard; },
});
model.subscribe((change) => changes.push([...change.parts].sort()));
const parts = ['log', 'settings', tablePart('wrc-2015')];

// A render starts a load; another tab then writes an incident, and a second render's load reads the log again.
const first = model.load(parts);
const holdsWhileRead = model.holds('log');  // being read is not held: a screen must not wait for it behind itself
tell({ changed: [{ kind: 'incident', id: 'i-1' }] });
const second = model.load(parts);
reads[1].answer();  // the newer read ends first...
const shownSecond = await second;
const holdsOnceRead = model.holds('log');
reads[0].answer();  // ...and the older one last
const shownFirst = await first;
const shownNext = await model.load(parts);  // the next render reads nothing
const same = shownNext.log === shownSecond.log;
tell({ changed: [{ kind: 'table', id: 'mcr-ema-2014' }] });  // another ruleset's table: nothing this screen shows
tell({ changed: [{ kind: 'table', id: 'wrc-2015' }] });
await model.load(parts);
process.stdout.write(JSON.stringify({
  reads: reads.length,
  second: shownSecond.log.count,
  first: shownFirst.log.count,
  next: shownNext.log.count,
  same,
  settingsReads: counted.settings,
  tableReads: counted.table,
  changes,
  holds: [holdsWhileRead, holdsOnceRead],
}));
process.exit(0);  // the storage modules the model imports keep a channel open
