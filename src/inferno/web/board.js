// The main board: Florence's quartieri and locations, Hell's nine circles, the Graveyard, Plague deck,
// River Styx, Dante's path and the Fraud market. Every size comes from the rules data (board.json).
import { PLAYER_COLOURS, el, fit, inkOn, keyed, member, shieldPath, soul, symbolGlyph, tile } from "./draw.js";
import { t, tn } from "./i18n.js";

const ROW_H = 62;
const GATE_GAP = 34;
const QUARTIERE_H = 186;
// Two layouts: wide (quartieri side by side) and narrow for phones (quartieri two by two).
const WIDE = { W: 1000, cols: 4, left: 110, right: 90 };
const NARROW = { W: 600, cols: 2, left: 96, right: 54 };
let L = WIDE;
let W = L.W;
let HELL_TOP = 215;

// The narrow layout is for phones only: a desktop window fits the wide board to its height, which may
// leave its column narrower than 700 pixels.
export function layoutFor(pixelWidth) {
  const desktop = window.matchMedia && window.matchMedia("(min-width: 901px)").matches;
  return !desktop && pixelWidth > 0 && pixelWidth < 700 ? "narrow" : "wide";
}

export function shieldXY(board, i) {
  const sh = board.shields;
  const c = sh.circle[i];
  const row = sh.circle_shields[c];
  const n = row.length;
  const k = row.indexOf(i);
  const maxN = Math.max(...sh.circle_shields.map((r) => r.length));
  const span = (W - L.left - L.right - 40) * (0.55 + 0.45 * (n / maxN));
  const spacing = n > 1 ? span / (n - 1) : 0;
  const x = (L.left + W - L.right) / 2 + (k - (n - 1) / 2) * Math.min(spacing, 150);
  let y = HELL_TOP + (c - 1) * ROW_H + 30;
  if (c >= board.walls_above_circle) y += GATE_GAP;
  return [x, y];
}

