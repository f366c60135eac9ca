const openers = new WeakMap<object, HTMLElement>()

/**
 * The control a mouse press opened the modal with. The press does not focus it (focusing restyles
 * the page inside the open's first frame), so the dialog's focus trap is told where focus returns.
 */
export function setOpener(portico: object, element: HTMLElement) {
  openers.set(portico, element)
}

/** The opener set for this open, once. */
export function takeOpener(portico: object): HTMLElement | undefined {
  const element = openers.get(portico)
  openers.delete(portico)
  return element
}
