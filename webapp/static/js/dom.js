/** A tiny element builder: text always goes in as text, never as HTML. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, '');
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replace everything inside a container. */
export function replace(container, ...children) {
  container.replaceChildren(...children.flat().filter(Boolean));
}

/** Fill %(name)s placeholders of a translated string. */
export function format(template, values = {}) {
  return template.replace(/%\((\w+)\)s/g, (match, name) => (name in values ? String(values[name]) : match));
}

/** Fill %(name)s placeholders with text or elements: the parts to hand to el(), so a value can be an element. */
export function formatParts(template, values = {}) {
  return template.split(/(%\(\w+\)s)/).filter(Boolean)
    .map((part) => { const name = /^%\((\w+)\)s$/.exec(part)?.[1]; return name && name in values ? values[name] : part; });
}

/**
 * A DOM id made from opaque text such as an incident's id: letters, digits and '-' are kept, every other byte becomes
 * _xx (hex), so any text gives a valid, unique id that never has to be escaped (`a b"c` → `a_20b_22c`).
 */
export function domId(prefix, text) {
  let out = '';
  for (const byte of new TextEncoder().encode(String(text))) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9-]/.test(char) ? char : `_${byte.toString(16).padStart(2, '0')}`;
  }
  return `${prefix}-${out}`;
}

/** Hand the browser a file to save, made from text. */
export function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el('a', { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