// ``pieces``: the view's pieces by name (what each shield holds, each family's Tower, passages, Diplomas
// and panel), as the seat view's schema describes them; ``st`` is the engine's state for the rest.
export function drawBoard(svg, board, st, pieces, names, mode = "wide") {
  L = mode === "narrow" ? NARROW : WIDE;
  W = L.W;
  HELL_TOP = 26 + Math.ceil(board.quartieri.length / L.cols) * QUARTIERE_H + 14;
  // The P&P panel (Plutus's Desks, Phlegyas's Bells) takes one more row of panels.
  const bottomH = (mode === "narrow" ? 315 : 215) + (st.pnp ? 100 : 0);
  const height = HELL_TOP + 9 * ROW_H + GATE_GAP + bottomH;
  svg.setAttribute("viewBox", `0 0 ${W} ${height}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMin meet"); // a column taller than the board: the board at its top // i18n: not for players
  document.documentElement.style.setProperty("--board-ratio", String(W / height)); // the desktop layout's board column
  svg.classList.toggle("narrow", mode === "narrow");
  svg.innerHTML = "";
  el("rect", { x: 0, y: 0, width: W, height, class: "bg" }, svg);
  drawFlorence(svg, board, st);
  drawHell(svg, board, st, pieces);
  drawBottom(svg, board, st, pieces, HELL_TOP + 9 * ROW_H + GATE_GAP + 12, names);
}

function drawFlorence(svg, board, st) {
  const g = el("g", { class: "florence" }, svg);
  el("text", { x: 10, y: 18, class: "area-title" }, g, t("Florence"));
  const qw = (W - 20) / L.cols;
  board.quartieri.forEach((name, q) => {
    const x0 = 10 + (q % L.cols) * qw;
    const y0 = 26 + Math.floor(q / L.cols) * QUARTIERE_H;
    const active = st.quartiere === q;
    keyed(el("rect", { x: x0 + 3, y: y0, width: qw - 6, height: 180, rx: 8, class: active ? "quartiere active" : "quartiere" }, g), [`quartiere:${q}`]); // i18n: not for players
    el("text", { x: x0 + 12, y: y0 + 18, class: "q-name" }, g, `${symbolGlyph(board.quartiere_symbols[q])} ${name}`);
    const locs = board.locations.filter((l) => st.loc_quartiere[l.index] === q);
    locs.forEach((loc, j) => drawLocation(g, board, st, loc, x0 + 10 + j * ((qw - 20) / 2), y0 + 28, (qw - 30) / 2));
  });
}

function drawLocation(parent, board, st, loc, x, y, w) {
  const c = board.circles[loc.circle - 1];
  const h = 144;
  const g = keyed(el("g", { class: "location", transform: `translate(${x},${y})` }, parent), [`location:${loc.index}`]);
  if (loc.special) {
    el("path", { d: `M0,${h}V22A${w / 2},22 0 0,1 ${w},22V${h}Z`, fill: c.hex, class: "loc-tile" }, g);
  } else {
    el("rect", { x: 0, y: 0, width: w, height: h, rx: 3, fill: c.hex, class: "loc-tile" }, g);
  }
  el("text", { x: w / 2, y: 34, class: "loc-name" }, g, loc.name);
  const noble = { florins: loc.noble_florins };
  const req = loc.special ? (loc.urchin_only ? t("Urchins only") : loc.urchin_free ? t("Noble {florins}ƒ, Urchin free", noble) : t("Noble {florins}ƒ", noble)) : t("free access");
  fit(el("text", { x: w / 2, y: 48, class: "loc-req" }, g, req), w - 6); // longer in other languages: squeezed to the tile
  // Family members here, per player and kind.
  let k = 0;
  st.players.forEach((pl, p) => {
    for (const kind of [0, 1]) {
      for (let n = 0; n < pl.florence[loc.index * 2 + kind]; n++, k++) {
        member(g, p, kind, 14 + (k % 5) * 19, 70 + Math.floor(k / 5) * 22, 1.1);
      }
    }
  });
  if (loc.id === "palace") {
    board.guest_circles.forEach((gc, i) => {
      const left = st.palace[gc];
      const cc = board.circles[gc - 1];
      const gg = keyed(el("g", { transform: `translate(${12 + i * 22},${h - 16})` }, g), [`guest:${gc}`]);
      el("circle", { r: 8, fill: cc.hex, class: "guest" }, gg);
      el("text", { y: 4, class: "count" }, gg, String(left));
      el("title", {}, gg, tn("{n} {sin} Guest left at the PALACE", "{n} {sin} Guests left at the PALACE", left, { sin: cc.sin }));
    });
  }
  if (loc.id === "market") {
    board.barrels.forEach((b, i) => {
      const gg = keyed(el("g", { transform: `translate(${12 + i * 22},${h - 16})` }, g), [`barrel:${b.index}`]);
      el("rect", { x: -7, y: -9, width: 14, height: 18, rx: 5, class: `barrel barrel-${b.id}` }, gg); // i18n: not for players
      el("text", { y: 4, class: "count" }, gg, String(st.barrel_market[b.index]));
      el("title", {}, gg, tn("{n} {barrel} Barrel left at the MARKET", "{n} {barrel} Barrels left at the MARKET", st.barrel_market[b.index], { barrel: barrelName(b.id) }));
    });
  }
  el("title", {}, g, loc.special ? t("{name} ({sin}, special)", { name: loc.name, sin: c.sin }) : t("{name} ({sin}, free access)", { name: loc.name, sin: c.sin }));
}

function drawHell(svg, board, st, pieces) {
  const sh = board.shields;
  const g = el("g", { class: "hell" }, svg);
  el("text", { x: 10, y: HELL_TOP - 4, class: "area-title" }, g, t("Hell"));
  // Circle bands with their sin, colour and Infamy, and the Phlegethon cube.
  for (let c = 1; c <= 9; c++) {
    const cc = board.circles[c - 1];
    const [, y] = shieldXY(board, sh.circle_shields[c][0]);
    el("rect", { x: 6, y: y - 28, width: W - 12, height: 56, rx: 10, class: "band", fill: cc.hex }, g);
    const small = L === NARROW ? " small" : "";
    el("text", { x: 12, y: y - 6, class: `circle-name${small}` }, g, `${c}. ${cc.sin}`);
    el("text", { x: 12, y: y + 12, class: `circle-info${small}` }, g, t("{mark} {n} Infamy", { mark: `${cc.glyph}${cc.letter || ""}`, n: board.circle_infamy[c] }));
    if (c >= 2) {
      const pg = keyed(el("g", { transform: `translate(${W - L.right + 28},${y})`, class: "phleg" }, g), [`phleg:${c}`]);
      el("rect", { x: -14, y: -14, width: 28, height: 28, rx: 4, class: "cube" }, pg);
      el("text", { y: 6, class: "cube-value" }, pg, `×${st.phleg[c]}`);
      el("title", {}, pg, t("Phlegethon multiplier of circle {circle}: {value} ({min}–{max})", { circle: c, value: st.phleg[c], min: board.phleg_min, max: board.phleg_max }));
    }
  }
  // The Walls of Dis first, then the lines (those that cross the Walls drawn over them, cased to stand out),
  // then the shields, then the gates with everyone's safe passages.
  const wallY = shieldXY(board, sh.circle_shields[board.walls_above_circle][0])[1] - 28 - GATE_GAP / 2;
  el("rect", { x: L.left, y: wallY - 5, width: W - L.left - L.right, height: 10, class: "wall" }, g);
  el("text", { x: 16, y: wallY + 4, class: "wall-label" }, g, t("Walls of Dis"));
  const crossing = [];
  sh.down.forEach((downs, i) => {
    const [x1, y1] = shieldXY(board, i);
    for (const j of downs) {
      const [x2, y2] = shieldXY(board, j);
      const line = { x1, y1: y1 + 14, x2, y2: y2 - 18 };
      if (y1 < wallY && y2 > wallY) crossing.push(line);
      else el("line", { ...line, class: "link" }, g);
    }
  });
  crossing.forEach((line) => el("line", { ...line, class: "link-casing" }, g));
  crossing.forEach((line) => el("line", { ...line, class: "link cross" }, g)); // i18n: not for players
  sh.labels.forEach((label, i) => drawShield(g, board, pieces.shields[i], i, label));
  sh.gate.forEach((gate, i) => {
    if (gate < 0) return;
    const [x] = shieldXY(board, i);
    const gg = keyed(el("g", { transform: `translate(${x},${wallY})`, class: "gate" }, g), [`gate:${gate}`]);
    el("rect", { x: -15, y: -10, width: 30, height: 20, rx: 3, class: "gate-box" }, gg);
    el("text", { y: 4, class: "gate-label" }, gg, String(gate + 1));
    st.players.forEach((pl, p) => {
      if (pieces.families[p].passages.includes(gate)) el("circle", { cx: -12 + p * 8, cy: 14, r: 4, class: `disc p${p}` }, gg); // i18n: not for players
    });
    const holders = pieces.families.map((f, p) => (f.passages.includes(gate) ? `P${p + 1}` : null)).filter(Boolean).join(", ");
    el("title", {}, gg, holders ? t("Gate {gate}: safe passages of {players}", { gate: gate + 1, players: holders }) : t("Gate {gate}: no safe passage", { gate: gate + 1 }));
  });
}

// A Barrel's colour by its id (the rules data's: red, blue...), in words.
export function barrelName(id) {
  const names = { grey: t("grey"), burgundy: t("burgundy"), beige: t("beige"), green: t("green") };
  return names[id] || id;
}

// A quartiere's symbol in words (the rules data's: keys, church, wheel, goat).
function symbolName(id) {
  const names = { keys: t("keys"), church: t("church"), wheel: t("wheel"), goat: t("goat") };
  return names[id] || id;
}

// Two effects of a card, one or the other.
export function either(effects) {
  return effects.length === 2 ? t("{first} or {second}", { first: effects[0], second: effects[1] }) : effects.join(", ");
}

// The circle (1-9) of a sin named in a piece.
export function circleOf(board, sin) {
  return board.circles.findIndex((c) => c.id === sin) + 1;
}

function drawShield(parent, board, piece, i, label) {
  const [x, y] = shieldXY(board, i);
  const c = board.shields.circle[i];
  const keys = [`shield:${i}`];
  if (piece.piece === "guardian") keys.push(`guardian:${piece.slot}`);
  const g = keyed(el("g", { class: "shield", transform: `translate(${x},${y})`, "data-shield": label }, parent), keys);
  el("path", { d: shieldPath(40, 46), class: "shield-bg", stroke: board.circles[c - 1].hex }, g);
  el("text", { x: 0, y: 19, class: "shield-symbol" }, g, symbolGlyph(board.quartiere_symbols[board.shields.symbol[i]]));
  el("text", { x: -17, y: -15, class: "shield-label" }, g, label);
  let what = t("empty");
  if (piece.piece === "soul") {
    const colour = circleOf(board, piece.sin);
    const sin = board.circles[colour - 1].sin;
    if (piece.tile) {
      tile(g, board, colour, 0, -3);
      what = t("{sin} Soul tile", { sin });
    } else {
      soul(g, board, colour, 0, -3, piece.lying);
      what = piece.lying ? t("lying {sin} Soul", { sin }) : t("standing {sin} Soul", { sin });
    }
  } else if (piece.piece === "guardian") {
    const gd = board.guardians[piece.slot];
    el("path", { d: "M0,-14L12,-5L8,10H-8L-12,-5Z", class: "guardian" }, g);
    el("text", { y: 3, class: "guardian-initial" }, g, gd ? gd.name.slice(0, 2) : "G");
    what = gd ? t("Guardian {name}", { name: gd.name }) : t("Guardian");
  } else if (piece.piece === "pit") {
    el("ellipse", { rx: 12, ry: 7, class: "pit" }, g);
    what = t("Pit");
  } else if (piece.piece === "desk") {
    // P&P: a Desk of Plutus in its owner's colour; crossing it costs a Drachma paid to the owner.
    const o = piece.owner;
    el("rect", { x: -14, y: -12, width: 28, height: 16, rx: 2, class: `desk p${o}`, fill: PLAYER_COLOURS[o] }, g); // i18n: not for players
    // "D" and the owner's seat number, in black on a light Desk (white, pink), in white on a dark one, so every
    // family's reads.
    el("text", { y: 0, class: `guardian-initial desk-mark ${inkOn(PLAYER_COLOURS[o])}` }, g, `D${o + 1}`); // i18n: not for players
    what = t("Desk of Plutus owned by Player {n} (crossing it costs another player a Drachma)", { n: o + 1 });
  }
  const sym = board.quartiere_symbols[board.shields.symbol[i]];
  el("title", {}, g, t("Shield {label} (circle {circle}, {symbol} → {quartiere}): {what}", { label, circle: c, symbol: symbolName(sym), quartiere: board.quartieri[board.shields.symbol[i]], what }));
}

function drawBottom(svg, board, st, pieces, y0, names) {
  const g = el("g", { class: "bottom" }, svg);
  // Panels flow left to right and wrap on a narrow board.
  let x = 8, y = y0;
  const place = (w) => {
    if (x + w > W - 8) { x = 8; y += 100; }
    const at = [x, y];
    x += w + 8;
    return at;
  };
  // Graveyard: Souls per colour (up to six a row).
  let [gx, gy] = place(300);
  el("rect", { x: gx, y: gy, width: 300, height: 92, rx: 8, class: "panel", "data-c": "graveyard" }, g);
  el("text", { x: gx + 10, y: gy + 18, class: "area-title small", "data-c": "graveyard" }, g, t("Graveyard")); // i18n: not for players
  const colours = [];
  for (let c = 1; c <= 9; c++) if (st.graveyard[c]) colours.push(c);
  colours.forEach((c, k) => {
    const n = st.graveyard[c];
    const row = colours.length > 6 ? gy + 38 + Math.floor(k / 6) * 34 : gy + 52;
    const gg = keyed(el("g", { transform: `translate(${gx + 22 + (k % 6) * 46},${row})` }, g), [`colour:${c}`]);
    el("rect", { x: -15, y: -16, width: 46, height: 32, rx: 5, class: "hit" }, gg);
    soul(gg, board, c, 0, 0, false, 10);
    el("text", { x: 16, y: 6, class: "count-side" }, gg, `×${n}`);
    el("title", {}, gg, tn("{n} {sin} Soul in the Graveyard", "{n} {sin} Souls in the Graveyard", n, { sin: board.circles[c - 1].sin }));
  });
  // Plague deck (face up: its top card is open information).
  [gx, gy] = place(150);
  el("rect", { x: gx, y: gy, width: 150, height: 92, rx: 8, class: "panel", "data-c": "plague" }, g);
  el("text", { x: gx + 10, y: gy + 18, class: "area-title small", "data-c": "plague" }, g, t("Plague ({n})", { n: st.plague.length })); // i18n: not for players
  const top = st.plague.length ? board.plague_cards[st.plague[0]] : [];
  top.forEach((c, i) => soul(g, board, c, gx + 24 + i * 32, gy + 52, false, 10));
  // River Styx.
  [gx, gy] = place(150);
  const sx = keyed(el("g", { class: "styx" }, g), ["styx"]);
  el("rect", { x: gx, y: gy, width: 150, height: 92, rx: 8, class: "panel river" }, sx); // i18n: not for players
  el("text", { x: gx + 10, y: gy + 18, class: "area-title small" }, sx, t("River Styx")); // i18n: not for players
  Object.entries(board.styx_table).forEach(([n, adv], i) => {
    const upper = t("upper"), lower = t("lower");
    const moves = adv.map((a) => (a === "U" ? upper : lower)).join(" + ");
    fit(el("text", { x: gx + 10, y: gy + 40 + i * 16, class: "styx-row" }, sx, tn("{n} Soul: {moves}", "{n} Souls: {moves}", Number(n), { moves })), 132);
  });
  el("title", {}, sx, t("River Styx: return Souls of one colour from the Graveyard (rulebook p.9)"));
  // Fraud market and deck.
  [gx, gy] = place(360);
  el("rect", { x: gx, y: gy, width: 360, height: 92, rx: 8, class: "panel", "data-c": "fraud" }, g);
  el("text", { x: gx + 10, y: gy + 18, class: "area-title small", "data-c": "fraud" }, g, t("Fraud market")); // i18n: not for players
  st.market.forEach((card, i) => fraudCard(g, board, card, gx + 10 + i * 82, gy + 26));
  const dk = keyed(el("g", { transform: `translate(${gx + 268},${gy + 26})` }, g), ["deck"]);
  el("rect", { width: 78, height: 58, rx: 5, class: "card back" }, dk); // i18n: not for players
  el("text", { x: 39, y: 34, class: "card-id" }, dk, t("deck {n}", { n: st.deck.length }));
  el("title", {}, dk, tn("Fraud deck: {n} card, order secret", "Fraud deck: {n} cards, order secret", st.deck.length));
  if (st.pnp) {
    [gx, gy] = place(330);
    drawPnp(g, board, st, pieces, gx, gy);
  }
  // Dante's path.
  const dy = y + 100;
  el("rect", { x: 8, y: dy, width: W - 16, height: 90, rx: 8, class: "panel", "data-c": "dante" }, g);
  el("text", { x: 18, y: dy + 18, class: "area-title small", "data-c": "dante" }, g, t("Dante's path")); // i18n: not for players
  const n = board.stops.length + 1;
  const step = (W - 60) / n;
  for (let i = -1; i < board.stops.length; i++) {
    const x = 30 + (i + 1) * step;
    const stop = i < 0 ? { kind: "S", label: "start" } : board.stops[i];
    const cls = i < st.dante ? "stop passed" : "stop"; // i18n: not for players
    const sr = el("rect", { x, y: dy + 30, width: step - 6, height: 30, rx: 4, class: `${cls} stop-${stop.kind}` }, g);
    if (i >= 0) keyed(sr, [`stop:${i}`]);
    const label = stop.kind === "D" ? `D${stop.circle}` : stop.kind === "F" ? t("Fraud") : stop.kind === "P" ? t("Pagan") : stop.kind === "END" ? t("End") : t("start");
    el("text", { x: x + (step - 6) / 2, y: dy + 50, class: L === NARROW ? "stop-label small" : "stop-label", "data-c": i >= 0 ? `stop:${i}` : "dante" }, g, label); // i18n: not for players
    if (i === st.dante) {
      keyed(el("path", { d: `M${x + step / 2 - 3},${dy + 64}l-8,16h16z`, class: "dante" }, g), ["dante"]);
      el("text", { x: x + step / 2 - 3, y: dy + 88, class: "dante-label" }, g, "Dante");
    }
  }
}

export function fraudCard(parent, board, card, x, y, w = 78, h = 58) {
  const gg = el("g", { transform: `translate(${x},${y})` }, parent);
  if (card < 0) {
    el("rect", { width: w, height: h, rx: 5, class: "card back" }, gg); // i18n: not for players
    el("text", { x: w / 2, y: h / 2 + 4, class: "card-id" }, gg, "?");
    return gg;
  }
  const fc = board.fraud_cards[card];
  keyed(gg, [`card:${card}`]);
  el("rect", { width: w, height: h, rx: 5, class: "card" }, gg);
  el("text", { x: w / 2, y: 13, class: "card-id" }, gg, fc.id);
  el("rect", { x: 4, y: 18, width: 10, height: 12, rx: 3, class: `barrel barrel-${board.barrels[fc.instant_barrel].id}` }, gg); // i18n: not for players
  fit(el("text", { x: 17, y: 28, class: "card-text" }, gg, fc.instant[0]), w - 20);
  fit(el("text", { x: 17, y: 39, class: "card-text" }, gg, t("or {effect}", { effect: fc.instant[1] })), w - 20);
  el("rect", { x: 4, y: 42, width: 10, height: 12, rx: 3, class: `barrel barrel-${board.barrels[fc.endgame_barrel].id}` }, gg); // i18n: not for players
  fit(el("text", { x: 17, y: 52, class: "card-text" }, gg, t("end: {effect}", { effect: fc.endgame[0] })), w - 20);
  el("title", {}, gg, t("{card}: instant ({instantBarrel} Barrel) {instant}; end game ({endBarrel} Barrel) {end}", { card: fc.id, instantBarrel: barrelName(board.barrels[fc.instant_barrel].id), instant: either(fc.instant), endBarrel: barrelName(board.barrels[fc.endgame_barrel].id), end: either(fc.endgame) }));
  return gg;
}

// P&P: Plutus's Desks (on their shields, and those still to place) and Phlegyas's Bells (the supply
// and every family's), each shown when its module is in play.
function drawPnp(parent, board, st, pieces, x, y) {
  const x2 = st.pnp;
  const mods = (st.config && st.config.modules) || [];
  const g = keyed(el("g", { class: "pnp" }, parent), ["pnp"]);
  el("rect", { x, y, width: 330, height: 92, rx: 8, class: "panel" }, g);
  el("text", { x: x + 10, y: y + 18, class: "area-title small" }, g, t("P&P expansion")); // i18n: not for players
  const info = board.pnp || {};
  let row = y + 38;
  if (mods.includes("plutus")) {
    const dg = el("g", { class: "desks" }, g);
    const onBoard = pieces.shields.filter((v) => v.piece === "desk").length;
    const toPlace = x2.desks.map((n, p) => (n ? `P${p + 1}: ${n}` : null)).filter(Boolean).join(", ") || t("none");
    el("rect", { x: x + 10, y: row - 11, width: 14, height: 12, rx: 2, class: "desk-icon" }, dg);
    fit(el("text", { x: x + 30, y: row, class: "styx-row" }, dg, t("Plutus's Desks (circle {circle}): {n} on the board; to place {toPlace}", { circle: info.desk_circle ?? "?", n: onBoard, toPlace })), 292);
    el("title", {}, dg, t("Crossing another player's Desk costs a Drachma paid to its owner; your own Desk is free"));
    row += 24;
  }
  if (mods.includes("phlegyas")) {
    const bg = el("g", { class: "bells" }, g);
    el("path", { d: `M${x + 12},${row + 1}h12l-2,-3v-5a4,4 0 0,0 -8,0v5z`, class: "bell-icon" }, bg);
    fit(el("text", { x: x + 30, y: row, class: "styx-row" }, bg, t("Phlegyas's Bells (circle {circle}): {n} in the supply", { circle: info.bell_circle ?? "?", n: x2.bell_supply })), 292);
    x2.bells.forEach((n, p) => {
      const cx = x + 20 + p * 62;
      el("circle", { cx, cy: row + 16, r: 6, class: `disc p${p}` }, bg); // i18n: not for players
      el("text", { x: cx + 10, y: row + 20, class: "styx-row" }, bg, tn("{n} Bell", "{n} Bells", n));
    });
    el("title", {}, bg, t("A Bell lets you slide a Soul sideways in its circle before it descends"));
  }
}
