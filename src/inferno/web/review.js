// Hints during play and the review of a finished game (reached from the final screen or a replay).
// Every text the server sends is put in with textContent (or escaped).

import { t } from "./i18n.js";

let ctx = null; // { api, app, $, esc } from app.js
let hintsState = { version: -1, at: 0, allowed: false, notes: [] };
let polling = null;

export function initReview(c) {
  ctx = c;
  const { $ } = ctx;
  $("hint-btn").onclick = askHint;
  $("review-btn").onclick = openReview;
  $("replay-review").onclick = openReview;
  $("review-close").onclick = closeReview;
  $("review-start").onclick = startReview;
}

// The lobby's hint setting: null lets the server decide (hints only when no other human plays).
export function lobbyHints() {
  const el = document.getElementById("hints-setting");
  const v = el ? el.value : "auto";
  return v === "on" ? true : v === "off" ? false : null;
}

// Called after each render of the side panel: the Hint button, the hint notes, the Review button.
export async function renderReview(snap) {
  const { $, app, api } = ctx;
  $("review-btn").hidden = !snap.result;
  const mine = !!(snap.pending && snap.pending.player === snap.seat && snap.seat >= 0 && !snap.result);
  // The setting never changes and notes rarely do: ask again on your own decision or every 10 s at most.
  const now = Date.now();
  const due = hintsState.version < 0 || (mine && hintsState.version !== snap.version) || now - hintsState.at > 10000;
  if (!app.replay && due) {
    hintsState.version = snap.version;
    hintsState.at = now;
    try {
      const h = await api(`/api/games/${app.game}/hints`);
      hintsState = { version: snap.version, at: now, allowed: h.allowed, notes: h.notes };
    } catch { /* keep the last answer */ }
  }
  const cur = app.replay ? snap : (app.snap || snap); // a newer state may have come meanwhile
  const panel = $("hint-panel");
  if (panel.dataset.version !== String(cur.version)) panel.hidden = true; // a hint is for one decision only
  const mineNow = !!(cur.pending && cur.pending.player === cur.seat && cur.seat >= 0 && !cur.result);
  $("hint-btn").hidden = !(hintsState.allowed && mineNow && !app.replay);
  showNotes();
}

function showNotes() {
  const { $ } = ctx;
  const ul = $("hint-notes");
  ul.innerHTML = "";
  ul.hidden = !hintsState.notes.length;
  for (const n of hintsState.notes) {
    const li = document.createElement("li");
    li.className = "ev-hint";
    li.textContent = t("{hint} (before move {n})", { hint: n.text, n: n.version + 1 });
    ul.appendChild(li);
  }
}

async function askHint() {
  const { $, app, api } = ctx;
  const panel = $("hint-panel");
  panel.hidden = false;
  panel.dataset.version = String(app.snap.version);
  panel.textContent = t("Thinking…");
  try {
    const h = await api(`/api/games/${app.game}/hint`, { version: app.snap.version });
    panel.innerHTML = "";
    const head = document.createElement("p");
    head.textContent = t("Hint (estimated win chance and expected final Infamy margin of each option, from what you can see):");
    panel.appendChild(head);
    const ol = document.createElement("ol");
    for (const o of h.options) {
      const li = document.createElement("li");
      li.className = "hint-option";
      li.textContent = t("{option}: {chance}% (±{chanceError}), Infamy margin {margin} (±{marginError})", { option: o.text, chance: Math.round(o.value), chanceError: Math.round(o.se), margin: signed(o.margin), marginError: o.margin_se.toFixed(1) });
      ol.appendChild(li);
    }
    panel.appendChild(ol);
    for (const line of h.hidden_cards) {
      const p = document.createElement("p");
      p.className = "hint-cards";
      p.textContent = line;
      panel.appendChild(p);
    }
    hintsState.notes = h.notes;
    showNotes();
  } catch (e) { panel.textContent = e.message; }
}

// A margin in Infamy with its sign: +3.2, −1.5, 0.0.
function signed(m) {
  const r = Math.round(m * 10) / 10;
  return r > 0 ? `+${r.toFixed(1)}` : r < 0 ? `−${(-r).toFixed(1)}` : "0.0";
}

// A decision's losses: win chance in points, and the expected Infamy margin (absent in old reviews).
function lossCells(d) {
  const win = `−${Math.round(d.loss)} (±${Math.round(d.loss_se)})`;
  const margin = d.margin_loss == null ? "–" : `−${d.margin_loss.toFixed(1)} (±${(d.margin_loss_se || 0).toFixed(1)})`;
  return `<td>${win}</td><td>${margin}</td>`;
}

