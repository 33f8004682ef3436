/**
 * The ruleset as a reference laid out like its source: rulings grouped by the ruleset's declared source groups
 * (source.groups, e.g. the columns of a table) or else by section, in the order of the source's items.
 * Pure: no DOM, so it runs in Node.
 */

/** The first part of a section ("§7.1 Chonbo; §7 Empty call" → "§7.1 Chonbo"): the place a ruling is filed. */
export function mainSection(section) {
  return String(section || '').split(';')[0].trim();
}

/** Position of each source item id in the source. */
function itemPositions(ruleset) {
  return new Map((ruleset.source?.item_order || []).map((id, index) => [id, index]));
}

function matches(group, item) {
  return group.match.some((prefix) => item === prefix || item.startsWith(prefix));
}

/** Where each ruling stands in the source: its earliest covered item, else that of a ruling with the same section. */
function rulingPositions(ruleset, positions, items = () => true) {
  const ids = Object.keys(ruleset.rulings);
  const own = new Map(ids.map((id) => {
    const found = (ruleset.rulings[id].covers || []).filter(items).map((item) => positions.get(item))
      .filter((p) => p !== undefined);
    return [id, found.length ? Math.min(...found) : Infinity];
  }));
  const bySection = new Map();
  for (const id of ids) {
    const key = mainSection(ruleset.rulings[id].section);
    bySection.set(key, Math.min(bySection.get(key) ?? Infinity, own.get(id)));
  }
  return new Map(ids.map((id) => [id, own.get(id) !== Infinity
    ? own.get(id)
    : bySection.get(mainSection(ruleset.rulings[id].section))]));
}

/** Sort ruling ids by position, keeping the file's order among equals. */
function bySourceOrder(ids, position, fileOrder) {
  return [...ids].sort((a, b) => (position.get(a) - position.get(b)) || (fileOrder.get(a) - fileOrder.get(b)) || 0);
}

/** Declared groups: a ruling appears in every group one of its items belongs to; the rest go to a last group. */
function declaredGroups(ruleset, positions, fileOrder) {
  const ids = Object.keys(ruleset.rulings);
  const section = (id) => ruleset.rulings[id].section;
  const cites = (group, id) => (ruleset.rulings[id].covers || []).some((item) => matches(group, item));
  const citing = new Set(ruleset.source.groups.flatMap((group) => ids.filter((id) => cites(group, id))));
  const placed = new Set();
  const groups = ruleset.source.groups.map((group, index) => {
    // A ruling citing no item of any group joins the groups of the rulings that share its section.
    const inGroup = ids.filter((id) => cites(group, id)
      || (!citing.has(id) && ids.some((other) => other !== id && citing.has(other)
        && section(other) === section(id) && cites(group, other))));
    inGroup.forEach((id) => placed.add(id));
    const position = rulingPositions(ruleset, positions, (item) => matches(group, item));
    return { key: `group-${index}`, label: group.label, rulings: bySourceOrder(inGroup, position, fileOrder) };
  });
  // Rulings citing no item of any group go where their section puts them, in a group of their own.
  const rest = ids.filter((id) => !placed.has(id));
  if (rest.length) {
    groups.push({ key: 'other', label: null, rulings: bySourceOrder(rest, rulingPositions(ruleset, positions), fileOrder) });
  }
  return groups;
}

/** Groups by section, each at the position of its earliest ruling. */
function sectionGroups(ruleset, positions, fileOrder) {
  const position = rulingPositions(ruleset, positions);
  const groups = new Map();
  for (const id of bySourceOrder(Object.keys(ruleset.rulings), position, fileOrder)) {
    const label = mainSection(ruleset.rulings[id].section);
    if (!groups.has(label)) groups.set(label, { key: `section-${groups.size}`, label, rulings: [] });
    groups.get(label).rulings.push(id);
  }
  return [...groups.values()];
}

/** The ruleset's rulings as [{key, label, rulings: [ids]}], in the order of the source. */
export function browseGroups(ruleset) {
  const positions = itemPositions(ruleset);
  const fileOrder = new Map(Object.keys(ruleset.rulings).map((id, index) => [id, index]));
  if (Array.isArray(ruleset.source?.groups) && ruleset.source.groups.length) {
    return declaredGroups(ruleset, positions, fileOrder);
  }
  return sectionGroups(ruleset, positions, fileOrder);
}
