/**
 * A small validator for the part of JSON Schema the record schemas use (record-schemas.js, made from
 * webapp/schemas/*.schema.json): type, enum, required, properties with additionalProperties false, items, maxItems,
 * uniqueItems, minLength/maxLength (in characters, as the server counts), pattern, minimum/maximum, and our formats
 * (the text rule, ids, moments, days). The server reads the same files with jsonschema and names the same fields.
 * Pure: no DOM, no storage.
 */
import { eventSchema, incidentSchema, playerSchema, versionSchema } from './record-schemas.js';
import { isDay, isIsoDate, isObject, join, problems } from './check.js';
import { charCount, idProblem, textProblem } from '../text-rule.js';

const SCHEMAS = { incident: incidentSchema, player: playerSchema, event: eventSchema, version: versionSchema };

const FORMATS = {
  line: (value) => textProblem(value),
  text: (value) => textProblem(value, { lines: true }),
  'record-id': idProblem,
  moment: (value) => (isIsoDate(value) ? null : 'invalid'),
  day: (value) => (isDay(value) ? null : 'invalid'),
};

const TYPES = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number',
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
  null: (value) => value === null,
  object: isObject,
  array: Array.isArray,
};

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

const patterns = new Map();  // a schema's pattern → its RegExp, made once (an import checks 40,000 records)
const patternOf = (pattern) => {
  if (!patterns.has(pattern)) patterns.set(pattern, new RegExp(pattern, 'u'));
  return patterns.get(pattern);
};

/** Add each problem of `value` under `schema` to `report` (check.js problems()) as {path, code}, fields in order. */
export function schemaProblems(schema, value, path, report) {
  const fail = (code, where = path) => report.add(where, schema['x-error'] ?? code);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => TYPES[type](value))) {
      fail(value === undefined ? 'required' : 'invalid');
      return;
    }
  }
  if (schema.enum !== undefined && !schema.enum.some((allowed) => same(allowed, value))) fail('invalid');
  if (typeof value === 'string') {
    if (schema.maxLength !== undefined && charCount(value) > schema.maxLength) fail('too_long');
    else if (schema.minLength !== undefined && charCount(value) < schema.minLength) fail('required');
    const problem = schema.format === undefined ? null : FORMATS[schema.format](value);
    if (problem) report.add(path, problem);
    if (schema.pattern !== undefined && !patternOf(schema.pattern).test(value)) fail('invalid');
  }
  if (typeof value === 'number') {
    if ((schema.minimum !== undefined && value < schema.minimum)
      || (schema.maximum !== undefined && value > schema.maximum)
      || Number.isNaN(value)) fail('invalid');
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems) fail('invalid');
    if (schema.items !== undefined) {
      value.forEach((item, index) => schemaProblems(schema.items, item, join(path, index), report));
    }
    if (schema.uniqueItems) {
      const repeated = value.findIndex((item, index) => value.slice(0, index).some((earlier) => same(earlier, item)));
      if (repeated >= 0) report.add(join(path, repeated), 'duplicate');
    }
  }
  if (isObject(value)) {
    const properties = schema.properties ?? {};
    for (const [key, rule] of Object.entries(properties)) {
      if (Object.hasOwn(value, key)) schemaProblems(rule, value[key], join(path, key), report);
      else if (schema.required?.includes(key)) report.add(join(path, key), 'required');
    }
    if (schema.additionalProperties === false) {
      for (const key of Object.keys(value)) if (!Object.hasOwn(properties, key)) report.add(join(path, key), 'unknown_field');
    }
  }
}

/** Every problem of `value` as a record of `kind` ('incident', 'player', 'event', 'version'), as the server finds
 * them. */
export function recordProblems(kind, value) {
  const report = problems();
  schemaProblems(SCHEMAS[kind], value, '', report);
  return report.found;
}