// A decision's grade in words (the review's grades: "best", "good", "inaccuracy", "mistake", "blunder").
function gradeWord(grade, d) {
  if (d && d.grade_words) return d.grade_words;
  const words = { best: t("best"), good: t("good"), inaccuracy: t("inaccuracy"), mistake: t("mistake"), blunder: t("blunder") };
  return words[grade] || grade;
}

// A chart mark's title: the turn and the grade.
function markTitle(d) {
  return ctx.esc(t("turn {turn}: {grade}", { turn: d.turn, grade: gradeWord(d.grade, d) }));
}

// ----- the review page -----

export function openReview() {
  const { $, app } = ctx;
  const page = $("review-page");
  page.hidden = false;
  const sel = $("review-seat");
  const seats = (app.snap && app.snap.seats) || [];
  sel.innerHTML = "";
  seats.forEach((s, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = t("{name} (seat {n})", { name: s.name, n: i + 1 });
    sel.appendChild(o);
  });
  if (app.snap && app.snap.seat >= 0) sel.value = String(app.snap.seat);
  $("review-result").innerHTML = "";
  $("review-progress").hidden = true;
  page.scrollIntoView({ block: "start" });
}

function closeReview() {
  if (polling) { clearTimeout(polling); polling = null; }
  ctx.$("review-page").hidden = true;
  ctx.$("review-page").classList.remove("at-position");
}

async function startReview() {
  const { $, app, api } = ctx;
  const seat = Number($("review-seat").value);
  const depth = $("review-depth").value;
  $("review-error").textContent = "";
  $("review-result").innerHTML = "";
  try {
    const st = await api(`/api/games/${app.game}/review`, { seat, depth });
    poll(seat, depth, st);
  } catch (e) { $("review-error").textContent = e.message; }
}

async function poll(seat, depth, st) {
  const { $, app, api } = ctx;
  const bar = $("review-progress");
  if (polling) { clearTimeout(polling); polling = null; }
  if (st.status === "failed") { $("review-error").textContent = st.message; bar.hidden = true; return; }
  if (st.status === "done") { bar.hidden = true; showResult(st); return; }
  bar.hidden = false;
  bar.max = Math.max(1, st.total || 1);
  bar.value = st.done || 0;
  $("review-count").textContent = st.total ? t("{done} of {total} decisions", { done: st.done, total: st.total }) : t("starting…");
  polling = setTimeout(async () => {
    try {
      poll(seat, depth, await api(`/api/games/${app.game}/review?seat=${seat}&depth=${encodeURIComponent(depth)}`));
    } catch (e) { $("review-error").textContent = e.message; }
  }, 700);
}

function showResult(st) {
  const { $, esc } = ctx;
  $("review-count").textContent = "";
  const rv = st.review;
  const div = $("review-result");
  const summary = st.headline || []; // the summary's head, in the reader's language
  // the server's order: worst grade first, then the bigger loss (win chance or margin)
  const byIndex = new Map(rv.decisions.map((d) => [d.index, d]));
  const worst = (st.biggest || []).map((i) => byIndex.get(i)).filter((d) => d);
  const show = esc(t("Show on the board"));
  const rows = worst.map((d) => `<tr class="grade-${esc(d.grade)}" data-index="${d.index}"><td>${d.turn}</td><td>${esc(gradeWord(d.grade, d))}</td><td>${esc(d.played)}</td>` // i18n: not for players (markup)
    + `<td>${esc(d.best)}</td>${lossCells(d)}<td>${esc(d.reason)}</td>`
    + `<td><button type="button" class="review-show" data-index="${d.index}">${show}</button></td></tr>`); // i18n: not for players
  const heads = [t("turn"), t("grade"), t("played"), t("better"), t("win chance lost"), t("Infamy margin lost"), t("why"), t("position")];
  const w = { biggest: t("Biggest mistakes"), none: t("No mistakes found at this depth."), cards: t("Hidden cards at the biggest mistake (estimated from what was public)"), standing: t("Standing over the game") };
  const table = worst.length
    ? `<h4>${esc(w.biggest)}</h4><div class="table-wrap"><table id="review-mistakes"><tr>${heads.map((h) => `<th>${esc(h)}</th>`).join("")}</tr>${rows.join("")}</table></div>` // i18n: not for players
    : `<p>${esc(w.none)}</p>`;
  const cards = worst.length && worst[0].hidden_cards.length
    ? `<h4>${esc(w.cards)}</h4><ul>${worst[0].hidden_cards.map((l) => `<li>${esc(l)}</li>`).join("")}</ul>` : "";
  div.innerHTML = `<div id="review-summary">${summary.map((l) => `<p>${esc(l)}</p>`).join("")}</div>`
    + `<h4>${esc(w.standing)}</h4>${chart(st.standing, rv.decisions)}${marginChart(st.standing, rv.decisions)}` + table + cards;
  div.querySelectorAll(".review-show").forEach((b) => { b.onclick = () => showMistake(byIndex.get(Number(b.dataset.index)), st); });
  const a = document.createElement("a");
  a.id = "review-json";
  a.textContent = t("Download the review (JSON)");
  a.download = `review-seat-${rv.seat + 1}.json`;
  a.href = URL.createObjectURL(new Blob([JSON.stringify(rv, null, 1)], { type: "application/json" }));
  div.appendChild(a);
}

