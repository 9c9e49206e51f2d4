/** The element of the page with this id; a missing one is a bug of the page, not of the user. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return element as T;
}

/** Shows the text in the element, or hides the element when there is none (text, never markup). */
export function say(element: HTMLElement, text: string): void {
  element.textContent = text;
  element.hidden = !text;
}

export function option(value: string, label: string): HTMLOptionElement {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = label;
  return element;
}
