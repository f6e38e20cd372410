// The browser client: lobby, live game view, clicking to play, undo, log, final scoring and replay.
import { drawBoard, layoutFor } from "./board.js";
import { drawPlayer } from "./players.js";

const $ = (id) => document.getElementById(id);
// Escape text put into HTML (player names are typed by people).
const esc = (t) => String(t).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
const STORE = "inferno.games";
const app = { game: null, token: null, board: null, snap: null, ws: null, replay: null, scoringStep: 0 };

function myGames() {
  try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch { return []; }
}
function remember(game, token, label) {
  const list = myGames().filter((g) => !(g.game === game && g.token === token));
  list.unshift({ game, token, label });
  localStorage.setItem(STORE, JSON.stringify(list.slice(0, 50)));
}

async function api(path, body = null) {
  const opts = { headers: { "Content-Type": "application/json" } };
  if (app.token) opts.headers["X-Inferno-Token"] = app.token;
  if (body !== null) { opts.method = "POST"; opts.body = JSON.stringify(body); }
  const r = await fetch(path, opts);
  const data = await r.json().catch(() => ({ error: "bad_response", message: `HTTP ${r.status}` }));
  if (!r.ok) throw Object.assign(new Error(data.message || data.error), { data, status: r.status });
  return data;
}

function status(text) { $("status").textContent = text; }
function showError(text) { $("error").textContent = text || ""; }

// ----- lobby -----

async function showLobby() {
  $("lobby").hidden = false;
  $("game").hidden = true;
  let bots = ["random"];
  try { bots = (await api("/api/bots")).bots; } catch { /* keep random */ }
  const rows = () => {
    const n = Number($("players").value);
    $("seat-rows").innerHTML = "";
    for (let i = 0; i < n; i++) {
      const d = document.createElement("div");
      d.className = "seat-row";
      const opts = [`<option value="human">human</option>`].concat(bots.map((b) => `<option value="bot:${b}" ${i > 0 && b === (bots.includes("greedy") ? "greedy" : "random") ? "selected" : ""}>bot: ${b}</option>`));
      d.innerHTML = `Seat ${i + 1} <select class="seat-kind" aria-label="seat ${i + 1}">${opts.join("")}</select> <input class="seat-name" maxlength="24" placeholder="name" aria-label="name ${i + 1}">`;
      $("seat-rows").appendChild(d);
    }
  };
  let solo = { variants: [] };
  try { solo = await api("/api/solo"); } catch { /* no solo choices */ }
  $("solo-variant").innerHTML = solo.variants.map((v) => `<option value="${esc(v.id)}">${esc(v.name)}</option>`).join("");
  const soloText = () => {
    const v = solo.variants.find((x) => x.id === $("solo-variant").value);
    $("solo-description").textContent = v ? v.description : "";
  };
  $("solo-variant").onchange = soloText;
  soloText();
  $("players").onchange = () => { rows(); $("solo-options").hidden = $("players").value !== "1"; };
  $("solo-options").hidden = $("players").value !== "1";
  rows();
  $("create-form").onsubmit = async (ev) => {
    ev.preventDefault();
    const seats = [...document.querySelectorAll(".seat-row")].map((r) => {
      const v = r.querySelector(".seat-kind").value;
      const name = r.querySelector(".seat-name").value;
      return v === "human" ? { kind: "human", name } : { kind: "bot", bot: v.slice(4), name };
    });
    const seed = $("seed").value === "" ? null : Number($("seed").value);
    const modules = ["plutus", "phlegyas"].filter((m) => $(`module-${m}`).checked);
    const body = { seats, seed, modules };
    if (seats.length === 1) body.solo = { variant: $("solo-variant").value, level: $("solo-level").value };
    try {
      const g = await api("/api/games", body);
      showCreated(g);
    } catch (e) { status(`Could not create the game: ${e.message}`); }
  };
  loadMyGames();
}

function showCreated(g) {
  $("created").hidden = false;
  const ul = $("links");
  ul.innerHTML = "";
  const base = location.origin;
  for (const s of g.seats) {
    if (!s.link) continue;
    remember(g.game, s.token, `${s.name} (seat ${s.seat + 1})`);
    const li = document.createElement("li");
    li.innerHTML = `Seat ${s.seat + 1}, ${esc(s.name)}: <a class="seat-link" href="${esc(s.link)}">${esc(base + s.link)}</a>`;
    ul.appendChild(li);
  }
  const li = document.createElement("li");
  li.innerHTML = `Spectators: <a class="spectator-link" href="${esc(g.spectator.link)}">${esc(base + g.spectator.link)}</a>`;
  ul.appendChild(li);
  loadMyGames();
}

