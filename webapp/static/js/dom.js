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
