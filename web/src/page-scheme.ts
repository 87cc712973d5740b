/**
 * Whether the page around an element is light or dark, so `<rangefind-search>` matches it
 * instead of the reader's system preference (a dark box on a light page, or the reverse).
 *
 * The first ancestor with a background decides, by its luminance; a page that paints no
 * background shows the browser's canvas, which its `color-scheme` decides (`light dark`: the
 * reader's preference).
 */

export type Scheme = "light" | "dark";

/** The scheme of the page behind `element`. */
export function pageScheme(element: Element): Scheme {
  for (let node = parentOf(element); node; node = parentOf(node)) {
    const rgba = toRgba(getComputedStyle(node).backgroundColor);
    if (rgba && rgba[3] >= 0.5) return luminance(rgba) < 0.18 ? "dark" : "light";
  }
  return canvasScheme();
}

/** The parent element, crossing out of a shadow root to its host. */
function parentOf(node: Element): Element | null {
  if (node.parentElement) return node.parentElement;
  const root = node.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}

/** The scheme of the browser's canvas: the root's `color-scheme`, or the page's meta tag. */
function canvasScheme(): Scheme {
  const declared = `${getComputedStyle(document.documentElement).colorScheme} ${
    document.querySelector<HTMLMetaElement>('meta[name="color-scheme"]')?.content ?? ""
  }`;
  const dark = /\bdark\b/.test(declared);
  const light = /\blight\b/.test(declared);
  if (dark && (!light || matchMedia("(prefers-color-scheme: dark)").matches)) return "dark";
  return "light";
}

/** A computed colour as `[r, g, b, a]` (0–255, alpha 0–1), or null when unreadable. */
function toRgba(color: string): [number, number, number, number] | null {
  const match = color.match(/^rgba?\(([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+%?))?\)$/);
  if (match) {
    const alpha = match[4] === undefined ? 1 : match[4].endsWith("%") ? parseFloat(match[4]) / 100 : Number(match[4]);
    return [Number(match[1]), Number(match[2]), Number(match[3]), alpha];
  }
  // Other notations (`oklch(…)`, `color(…)`): painted on a canvas, read back as RGB.
  const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  if (!context) return null;
  context.fillStyle = color;
  context.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
  return [r, g, b, a / 255];
}

/** Relative luminance (WCAG) of an sRGB colour, 0 (black) to 1 (white). */
function luminance([r, g, b]: [number, number, number, number]): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}