async function loadMyGames() {
  const mine = myGames();
  const ul = $("my-games");
  if (!mine.length) return;
  try {
    const res = await api("/api/mine", { games: mine.map(({ game, token }) => ({ game, token })) });
    ul.innerHTML = "";
    res.games.forEach((s) => {
      const mine1 = mine.find((x) => x.game === s.game);
      const li = document.createElement("li");
      const state = s.over ? "finished" : s.your_turn ? "your turn" : `turn ${s.turn}`;
      li.innerHTML = `<a href="/game/${esc(s.game)}#${esc(mine1.token)}">${esc(s.seats.join(", "))}</a> — ${state}${mine1.label ? ` (${esc(mine1.label)})` : ""}`;
      ul.appendChild(li);
    });
    if (!res.games.length) ul.innerHTML = "<li>none yet</li>";
  } catch { /* the list is a convenience */ }
}

// ----- game -----

async function showGame(gameId, token) {
  app.game = gameId;
  app.token = token;
  $("lobby").hidden = true;
  $("game").hidden = false;
  try {
    app.board = await api(`/api/games/${gameId}/board`);
  } catch (e) { status(`Cannot open this game: ${e.message}`); return; }
  remember(gameId, token, "");
  $("undo").onclick = undo;
  $("refresh").onclick = refresh;
  $("replay-btn").onclick = startReplay;
  $("board").addEventListener("click", onBoardClick);
  $("player-boards").addEventListener("click", onBoardClick);
  for (const id of ["board", "player-boards"]) {
    $(id).addEventListener("mousemove", onHover);
    $(id).addEventListener("mouseleave", () => ($("tip").hidden = true));
  }
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") hideMenu(); });
  window.addEventListener("resize", () => { if (app.drawn && boardMode() !== app.mode) drawAll(app.drawn); });
  await refresh();
  connect();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/games/${app.game}/ws`);
  app.ws = ws;
  ws.onopen = () => { ws.send(JSON.stringify({ token: app.token })); status("connected"); };
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === "state") render(msg.data);
    else if (msg.type === "error") status(msg.message);
  };
  ws.onclose = () => { status("reconnecting…"); setTimeout(() => { if (app.ws === ws) { refresh(); connect(); } }, 1500); };
}

async function refresh() {
  try { render(await api(`/api/games/${app.game}/state`)); } catch (e) { status(e.message); }
}

function render(snap) {
  if (app.replay) return;
  app.snap = snap;
  drawAll(snap);
  renderSide(snap);
}

function boardMode() {
  return layoutFor(document.querySelector(".board-col").clientWidth);
}

function drawAll(snap) {
  $("tip").hidden = true;
  app.drawn = snap;
  app.mode = boardMode();
  const names = snap.seats.map((s) => s.name);
  drawBoard($("board"), app.board, snap.state, names, app.mode);
  const pb = $("player-boards");
  pb.innerHTML = "";
  const order = snap.seat >= 0 ? [snap.seat, ...names.map((_, i) => i).filter((i) => i !== snap.seat)] : names.map((_, i) => i);
  const toMove = snap.pending ? snap.pending.player : -1;
  for (const p of order) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "player-board");
    svg.setAttribute("data-player", p);
    pb.appendChild(svg);
    drawPlayer(svg, app.board, snap.state, p, names[p], p === snap.seat, p === toMove);
  }
  highlight(snap.legal || []);
}

function highlight(legal) {
  const byKey = new Map();
  legal.forEach((a, i) => a.targets.forEach((k) => { if (!byKey.has(k)) byKey.set(k, []); byKey.get(k).push(i); }));
  document.querySelectorAll(".target").forEach((node) => {
    const keys = node.getAttribute("data-k").split(" ");
    if (keys.some((k) => byKey.has(k))) node.classList.add("hl");
  });
  app.byKey = byKey;
}

function actionsAt(node) {
  const idx = new Set();
  for (const k of node.getAttribute("data-k").split(" ")) (app.byKey.get(k) || []).forEach((i) => idx.add(i));
  return [...idx].sort((a, b) => a - b).map((i) => app.snap.legal[i]);
}

function onBoardClick(ev) {
  const node = ev.target.closest(".target.hl");
  if (!node) { hideMenu(); return; }
  const acts = actionsAt(node);
  if (acts.length === 1) { hideMenu(); send(acts[0].text); return; }
  const menu = $("menu");
  menu.innerHTML = "";
  acts.forEach((a) => {
    const b = document.createElement("button");
    b.textContent = a.text;
    b.onclick = () => { hideMenu(); send(a.text); };
    menu.appendChild(b);
  });
  menu.style.left = `${Math.min(ev.clientX, innerWidth - 200)}px`;
  menu.style.top = `${Math.min(ev.clientY, innerHeight - 40 * acts.length)}px`;
  menu.hidden = false;
}
function hideMenu() { $("menu").hidden = true; }

function onHover(ev) {
  const tip = $("tip");
  const node = ev.target.closest(".target.hl");
  if (!node || !app.snap || !app.snap.pending) { tip.hidden = true; return; }
  const acts = actionsAt(node);
  tip.innerHTML = `<b>${acts.map((a) => esc(a.text)).join("<br>")}</b><br>${esc(app.snap.pending.explain)} <i>(${esc(app.snap.pending.rule)})</i>`;
  tip.style.left = `${Math.min(ev.clientX + 14, innerWidth - 330)}px`;
  tip.style.top = `${ev.clientY + 14}px`;
  tip.hidden = false;
}

function renderSide(snap) {
  const names = snap.seats.map((s) => s.name);
  const p = snap.pending;
  const who = snap.seat >= 0 ? `You are ${esc(names[snap.seat])} (seat ${snap.seat + 1}).` : "Spectating.";
  const turn = snap.result ? "The game is over." : p ? (p.player === snap.seat ? "Your decision:" : `${esc(names[p.player])} decides…`) : "";
  $("turn-info").innerHTML = `${who} Turn ${snap.state.turn}, version ${snap.version}.<br>${turn}` + (p ? `<div class="explain">${p.explain} <i>(${p.rule})</i></div>` : "");
  // The seed deals every hidden card: the server sends it only after the game, and says if the creator chose it.
  const cfg = snap.state.config || {};
  if (cfg.seed_chosen_by_creator) {
    $("turn-info").insertAdjacentHTML("beforeend", "<div class=\"seed-note\" id=\"seed-note\">The creator of this game chose its seed, so the creator can know every hidden card.</div>");
  }
  if (cfg.seed !== null && cfg.seed !== undefined) {
    $("turn-info").insertAdjacentHTML("beforeend", `<div class="seed" id="seed-shown">Seed of this game: ${Number(cfg.seed)}</div>`);
  }
  const ol = $("actions");
  ol.innerHTML = "";
  (snap.legal || []).forEach((a) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.textContent = a.text;
    b.className = "action";
    b.onclick = () => send(a.text);
    li.appendChild(b);
    ol.appendChild(li);
  });
  if (!(snap.legal || []).length) ol.innerHTML = "<li class=\"none\">nothing to do now</li>";
  $("undo").disabled = !snap.undo;
  const log = $("log");
  log.innerHTML = "";
  snap.log.forEach((e) => {
    const li = document.createElement("li");
    li.className = `ev-${e.kind}`;
    const pts = e.points ? ` [${e.points > 0 ? "+" : ""}${e.points} Infamy]` : "";
    const who = e.player < 0 ? "Game" : e.player < names.length ? names[e.player] : snap.solo ? snap.solo.name : "Game";
    li.textContent = `${who}: ${e.text}${pts}`;
    li.title = e.rule;
    log.appendChild(li);
  });
  log.scrollTop = log.scrollHeight;
  $("replay-btn").hidden = !snap.result;
  if (snap.result) showScoring(snap.result, names); else $("scoring").hidden = true;
  drawRival(snap);
  $("game-links").textContent = "";
}

// Final scoring, one step at a time (S3 order).
function showScoring(res, names) {
  const div = $("scoring");
  div.hidden = false;
  const shown = Math.min(app.scoringStep, res.steps.length);
  const SHORT = { extra_diplomas: "extra", phlegethon: "phleg", reputation: "reput", diplomas: "dipl" };
  const stepHead = res.steps.slice(0, shown).map((st) => `<th data-step="${st}" title="${st.replace("_", " ")}">${SHORT[st] || st}</th>`);
  const head = `<th></th><th>in play</th>${stepHead.join("")}<th>${shown === res.steps.length ? "total" : ""}</th>`;
  const rows = res.players.map((pr) => {
    let sum = pr.before_final;
    const cells = res.steps.slice(0, shown).map((s) => { sum += pr.steps[s]; return `<td>${pr.steps[s] >= 0 ? "+" : ""}${pr.steps[s]}</td>`; });
    const total = shown === res.steps.length ? `<td><b>${pr.infamy}</b></td>` : `<td>(${sum})</td>`;
    return `<tr class="${pr.winner && shown === res.steps.length ? "winner" : ""}"><th>${esc(names[pr.player])}</th><td>${pr.before_final}</td>${cells.join("")}${total}</tr>`;
  });
  let won = shown === res.steps.length ? `<p>Winner: ${res.winners.map((w) => esc(names[w])).join(", ")}${res.sudden_death ? " (sudden death)" : ""}</p>` : "";
  if (res.solo && shown === res.steps.length) {
    const s = res.solo;
    const bar = app.snap && app.snap.solo && app.snap.solo.win === "target" ? `the target ${s.bar}` : `the Rival's ${s.bar}`;
    won = `<p id="solo-result">${s.won ? "You win" : "You lose"}: ${res.players[0].infamy} Infamy against ${bar} (margin ${s.margin >= 0 ? "+" : ""}${s.margin})${res.sudden_death ? ", sudden death" : ""}. Rank: <b>${esc(s.rank)}</b>.</p>`;
  }
  div.innerHTML = `<h3>Final scoring</h3><div class="table-wrap"><table><tr>${head}</tr>${rows.join("")}</table></div>${won}`;
  if (shown < res.steps.length) {
    const b = document.createElement("button");
    b.id = "score-next";
    b.textContent = `Next step: ${res.steps[shown]}`;
    b.onclick = () => { app.scoringStep++; showScoring(res, names); };
    div.appendChild(b);
  }
}

