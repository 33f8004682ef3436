// Runs the table screen's model in Node with readers the test holds back, printing what each load gave as JSON.
import { pathToFileURL } from 'node:url';

const [modulePath] = process.argv.slice(2);
const { createTableModel } = await import(pathToFileURL(modulePath).href);

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
const now = (value) => () => Promise.resolve(value);
const model = createTableModel({ id: 'wrc-2015' }, {
  readers: {
    board: now({ status: 'ok', history: [] }),
    log: heldReader('log', reads),
    roster: now({ status: 'ok' }),
    settings: now({ settings: {} }),
    notices: () => Promise.resolve([]),
  },
});

// A render starts a load; another tab then writes an incident, and a second render's load reads the log again.
const first = model.load();
model.changed({ changed: [{ kind: 'incident', id: 'i-1' }] });
const second = model.load();
reads[1].answer();  // the newer read ends first...
const shownSecond = await second;
reads[0].answer();  // ...and the older one last
const shownFirst = await first;
const shownNext = await model.load();  // the next render (a minute later, or a seat opened) reads nothing
process.stdout.write(JSON.stringify({
  reads: reads.length,
  second: shownSecond.log.count,
  first: shownFirst.log.count,
  next: shownNext.log.count,
}));
process.exit(0);  // the storage modules the model imports keep a channel open