// A mistake's position opens in the replay, the better move marked on the board and named beside it.
function showMistake(d, st) {
  const { app } = ctx;
  const at = (st.moments || {})[String(d.index)] || { better_targets: [] };
  const seat = (app.snap && app.snap.seats && app.snap.seats[st.review.seat]) || null;
  const who = seat ? seat.name : t("Seat {n}", { n: st.review.seat + 1 });
  ctx.$("review-page").classList.add("at-position"); // smaller: the board needs the room
  ctx.showPosition(d.index, { text: d.best, played: d.played, who, targets: at.better_targets });
}

// The estimated win chance after each reviewed decision, as a small SVG line chart (the expected
// Infamy margin has its own chart below it).
function chart(points, decisions) {
  const w = 600, h = 160, pad = 24;
  if (!points.length) { const none = t("No decision to show."); return `<p>${none}</p>`; }
  const x = (i) => pad + (points.length === 1 ? 0 : (i * (w - 2 * pad)) / (points.length - 1));
  const y = (v) => h - pad - (v / 100) * (h - 2 * pad);
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");
  const marks = decisions.map((d, i) => (d.grade === "mistake" || d.grade === "blunder")
    ? `<circle class="mark-${d.grade}" cx="${x(i).toFixed(1)}" cy="${y(points[i].value).toFixed(1)}" r="3.5"><title>${markTitle(d)}</title></circle>` : "").join(""); // i18n: not for players
  const label = t("Estimated win chance over the game");
  return `<svg id="review-chart" viewBox="0 0 ${w} ${h}" role="img" aria-label="${ctx.esc(label)}">` // i18n: not for players
    + `<line x1="${pad}" y1="${y(50)}" x2="${w - pad}" y2="${y(50)}" class="mid"/>` // i18n: not for players
    + `<text x="2" y="${y(100) + 4}">100%</text><text x="2" y="${y(0)}">0%</text>` // i18n: not for players
    + `<polyline points="${line}" class="standing"/>${marks}</svg>`; // i18n: not for players
}

// The expected final Infamy margin (own minus the best opponent's) after each reviewed decision.
function marginChart(points, decisions) {
  const w = 600, h = 160, pad = 24;
  if (!points.length || points.some((p) => p.margin == null)) return "";
  const ms = points.map((p) => p.margin);
  const top = Math.max(1, ...ms.map(Math.abs));
  const x = (i) => pad + (points.length === 1 ? 0 : (i * (w - 2 * pad)) / (points.length - 1));
  const y = (m) => h / 2 - (m / top) * (h / 2 - pad);
  const line = ms.map((m, i) => `${x(i).toFixed(1)},${y(m).toFixed(1)}`).join(" ");
  const marks = decisions.map((d, i) => (d.grade === "mistake" || d.grade === "blunder")
    ? `<circle class="mark-${d.grade}" cx="${x(i).toFixed(1)}" cy="${y(ms[i]).toFixed(1)}" r="3.5"><title>${markTitle(d)}</title></circle>` : "").join(""); // i18n: not for players
  const note = t("Expected final Infamy margin (the player's minus the best opponent's):");
  const label = t("Expected final Infamy margin over the game");
  return `<p class="chart-note">${ctx.esc(note)}</p>`
    + `<svg id="review-margin-chart" viewBox="0 0 ${w} ${h}" role="img" aria-label="${ctx.esc(label)}">` // i18n: not for players
    + `<line x1="${pad}" y1="${y(0)}" x2="${w - pad}" y2="${y(0)}" class="mid"/>` // i18n: not for players
    + `<text x="2" y="${y(top) + 4}">+${Math.round(top)}</text><text x="2" y="${y(0) + 4}">0</text><text x="2" y="${y(-top)}">−${Math.round(top)}</text>` // i18n: not for players
    + `<polyline points="${line}" class="standing margin"/>${marks}</svg>`; // i18n: not for players
}