async function send(text) {
  showError("");
  try {
    await api(`/api/games/${app.game}/actions`, { version: app.snap.version, action: text });
    if (!app.ws || app.ws.readyState !== WebSocket.OPEN) await refresh();
  } catch (e) {
    showError(e.message);
    if (e.data && e.data.error === "stale") await refresh();
  }
}

async function undo() {
  showError("");
  try { await api(`/api/games/${app.game}/undo`, { version: app.snap.version }); }
  catch (e) { showError(e.message); }
  if (!app.ws || app.ws.readyState !== WebSocket.OPEN) await refresh();
}

// Replay of a finished game.
async function startReplay() {
  const total = app.snap.moves;
  app.replay = { upto: 0, total };
  $("replay").hidden = false;
  const slider = $("replay-slider");
  slider.max = String(total);
  slider.oninput = () => seek(Number(slider.value));
  $("replay-back").onclick = () => seek(Math.max(0, app.replay.upto - 1));
  $("replay-next").onclick = () => seek(Math.min(total, app.replay.upto + 1));
  $("replay-close").onclick = () => { app.replay = null; $("replay").hidden = true; refresh(); };
  await seek(0);
}
async function seek(n) {
  app.replay.upto = n;
  $("replay-slider").value = String(n);
  $("replay-pos").textContent = `${n} / ${app.replay.total}`;
  const snap = await api(`/api/games/${app.game}/replay?upto=${n}`);
  const shown = { ...snap, seats: app.snap.seats, legal: [], undo: false };
  drawAll(shown);
  renderSide(shown);
  $("turn-info").insertAdjacentText("afterbegin", `Replay, move ${n} of ${app.replay.total}. `);
  $("replay").dataset.shown = String(n);
}

