// Each player's board: Tower, Home, money, Boat, Sin Tracks with bonuses, Diplomas, supply panel, cards.
import { PLAYER_COLOURS, el, fit, keyed, member } from "./draw.js";
import { barrelName, circleOf, either, fraudCard } from "./board.js";
import { t, tn } from "./i18n.js";


const W_BOARD = 520; // a player board's width (user units)

// ``pieces``: the view's pieces by name (the seat view's schema); this family's are ``pieces.families[p]``.
export function drawPlayer(svg, board, st, pieces, p, name, own, toMove) {
  const pl = st.players[p];
  const fam = pieces.families[p];
  const W = W_BOARD, H = 400;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.innerHTML = "";
  el("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 10, class: toMove ? "pboard to-move" : "pboard" }, svg); // i18n: not for players
  el("circle", { cx: 18, cy: 20, r: 9, fill: PLAYER_COLOURS[p], class: "swatch" }, svg);
  const label = own && name.toLowerCase() !== "you" ? t("{name} (you)", { name }) : name;
  fit(el("text", { x: 34, y: 25, class: "p-name" }, svg, label), 150);
  const parts = [
    t("Infamy {n}", { n: pl.infamy }),
    tn("{n} Florin", "{n} Florins", pl.florins),
    tn("{n} Drachma", "{n} Drachmas", pl.drachmas),
    pl.loans ? tn("Boat: {n} loan", "Boat: {n} loans", pl.loans) : t("Boat: no loan"),
  ];
  const x = st.pnp;
  if (x && x.bells[p] !== undefined && x.bell_supply + x.bells.reduce((a, b) => a + b, 0) > 0) parts.push(tn("{n} Bell", "{n} Bells", x.bells[p]));
  if (x && x.desks[p]) parts.push(tn("{n} Desk to place", "{n} Desks to place", x.desks[p]));
  fit(el("text", { x: W - 10, y: 25, class: "p-money", "data-c": "loans" }, svg, parts.join(" · ")), W - 200);
  drawTower(svg, board, pl, fam, p, own, 10, 40);
  drawTracks(svg, board, st, pl, fam, own, 250, 40);
  drawCards(svg, board, pl, fam, own, 10, 318);
}

function drawTower(svg, board, pl, fam, p, own, x0, y0) {
  const g = el("g", { class: "tower" }, svg);
  const per = board.spaces_per_floor, floors = board.tower_floors;
  const cw = 34, ch = 30;
  el("text", { x: x0, y: y0 + 12, class: "small-title", "data-c": "tower" }, g, t("Tower"));
  for (let f = 0; f < floors; f++) {
    const y = y0 + 18 + (floors - 1 - f) * (ch + 4);
    const built = f < pl.floors;
    const row = el("g", { "data-c": "tower" }, g);
    if (own) keyed(row, [`floor:${f}`]);
    el("rect", { x: x0, y, width: per * cw + 26, height: ch, rx: 3, class: built ? "floor built" : "floor unbuilt" }, row); // i18n: not for players
    el("text", { x: x0 + 4, y: y + 19, class: "floor-no" }, row, String(f));
    for (let s = 0; s < per; s++) {
      const idx = f * per + s;
      const v = fam.tower[idx];
      const cx = x0 + 22 + s * cw + cw / 2, cy = y + ch / 2;
      const cell = el("g", {}, g);
      const keys = [`space:${idx}`];
      el("rect", { x: cx - cw / 2 + 2, y: y + 3, width: cw - 4, height: ch - 6, rx: 3, class: built ? "space" : "space unbuilt" }, cell); // i18n: not for players
      if (v.piece === "noble" || v.piece === "urchin") {
        const kind = v.piece === "noble" ? 0 : 1;
        member(cell, p, kind, cx, cy - 1, 1.05);
        keys.push(`member:${kind}`, board.tower_key);
      } else if (v.piece === "guest") {
        const circle = circleOf(board, v.sin);
        const c = board.circles[circle - 1];
        el("circle", { cx, cy, r: 9, fill: c.hex, class: "guest" }, cell);
        el("text", { x: cx, y: cy + 4, class: "count" }, cell, c.glyph);
        el("title", {}, cell, t("{sin} Guest", { sin: c.sin }));
        keys.push(`guest:${circle}`);
      } else if (v.piece === "barrel") {
        el("rect", { x: cx - 7, y: cy - 9, width: 14, height: 18, rx: 5, class: `barrel barrel-${v.id}` }, cell); // i18n: not for players
        el("title", {}, cell, t("{colour} Barrel", { colour: barrelName(v.id) }));
        keys.push(`barrel:${v.index}`);
      }
      if (own) keyed(cell, keys);
    }
  }
  // Home and the Urchin reserve.
  const hy = y0 + 18 + floors * (ch + 4) + 4;
  const home = el("g", { "data-c": "home" }, g);
  el("rect", { x: x0, y: hy, width: 220, height: 34, rx: 4, class: "home" }, home);
  el("text", { x: x0 + 4, y: hy + 13, class: "small-title" }, home, t("Home"));
  let k = 0;
  for (const kind of [0, 1]) {
    for (let n = 0; n < pl.home[kind]; n++, k++) {
      const m = member(home, p, kind, x0 + 56 + k * 17, hy + 18, 1.1);
      if (own) keyed(m, [`member:${kind}`]);
    }
  }
  fit(el("text", { x: x0 + 216, y: hy + 29, class: "reserve" }, home, tn("reserve: {n} Urchin", "reserve: {n} Urchins", pl.reserve)), 150);
}

function drawTracks(svg, board, st, pl, fam, own, x0, y0) {
  const g = el("g", { class: "tracks" }, svg);
  el("text", { x: x0, y: y0 + 12, class: "small-title" }, g, t("Sin Tracks · ½ Diplomas: {n}", { n: pl.half }));
  const max = board.track_max;
  for (let c = 2; c <= 9; c++) {
    const cc = board.circles[c - 1];
    const diploma = fam.diplomas.includes(cc.id);
    const y = y0 + 18 + (c - 2) * 25;
    const row = el("g", { "data-c": `track:${c}` }, g);
    if (own) keyed(row, [`track:${c}`]);
    el("rect", { x: x0, y, width: 262, height: 22, rx: 4, fill: cc.hex, class: "track" }, row);
    el("text", { x: x0 + 4, y: y + 15, class: "track-name" }, row, cc.sin);
    for (let lv = 1; lv <= max; lv++) {
      const bx = x0 + 66 + (lv - 1) * 24;
      el("rect", { x: bx, y: y + 3, width: 20, height: 16, rx: 2, class: lv === board.track_max ? "tspace half" : "tspace" }, row); // i18n: not for players
      if (pl.tracks[c] === lv) el("text", { x: bx + 10, y: y + 16, class: "skull" }, row, "☠");
    }
    const b = st.bonus[c];
    if (b >= 0) {
      const tile = board.bonus_tiles[b];
      fit(el("text", { x: x0 + 66 + max * 24 + 2, y: y + 15, class: `bonus ${tile.kind}` }, row, tile.text), 262 - 68 - max * 24 - (diploma ? 22 : 0)); // i18n: not for players
      el("title", {}, row, t("{sin} track, level {level}; bonus ({kind}): {bonus}", { sin: cc.sin, level: pl.tracks[c], kind: bonusKind(tile.kind), bonus: tile.text }));
    }
    if (diploma) {
      el("rect", { x: x0 + 240, y: y + 2, width: 18, height: 18, rx: 2, class: "diploma" }, row);
      el("text", { x: x0 + 249, y: y + 15, class: "diploma-mark" }, row, "D");
    }
  }
}

// A bonus tile's kind in words.
function bonusKind(kind) {
  return kind === "gold" ? t("gold") : kind === "silver" ? t("silver") : kind;
}

function drawCards(svg, board, pl, fam, own, x0, y0) {
  const g = el("g", {}, svg);
  el("text", { x: x0, y: y0 - 2, class: "small-title" }, g, own ? t("Your hand") : t("Hand"));
  pl.hand.forEach((card, i) => fraudCard(g, board, card, x0 + i * 84, y0 + 2));
  const px = x0 + Math.max(2, pl.hand.length) * 84 + 8;
  el("text", { x: px, y: y0 - 2, class: "small-title" }, g, t("Played"));
  pl.played.forEach((card, i) => {
    const fc = board.fraud_cards[card];
    const node = el("text", { x: px + (i % 6) * 36, y: y0 + 16 + Math.floor(i / 6) * 14, class: "played" }, g, fc.id);
    el("title", {}, node, t("end game: {effect}", { effect: either(fc.endgame) }));
  });
  const panel = board.barrels.filter((b) => fam.panel.includes(b.id));
  fit(el("text", { x: 420, y: y0 - 2, class: "small-title" }, g, t("Supply panel")), W_BOARD - 426);
  panel.forEach((b, i) => el("rect", { x: 420 + i * 20, y: y0 + 6, width: 14, height: 18, rx: 5, class: `barrel barrel-${b.id}` }, g)); // i18n: not for players
}
