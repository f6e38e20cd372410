// SVG helpers and the pieces' shapes: every sin has its colour (from the rules data) and its own shape.
import { t } from "./i18n.js";

export const NS = "http://www.w3.org/2000/svg";
export const PLAYER_COLOURS = ["#1b1b1b", "#f4f4f4", "#ff5fa2", "#8b5a2b", "#3a7bd5"];
export const PLAYER_NAMES_COLOUR = ["black", "white", "pink", "brown"];
// The class of black or white ink, whichever reads better on the colour ``hex`` ("#rrggbb"; relative
// luminance, WCAG): a family's seat number on its pieces and Desks. (A class, as every colour and size of a
// text here: the page's security policy allows no inline style, and a style attribute would be ignored.)
export function inkOn(hex) {
  const lin = (i) => { const c = parseInt(hex.slice(i, i + 2), 16) / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const l = 0.2126 * lin(1) + 0.7152 * lin(3) + 0.0722 * lin(5);
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? "ink-dark" : "ink-light";
}
const SYMBOL_GLYPHS = { keys: "⚷", church: "⌂", wheel: "☸", goat: "♑" };

export function el(tag, attrs = {}, parent = null, text = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

export function symbolGlyph(name) {
  return SYMBOL_GLYPHS[name] || (name ? name[0].toUpperCase() : "?");
}

// A regular polygon or star as a path around (0, 0).
function poly(n, r, star = false, rot = -Math.PI / 2) {
  const pts = [];
  const k = star ? 2 * n : n;
  for (let i = 0; i < k; i++) {
    const rr = star && i % 2 ? r * 0.45 : r;
    const a = rot + (i * 2 * Math.PI) / k;
    pts.push(`${(rr * Math.cos(a)).toFixed(1)},${(rr * Math.sin(a)).toFixed(1)}`);
  }
  return "M" + pts.join("L") + "Z";
}

// One distinct shape per circle (1 = pagan ... 9 = treachery), centred on (0, 0), radius r.
export function sinShape(circle, r) {
  switch (circle) {
    case 1: return `M${-r},0A${r},${r} 0 1,0 ${r},0A${r},${r} 0 1,0 ${-r},0Z`;
    case 2: return `M0,${r}C${-1.6 * r},${-0.2 * r} ${-0.6 * r},${-1.3 * r} 0,${-0.45 * r}C${0.6 * r},${-1.3 * r} ${1.6 * r},${-0.2 * r} 0,${r}Z`;
    case 3: return poly(3, r * 1.15);
    case 4: return `M${-r * 0.85},${-r * 0.85}h${1.7 * r}v${1.7 * r}h${-1.7 * r}Z`;
    case 5: return poly(5, r * 1.05);
    case 6: return poly(6, r * 1.05);
    case 7: return poly(5, r * 1.25, true);
    case 8: return poly(4, r * 1.15, false, 0);
    case 9: return `M${-r * 0.3},${-r}h${0.6 * r}v${0.7 * r}h${0.7 * r}v${0.6 * r}h${-0.7 * r}v${0.7 * r}h${-0.6 * r}v${-0.7 * r}h${-0.7 * r}v${-0.6 * r}h${0.7 * r}Z`;
    default: return poly(8, r);
  }
}

// A Soul: standing (upright, with a little base) or lying (turned on its side, flattened).
export function soul(parent, board, colour, x, y, lying, r = 9) {
  const c = board.circles[colour - 1];
  const g = el("g", { class: lying ? "soul lying" : "soul standing", transform: `translate(${x},${y})` }, parent); // i18n: not for players
  if (lying) {
    el("ellipse", { cx: 0, cy: r * 0.9, rx: r * 1.3, ry: r * 0.3, class: "shadow" }, g);
    el("path", { d: sinShape(colour, r * 0.85), fill: c.hex, transform: "rotate(90) scale(0.75,1.1)", class: "piece" }, g);
  } else {
    el("path", { d: sinShape(colour, r), fill: c.hex, class: "piece" }, g);
    el("rect", { x: -r * 0.6, y: r * 0.95, width: r * 1.2, height: 3, class: "base" }, g);
  }
  sinLetter(g, c, lying, r);
  el("title", {}, g, lying ? t("lying {sin} Soul ({colour})", { sin: c.sin, colour: c.colour }) : t("standing {sin} Soul ({colour})", { sin: c.sin, colour: c.colour }));
  return g;
}

// The sin's letter on its piece, as the terminal marks it (upper case standing, lower case lying): the
// colour-blind tell the sins apart by it (and by the shape).
function sinLetter(g, c, lying, r) {
  if (!c.letter) return;
  // font-size: a presentation attribute (which the security policy allows), as no CSS rule sizes it
  el("text", { y: r * 0.4, class: "sin-letter", "font-size": (r * 1.05).toFixed(1), "aria-hidden": "true" }, g, lying ? c.letter.toLowerCase() : c.letter);
}

export function tile(parent, board, colour, x, y, r = 9) {
  const c = board.circles[colour - 1];
  const g = el("g", { class: "soul tile", transform: `translate(${x},${y})` }, parent); // i18n: not for players
  el("rect", { x: -r, y: -r * 0.7, width: 2 * r, height: 1.4 * r, rx: 2, fill: c.hex, class: "piece" }, g);
  el("path", { d: sinShape(colour, r * 0.45), fill: "#fff", opacity: 0.8 }, g);
  sinLetter(g, c, true, r);
  el("title", {}, g, t("spare {sin} Soul tile", { sin: c.sin }));
  return g;
}

// A family member of player p: Noble = tall pawn, Urchin = small pawn.
export function member(parent, p, kind, x, y, s = 1) {
  const g = el("g", { class: "member", transform: `translate(${x},${y}) scale(${s})` }, parent);
  const fill = PLAYER_COLOURS[p];
  if (kind === 0) {
    el("path", { d: "M-6,8L-4,-1A5,5 0 1,1 4,-1L6,8Z", fill, class: "pawn" }, g);
  } else {
    el("path", { d: "M-4,6L-3,0A3.5,3.5 0 1,1 3,0L4,6Z", fill, class: "pawn" }, g);
  }
  el("text", { y: kind === 0 ? 6 : 5, class: `seat-mark ${kind === 0 ? "noble" : "urchin"} ${inkOn(fill)}`, "aria-hidden": "true" }, g, String(p + 1)); // i18n: not for players
  el("title", {}, g, kind === 0 ? t("Player {n}'s Noble", { n: p + 1 }) : t("Player {n}'s Urchin", { n: p + 1 }));
  return g;
}

export function shieldPath(w, h) {
  return `M${-w / 2},${-h / 2}H${w / 2}V${h * 0.05}Q${w / 2},${h * 0.35} 0,${h / 2}Q${-w / 2},${h * 0.35} ${-w / 2},${h * 0.05}Z`;
}

export function keyed(node, keys) {
  node.setAttribute("data-k", keys.join(" "));
  node.classList.add("target");
  return node;
}

// Keep a text inside ``width`` (user units): squeezed only when it would run past its box. Texts are
// measured together once the drawing is done (one layout for all, not one per text).
const toFit = [];
export function fit(node, width) {
  toFit.push([node, width]);
  if (toFit.length === 1) queueMicrotask(fitAll);
  return node;
}
function fitAll() {
  const batch = toFit.splice(0);
  const wide = batch.map(([node, width]) => {
    try { return node.isConnected && node.getComputedTextLength() > width; } catch { return false; } // hidden: left as it is
  });
  batch.forEach(([node, width], i) => {
    if (!wide[i]) return;
    node.setAttribute("textLength", String(width));
    node.setAttribute("lengthAdjust", "spacingAndGlyphs");
  });
}