function route() {
  const m = location.pathname.match(/^\/game\/([A-Za-z0-9_-]{1,32})$/);
  const token = location.hash.slice(1);
  if (m && token) showGame(m[1], token);
  else showLobby();
}
route();

// The solo game's Rival: its Infamy, Skulls, Diplomas, safe passages and its next card (face up).
function drawRival(snap) {
  const div = $("rival");
  const r = snap.solo;
  if (!r) { div.hidden = true; return; }
  div.hidden = false;
  const circles = app.board ? app.board.circles : [];
  const tracks = r.tracks.map((lvl, i) => {
    const c = circles[i + 1];
    const dip = r.diplomas.includes(i + 2) ? " (Diploma)" : "";
    return `<li>${c ? esc(c.sin) : `track ${i + 2}`}: ${lvl}${dip}</li>`;
  }).join("");
  const goal = r.win === "target" ? `reach ${r.target} Infamy` : "beat its Infamy";
  const next = r.next_card ? `<p id="rival-next">Next card: <b>${esc(r.next_card.name)}</b> — ${esc(r.next_card.text)}</p>` : "";
  const last = r.last_played.length ? r.last_played.map(esc).join(", ") : "nothing yet";
  div.innerHTML = `<h3>${esc(r.name)} — ${esc(r.variant_name)}, ${esc(r.level)}</h3>`
    + `<p>${esc(r.description)} You win if you ${goal}.</p>`
    + `<p id="rival-infamy">Infamy ${r.infamy} · ½ Diplomas ${r.half} · safe passages: ${r.passages.length ? r.passages.map((g) => g + 1).join(", ") : "none"}</p>`
    + next + `<p>Last played: ${last}; ${r.deck_left} card${r.deck_left === 1 ? "" : "s"} left in its deck.</p>`
    + `<ul class="rival-tracks">${tracks}</ul>`;
}
