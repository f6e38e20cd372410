// The end of a game tells its story, all at once: who won and by what, each player's Infamy by source
// (bars), the six steps of final scoring explained with this game's numbers (rulebook pages cited), for
// solo the Rival's row and the rank ladder; then one click opens the review. The server builds the story
// with the engine (GET /api/games/{id}/story); this module only draws it.

import { t, tn } from "./i18n.js";

const stories = new Map(); // game id -> its story (a finished game's never changes)

// Draw the story of the finished game into `div` (fetched once per game); `review` opens the review page.
export async function showStory(div, { api, game, esc, review }) {
  div.hidden = false;
  let story = stories.get(game);
  const title = t("Final scoring");
  const head = `<h3>${esc(title)}</h3>`;
  if (!story) {
    if (!div.dataset.game) { const reading = t("The final scores are being read…"); div.innerHTML = `${head}<p>${esc(reading)}</p>`; }
    try { story = await api(`/api/games/${game}/story`); } catch (e) { div.innerHTML = `${head}<p role="alert">${esc(e.message)}</p>`; return; }
    stories.set(game, story);
  }
  if (div.dataset.game === game) return; // drawn already: keep the reader's place and focus
  div.dataset.game = game;
  div.innerHTML = `${head}${verdict(story, esc)}${story.solo ? ladder(story.solo, esc) : ""}`
    + `${table(story, esc)}${bars(story, esc)}${steps(story, esc)}`;
  div.querySelectorAll(".bar[data-w]").forEach((b) => { b.style.width = `${b.dataset.w}%`; }); // the CSP allows no style attribute
  const b = document.createElement("button");
  b.id = "story-review";
  b.type = "button";
  b.textContent = t("Review this game");
  b.onclick = review;
  div.appendChild(b);
  const f = document.activeElement; // the keyboard was on the list of actions: the review is next
  if (!f || f === document.body || f.closest("#actions")) b.focus({ preventScroll: true });
}

// Forget the drawn story (another game is opened in this page).
export function clearStory(div) { delete div.dataset.game; }

function verdict(st, esc) {
  const decided = st.decided ? `<p id="story-decided">${esc(st.decided)}</p>` : "";
  const ended = t("The game ended: {how}.", { how: st.how });
  return `<p id="story-verdict"><b>${esc(st.verdict)}</b> ${esc(ended)}</p>${decided}`;
}

// Each player's Infamy by source: one bar per source, its points beside it (negative bars point left).
function bars(st, esc) {
  const top = Math.max(1, ...st.players.flatMap((p) => p.sources.map((s) => Math.abs(s.points))));
  const players = st.players.map((p) => {
    const rows = p.sources.map((s) => {
      const w = s.points ? Math.max(1, Math.round((Math.abs(s.points) / top) * 100)) : 0; // no bar for nothing
      const cls = `bar${s.points < 0 ? " neg" : ""}${s.final ? " final" : ""}`;
      return `<tr data-source="${esc(s.key)}" data-points="${s.points}"><th scope="row">${esc(s.name)}</th>` // i18n: not for players
        + `<td class="bar-cell"><span class="${cls}" data-w="${w}"></span></td><td class="pts">${signed(s.points)}</td></tr>`; // i18n: not for players
    }).join("");
    const winner = t("winner");
    const mark = p.winner ? ` ★ ${esc(winner)}` : "";
    // The total in its own element (tests and readers find it), the words around it translated whole.
    const total = esc(tn("{name}: {infamy} Infamy, {n} Diploma", "{name}: {infamy} Infamy, {n} Diplomas", p.diplomas, { name: p.name, infamy: "\u0000" }))
      .replace("\u0000", `<span class="story-total">${p.infamy}</span>`); // i18n: not for players
    const caption = t("{name}: Infamy by source", { name: p.name });
    return `<div class="story-player${p.winner ? " winner" : ""}" data-player="${p.player}"${p.rival ? " data-rival=\"1\"" : ""}>` // i18n: not for players (markup)
      + `<h4>${total}${mark}</h4>`
      + `<table class="story-bars"><caption class="sr-only">${esc(caption)}</caption>${rows}</table></div>`; // i18n: not for players
  }).join("");
  const title = t("Infamy by source");
  return `<h4 class="story-head">${esc(title)}</h4><div id="story-bars">${players}</div>`; // i18n: not for players
}

// The totals at once: in play, the six steps, the total and the Diplomas held (the tie-break).
function table(st, esc) {
  const w = { player: t("player"), inPlay: t("in play"), total: t("total"), diplomas: t("Diplomas held (tie-break)") };
  const head = `<tr><th scope="col">${esc(w.player)}</th><th scope="col">${esc(w.inPlay)}</th>${st.steps.map((s) => `<th scope="col" data-step="${esc(s.key)}">${s.number}. ${esc(s.title)}</th>`).join("")}` // i18n: not for players
    + `<th scope="col">${esc(w.total)}</th><th scope="col">${esc(w.diplomas)}</th></tr>`; // i18n: not for players
  const rows = st.players.map((p, i) => `<tr class="${p.winner ? "winner" : ""}" data-player="${p.player}"><th scope="row">${esc(p.name)}</th><td>${p.in_play}</td>` // i18n: not for players
    + `${st.steps.map((s) => `<td>${signed(s.points[i])}</td>`).join("")}<td class="total"><b>${p.infamy}</b></td><td>${p.diplomas}</td></tr>`).join("");
  return `<div class="table-wrap"><table id="story-table">${head}${rows}</table></div>`
    + `<p class="in-play-note" id="story-in-play">${esc(st.in_play_note)}</p>`; // i18n: not for players
}

function steps(st, esc) {
  const items = st.steps.map((s) => `<li data-step="${esc(s.key)}"><b>${esc(s.title)}.</b> ${esc(s.text)}`
    + `${s.happened.length ? `<ul>${s.happened.map((h) => `<li>${esc(h)}</li>`).join("")}</ul>` : ""}`
    + `<span class="story-rule">(${esc(s.rule)})</span></li>`).join(""); // i18n: not for players
  const title = t("The six steps of final scoring");
  return `<details id="story-steps-box" open><summary>${esc(title)}</summary><ol id="story-steps">${items}</ol></details>`; // i18n: not for players
}

// Solo: the ranks from the lowest to the highest, the player's place marked.
function ladder(solo, esc) {
  const yours = t("your place");
  const place = ` ← ${esc(yours)}`;
  const rungs = solo.ladder.map((r) => `<li class="${r.yours ? "yours" : ""}"${r.yours ? " aria-current=\"true\"" : ""}><b>${esc(r.name)}</b>: ${esc(r.needs)}${r.yours ? place : ""}</li>`).join(""); // i18n: not for players (markup)
  const rank = esc(t("Your rank: {rank} (margin {margin} against {rival}).", { rank: "\u0000", margin: signed(solo.margin), rival: solo.against }))
    .replace("\u0000", `<b>${esc(solo.rank)}</b>`);
  const ranks = t("Solo ranks, lowest first");
  return `<p id="story-rank">${rank}</p>`
    + `<ol id="story-ladder" aria-label="${esc(ranks)}">${rungs}</ol>`; // i18n: not for players
}

function signed(n) { return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0"; }
