// The browser client: lobby, live game view, clicking to play, undo, log, final scoring and replay.
// Every text the server sends is put in with textContent (or escaped): names and help texts are text.
import { drawBoard, layoutFor } from "./board.js";
import { drawScoreBar } from "./scorebar.js";
import { languageSwitch, loadLanguage, t, tn } from "./i18n.js";
import { drawPlayer } from "./players.js";
import { lobbyTableChoice, noteServerNow, renderTable, setupLobbyTable } from "./clock.js";
import { animateMove, animating, skipAnimation } from "./anim.js";
import { linkLog, setupLogLinks } from "./loglink.js";
import { setupAlerts, turnStarted } from "./notify.js";
import { clearWhy, whyClick } from "./why.js";
import { appendComponent, componentOf, showComponentTip } from "./components.js";
import { initReview, lobbyHints, openReview, renderReview } from "./review.js";
import { showStory } from "./story.js";
import { announceMoves, setupA11y } from "./a11y.js";
import { settings, setupSettings, speedFactor } from "./settings.js";
import { confirmOption, explainOnHover, loadFirstGame, setupFirstGameButton } from "./first_game.js";
import { showLearnLink } from "./learn.js";

const $ = (id) => document.getElementById(id);
// Escape text put into HTML (player names are typed by people; help texts contain <placeholders>).
const esc = (t) => String(t).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
const STORE = "inferno.games";
const UNREACHABLE = () => t("The server cannot be reached right now. Play resumes by itself when it is back.");
// How long each update of other players' moves stays on screen before the next (ms): 450 at the normal
// animation speed of the table settings (localStorage "inferno.pace", if set, overrides it; 0 shows every
// update at once).
const PACE_SET = localStorage.getItem("inferno.pace");
const paceMs = () => (PACE_SET !== null ? Number(PACE_SET) : 450 * speedFactor());
// A decision played by itself (its single option, or not ringing a Bell) waits this long first (ms).
const AUTO_MS = 500;
const INVITES = "inferno.invites";
const TITLE = "Inferno";
const app = { game: null, token: null, board: null, snap: null, ws: null, replay: null, busy: false, queue: [], pacer: null, selected: null, pointer: "mouse", received: null };

function myGames() {
  try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch { return []; }
}
// One entry per (game, token); an entry keeps its label and seat when the game is opened again.
function remember(game, token, label, seat) {
  const list = myGames();
  const old = list.find((g) => g.game === game && g.token === token) || {};
  const rest = list.filter((g) => !(g.game === game && g.token === token));
  rest.unshift({ game, token, label: label || old.label || "", seat: seat ?? old.seat });
  localStorage.setItem(STORE, JSON.stringify(rest.slice(0, 50)));
}

class Unreachable extends Error {}

async function api(path, body = null) {
  const opts = { headers: { "Content-Type": "application/json" } };
  if (app.token) opts.headers["X-Inferno-Token"] = app.token;
  if (body !== null) { opts.method = "POST"; opts.body = JSON.stringify(body); }
  let r;
  try { r = await fetch(path, opts); } catch { throw new Unreachable(UNREACHABLE()); }
  const data = await r.json().catch(() => ({ error: "bad_response", message: r.status >= 500 ? UNREACHABLE() : t("the server answered {status}", { status: r.status }) }));
  if (!r.ok) throw Object.assign(new Error(data.message || data.error), { data, status: r.status });
  return data;
}

function status(text) { $("status").textContent = text; }
function showError(text) { $("error").textContent = text || ""; }

// ----- a page that says what went wrong and what to do -----

function showProblem(title, text) {
  $("lobby").hidden = true;
  $("game").hidden = true;
  $("prompt").hidden = true;
  $("problem").hidden = false;
  $("problem-title").textContent = title;
  $("problem-text").textContent = text;
  document.title = `${title} — ${TITLE}`;
}

function problemFor(e) {
  if (e instanceof Unreachable) return [t("The server cannot be reached"), t("Check that the server is running; this page tries again when you reload it.")];
  if (e.status === 404) return [t("There is no such game"), t("The game may have been deleted after a long time without moves, or the link is mistyped. Ask for the link again.")];
  if (e.status === 403) return [t("This link opens no seat of this game"), t("The secret part after '#' is wrong or incomplete. Ask the player who created the game for your seat's full link.")];
  if (e.status === 429) return [t("Too many attempts"), t("Wait a minute, then reload the page.")];
  return [t("This game cannot be opened"), e.message];
}

// ----- lobby -----

// The lobby's list of bot levels, weakest first, under the seats.
function showBotLevels(levels) {
  let box = $("bot-levels");
  if (!levels.length) { if (box) box.remove(); return; }
  if (!box) {
    box = document.createElement("details");
    box.id = "bot-levels";
    $("seat-rows").after(box);
  }
  box.innerHTML = "";
  const summary = document.createElement("summary");
  summary.textContent = t("Bots, from the weakest to the strongest");
  box.appendChild(summary);
  const ol = document.createElement("ol");
  levels.forEach((l) => {
    const li = document.createElement("li");
    li.dataset.bot = l.name;
    const b = document.createElement("b");
    b.textContent = l.name;
    li.append(b, `: ${l.words}`);
    ol.appendChild(li);
  });
  box.appendChild(ol);
}

async function showLobby() {
  $("lobby").hidden = false;
  $("game").hidden = true;
  showLearnLink($("learn-link")); // "Learn to play", or where the tutorial stands in this browser
  let bots = ["random"];
  let levels = [];
  try { ({ bots, levels = [] } = await api("/api/bots")); } catch { /* keep random */ }
  setupLobbyTable(api, bots);
  setupFirstGameButton($("first-game"), api, bots, (g) => showCreated(g, t("Your first game")), status);
  // Each bot in words, weakest first (the server's order and words: inferno.bots.levels).
  const level = Object.fromEntries(levels.map((l) => [l.name, l]));
  const botLabel = (b) => (level[b] ? t("bot: {name} — {level}", { name: b, level: level[b].label }) : t("bot: {name}", { name: b }));
  showBotLevels(levels);
  const rows = () => {
    const n = Number($("players").value);
    $("seat-rows").innerHTML = "";
    for (let i = 0; i < n; i++) {
      const d = document.createElement("div");
      d.className = "seat-row";
      const human = t("human");
      const opts = [`<option value="human">${esc(human)}</option>`].concat(bots.map((b) => `<option value="bot:${esc(b)}" title="${esc(level[b] ? level[b].words : "")}" ${i > 0 && b === (bots.includes("greedy") ? "greedy" : "random") ? "selected" : ""}>${esc(botLabel(b))}</option>`)); // i18n: not for players
      const w = { seat: t("Seat {n}", { n: i + 1 }), kind: t("seat {n}", { n: i + 1 }), name: t("name"), nameN: t("name {n}", { n: i + 1 }) };
      d.innerHTML = `${esc(w.seat)} <select class="seat-kind" aria-label="${esc(w.kind)}">${opts.join("")}</select> <input class="seat-name" maxlength="24" placeholder="${esc(w.name)}" aria-label="${esc(w.nameN)}">`; // i18n: not for players (markup; its words are above)
      $("seat-rows").appendChild(d);
    }
  };
  let solo = { variants: [], levels: [], default: {} };
  try { solo = await api("/api/solo"); } catch { /* no solo choices */ }
  // The variants, the levels and the default of each come from the server (one source for every front end).
  const soloDefault = solo.default || {};
  $("solo-variant").innerHTML = solo.variants.map((v) => `<option value="${esc(v.id)}" ${v.id === soloDefault.variant ? "selected" : ""}>${esc(v.name)}</option>`).join(""); // i18n: not for players
  $("solo-level").innerHTML = (solo.levels || []).map((l) => `<option ${l === soloDefault.level ? "selected" : ""}>${esc(l)}</option>`).join(""); // i18n: not for players
  const soloText = () => {
    const v = solo.variants.find((x) => x.id === $("solo-variant").value);
    $("solo-description").textContent = v ? v.description : "";
  };
  $("solo-variant").onchange = soloText;
  soloText();
  // The board side follows the player count; another side is a variant, said as such before the game starts.
  let sides = { sides: [], by_players: {} };
  try { sides = await api("/api/sides"); } catch { /* only the side for the player count */ }
  const usualSide = t("the side for the player count");
  $("board-side").innerHTML = `<option value="">${esc(usualSide)}</option>` + sides.sides.map((x) => `<option value="${esc(x)}">${esc(x)}</option>`).join(""); // i18n: not for players
  const sideVariant = () => {
    const side = $("board-side").value;
    const n = $("players").value;
    const usual = sides.by_players[n];
    const variant = side !== "" && usual !== undefined && side !== usual;
    $("side-variant").hidden = !variant;
    $("side-variant").textContent = variant ? tn("Variant: board side {side} with {n} player (the rules use side {usual}).", "Variant: board side {side} with {n} players (the rules use side {usual}).", Number(n), { side, usual }) : "";
    return variant;
  };
  $("board-side").onchange = sideVariant;
  // The P&P modules a player count starts with come from the server (inferno.defaults): choosing 5 players
  // switches on those it needs. Boxes the player ticked by hand are left alone.
  let modules = { modules: [], by_players: {} };
  try { modules = await api("/api/modules"); } catch { /* the boxes stay as they are */ }
  let touched = false;
  document.querySelectorAll("#modules input[type=checkbox]").forEach((b) => { b.addEventListener("change", () => { touched = true; }); });
  const moduleDefaults = () => {
    const want = modules.by_players[$("players").value];
    if (!want || (touched && !want.length)) return;
    document.querySelectorAll("#modules input[type=checkbox]").forEach((b) => { b.checked = want.includes(b.value) || (touched && b.checked); });
  };
  $("players").onchange = () => { rows(); $("solo-options").hidden = $("players").value !== "1"; sideVariant(); moduleDefaults(); };
  moduleDefaults();
  $("solo-options").hidden = $("players").value !== "1";
  rows();
  sideVariant();
  $("create-form").onsubmit = async (ev) => {
    ev.preventDefault();
    const seats = [...document.querySelectorAll(".seat-row")].map((r) => {
      const v = r.querySelector(".seat-kind").value;
      const name = r.querySelector(".seat-name").value;
      return v === "human" ? { kind: "human", name } : { kind: "bot", bot: v.slice(4), name };
    });
    const seed = $("seed").value === "" ? null : Number($("seed").value);
    const modules = [...document.querySelectorAll("#modules input[type=checkbox]:checked")].map((x) => x.value);
    const body = { seats, seed, modules, hints: lobbyHints(), ...lobbyTableChoice() };
    if (seats.length === 1) body.solo = { variant: $("solo-variant").value, level: $("solo-level").value };
    if ($("board-side").value !== "") {
      body.side = $("board-side").value;
      body.side_variant = sideVariant();
    }
    try {
      const g = await api("/api/games", body);
      showCreated(g);
    } catch (e) { status(t("Could not create the game: {error}", { error: e.message })); }
  };
  // The form is wired only now (after the bot and solo lists arrived): until then Create stays disabled.
  $("create").disabled = false;
  document.body.dataset.lobby = "ready";
  loadMyGames();
}

// A new game: its creator goes straight to their seat (the first human seat; the spectators' place if
// bots play every seat), where the other seats' links are listed to share (kept in this browser).
function showCreated(g, label = "") {
  const seats = g.seats.filter((s) => s.link);
  for (const s of seats) remember(g.game, s.token, label || t("{name}, seat {n}", { name: s.name, n: s.seat + 1 }), s.seat);
  const invites = JSON.parse(localStorage.getItem(INVITES) || "{}");
  invites[g.game] = { seats: seats.map((s) => ({ seat: s.seat, name: s.name, link: s.link })), spectator: g.spectator.link, fresh: true };
  const keep = Object.keys(invites).slice(-20); // the newest games' links only
  localStorage.setItem(INVITES, JSON.stringify(Object.fromEntries(keep.map((k) => [k, invites[k]]))));
  location.href = seats.length ? seats[0].link : g.spectator.link;
}

// The links of a game this browser created, to pass on to the other players.
function showInvites(gameId, seat) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(INVITES) || "{}"); } catch { /* none */ }
  const inv = all[gameId];
  const panel = $("invite-panel");
  if (!inv) { panel.hidden = true; return; }
  const ul = $("invite-links");
  ul.innerHTML = "";
  const base = location.origin;
  for (const s of inv.seats) {
    const li = document.createElement("li");
    const who = s.seat === seat ? t("Seat {n}, {name} (you):", { n: s.seat + 1, name: s.name }) : t("Seat {n}, {name}:", { n: s.seat + 1, name: s.name });
    li.innerHTML = `${esc(who)} <a class="seat-link" href="${esc(s.link)}">${esc(base + s.link)}</a>`;
    ul.appendChild(li);
  }
  const li = document.createElement("li");
  const spectators = t("Spectators:");
  li.innerHTML = `${esc(spectators)} <a class="spectator-link" href="${esc(inv.spectator)}">${esc(base + inv.spectator)}</a>`;
  ul.appendChild(li);
  panel.hidden = false;
  // Open when the game was just created (or other players are still to invite); folded on later visits.
  panel.open = !!inv.fresh || inv.seats.some((s) => s.seat !== seat);
  if (inv.fresh) { inv.fresh = false; localStorage.setItem(INVITES, JSON.stringify(all)); }
}

async function loadMyGames() {
  const mine = myGames();
  const ul = $("my-games");
  if (!mine.length) return;
  try {
    const res = await api("/api/mine", { games: mine.map(({ game, token }) => ({ game, token })) });
    ul.innerHTML = "";
    const used = new Set();
    res.games.forEach((s) => {
      // The server answers with the seat each token opens: match on game and seat, never on game alone.
      const k = mine.findIndex((x, i) => !used.has(i) && x.game === s.game && (x.seat === undefined || x.seat === s.seat));
      if (k < 0) return;
      used.add(k);
      const m = mine[k];
      const li = document.createElement("li");
      const state = s.over ? t("finished") : s.your_turn ? t("your turn") : t("turn {turn}", { turn: s.turn });
      const who = s.seat >= 0 ? t("{name}, seat {n}", { name: s.seats[s.seat], n: s.seat + 1 }) : t("spectator");
      const firstGame = t("your first game");
      const variant = (s.variant ? ` — <span class="variant-note">${esc(s.variant)}</span>` : "") + (s.first_game ? ` — <span class="first-game-mark">${esc(firstGame)}</span>` : ""); // i18n: not for players (markup)
      li.innerHTML = `<a href="/game/${esc(s.game)}#${esc(m.token)}">${esc(s.seats.join(", "))}</a> — ${esc(state)} (${esc(who)})${variant}`;
      ul.appendChild(li);
    });
    if (!ul.children.length) { const none = t("none yet"); ul.innerHTML = `<li>${esc(none)}</li>`; }
  } catch { /* the list is a convenience */ }
}

// ----- game -----

async function showGame(gameId, token) {
  app.game = gameId;
  app.token = token;
  $("lobby").hidden = true;
  try {
    app.board = await api(`/api/games/${gameId}/board`);
  } catch (e) { showProblem(...problemFor(e)); return; }
  $("game").hidden = false;
  if (await loadFirstGame(api, gameId)) { $("rule-text").hidden = false; $("rule-btn").setAttribute("aria-expanded", "true"); }
  $("undo").onclick = undo;
  $("refresh").onclick = refresh;
  $("replay-btn").onclick = startReplay;
  $("rule-btn").onclick = () => { const r = $("rule-text"); r.hidden = !r.hidden; $("rule-btn").setAttribute("aria-expanded", String(!r.hidden)); if (!r.hidden) r.scrollIntoView({ block: "nearest" }); };
  $("skip-btn").onclick = skipPacing;
  setupSettings($("settings-btn"), $("settings-panel"), () => { if (app.snap) { renderBell(app.snap); maybeAutoplay(app.snap); } });
  $("bell-arm").onclick = () => { app.bellArmed = !app.bellArmed; if (app.snap) renderBell(app.snap); };
  $("log-earlier").onclick = showEarlierLog;
  initReview({ api, app, $, esc, showPosition });
  // Zoom: the board is drawn larger inside its own frame, which pans by scrolling (or dragging on touch).
  $("zoom").onclick = () => {
    const on = !$("board-wrap").classList.contains("zoomed");
    $("board-wrap").classList.toggle("zoomed", on);
    $("zoom").setAttribute("aria-pressed", String(on));
    $("zoom").textContent = on ? t("Fit board") : t("Zoom board");
    bringIntoView();
  };
  $("confirm-play").onclick = () => { const a = app.selected; clearSelection(); if (a) send(a.text); };
  $("confirm-cancel").onclick = clearSelection;
  for (const id of ["board", "player-boards"]) {
    $(id).addEventListener("pointerdown", (e) => { app.pointer = e.pointerType || "mouse"; });
    $(id).addEventListener("click", onBoardClick);
    $(id).addEventListener("mousemove", onHover);
    $(id).addEventListener("mouseleave", () => { $("tip").hidden = true; showPreview(null); });
  }
  setupLogLinks();
  setupAlerts($("alerts"));
  setupA11y();
  $("log").addEventListener("mouseover", onLogHover);
  $("log").addEventListener("mouseleave", () => markLast(app.snap));
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") { hideMenu(); clearSelection(); } });
  document.addEventListener("visibilitychange", () => setTitle(app.snap));
  window.addEventListener("resize", () => { if (app.drawn && boardMode() !== app.mode) drawAll(app.drawn); });
  if (window.matchMedia && window.matchMedia("(max-width: 700px)").matches) { $("log-panel").open = false; }
  $("boards-panel").addEventListener("toggle", () => { if (app.drawn && $("boards-panel").open) drawAll(app.drawn); });
  await refresh();
  if (app.snap) { remember(gameId, token, "", app.snap.seat); showInvites(gameId, app.snap.seat); }
  connect();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/games/${app.game}/ws`);
  app.ws = ws;
  ws.onopen = () => { ws.send(JSON.stringify({ token: app.token })); };
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === "state") {
      app.offline = false; status(""); noteServerNow(msg.now);
      const snap = withWholeLog(msg.data);
      if (snap) incoming(snap); else refresh(true); // a gap in the log: ask for the whole state
      if (msg.ack) answered(msg.ack.id, null); // this state answers our move: it was played
    }
    else if (msg.type === "refused") { answered(msg.id, Object.assign(new Error(msg.message || msg.error), { data: msg })); }
    else if (msg.type === "error") { app.refused = msg; }
  };
  ws.onclose = (ev) => {
    for (const [id, m] of [...moving]) if (m.ws === ws) answered(id, new Unreachable(UNREACHABLE())); // played or not: the refresh tells
    if (app.ws !== ws) return;
    if (ev.code === 4404 || ev.code === 4403) { showProblem(...problemFor({ status: ev.code - 4000, message: "" })); return; }
    app.offline = true;
    status(UNREACHABLE());
    setTimeout(() => { if (app.ws === ws) { refresh(true); connect(); } }, 1500);
  };
}

// After its first message, the live connection sends only the log lines added since its last one
// (from index log_from on): they continue the newest log received, which keeps its earlier lines.
function withWholeLog(snap) {
  if (snap.log_from === undefined) { received(snap); return snap; }
  const base = app.received;
  if (!base || base.log_total < snap.log_from) return null;
  const first = base.log_total - base.log.length; // index of base.log[0]
  snap.log = base.log.slice(0, Math.max(0, snap.log_from - first)).concat(snap.log);
  delete snap.log_from;
  received(snap);
  return snap;
}
function received(snap) {
  if (!app.received || snap.version >= app.received.version) {
    // Lines the newest view no longer carries (a view holds the newest ones) are kept in front of it.
    const old = app.received;
    const first = snap.log_total - snap.log.length;
    if (old && first > 0) {
      const oldFirst = old.log_total - old.log.length;
      if (oldFirst < first) snap.log = old.log.slice(0, first - oldFirst).concat(snap.log);
    }
    app.received = snap;
  }
}

// The log shows its newest lines; older ones are drawn (and fetched from the server) on request.
const LOG_PAGE = 500;
app.logShown = LOG_PAGE;
async function showEarlierLog() {
  const snap = app.snap;
  if (!snap) return;
  const first = snap.log_total - snap.log.length;
  if (app.logShown >= snap.log.length && first > 0) {
    try {
      const part = await api(`/api/games/${app.game}/log?upto=${first}&count=${LOG_PAGE}`);
      if (app.snap !== snap || part.from + part.log.length !== first) { render(app.snap, true); return; }
      snap.log = part.log.concat(snap.log);
    } catch (e) { showError(e.message); return; }
  }
  app.logShown += LOG_PAGE;
  renderSide(snap);
  linkLog({ ...snap, log: app.logLines });
}

async function refresh(quiet = false) {
  try { const snap = await api(`/api/games/${app.game}/state`); received(snap); incoming(snap, true); }
  catch (e) {
    if (e instanceof Unreachable) { if (!quiet || app.offline) status(UNREACHABLE()); }
    else if (!app.snap) showProblem(...problemFor(e));
    else status(e.message);
  }
}

// Updates are shown one by one: while other players move, each stays on screen a moment ("Skip" jumps).
function incoming(snap, now = false) {
  if (app.replay) return;
  if (app.snap && snap.version < app.snap.version) return; // never go back to an older state
  if (now || !app.snap) { app.queue = []; render(snap); return; }
  if (paceMs() <= 0) { // no pacing: updates that come in while one is drawn are drawn together, as the newest
    app.queue = [];
    app.latest = snap;
    if (!app.soon) app.soon = setTimeout(() => { app.soon = null; const s = app.latest; app.latest = null; if (s) render(s); }, 0);
    return;
  }
  app.queue.push(snap);
  if (app.queue.length > 12) app.queue.splice(0, app.queue.length - 12);
  pace();
}
function pace() {
  if (app.pacer) return;
  const next = app.queue.shift();
  if (!next) { $("skip-btn").hidden = true; return; }
  render(next);
  $("skip-btn").hidden = app.queue.length === 0 && !animating();
  app.pacer = setTimeout(() => { app.pacer = null; pace(); }, paceMs());
}
function skipPacing() {
  skipAnimation();
  clearTimeout(app.pacer);
  app.pacer = null;
  const last = app.queue.pop();
  app.queue = [];
  if (last) render(last);
  $("skip-btn").hidden = true;
}

function render(snap) {
  if (app.replay) return;
  if (app.snap && snap.version < app.snap.version) return; // a newer one is on screen already
  const wasMine = isMine(app.snap);
  const prev = app.snap;
  app.snap = snap;
  document.body.dataset.version = String(snap.version);
  document.body.dataset.decision = snap.pending && !snap.result ? snap.pending.decision : "";
  // The same state again (the live connection's first message repeats the one just fetched) keeps a
  // tapped move waiting for its confirmation; a new state clears it and closes the menu of the old one.
  const same = prev && snap.version === prev.version;
  const picked = same && app.selected ? (snap.legal || []).find((a) => a.text === app.selected.text) : null;
  clearSelection();
  if (!same) hideMenu();
  clearWhy();
  drawAll(snap);
  if (picked) select(picked);
  renderSide(snap);
  renderTop(snap);
  renderTable(snap, { api, game: app.game });
  linkLog({ ...snap, log: app.logLines });
  announceMoves(prev, snap, (p) => seatName(snap, p));
  if (animateMove(prev, snap, app.board, () => { if (!app.queue.length) $("skip-btn").hidden = true; })) $("skip-btn").hidden = false;
  if (prev && isMine(snap) && !wasMine) turnStarted($("prompt-text").textContent);
  setTitle(snap);
  if (isMine(snap) && (!wasMine || snap.version !== app.shownVersion)) bringIntoView();
  app.shownVersion = snap.version;
  if (snap.result && !app.shownResult) { app.shownResult = true; window.scrollTo({ top: 0, behavior: "instant" }); }
  renderBell(snap);
  maybeAutoplay(snap);
}

// A decision that plays by itself, after a short moment (the table settings): the single option, or not
// ringing a Bell when the player asked to be asked about Bells only after clicking the Bell button. A
// decision reached by an undo waits for the player (else the undo could never be used).
function maybeAutoplay(snap) {
  clearTimeout(app.autoTimer);
  if (!isMine(snap) || app.replay || app.snap !== snap) return;
  if (app.afterUndo) { app.afterUndo = false; return; }
  const legal = snap.legal || [];
  const s = settings();
  let pick = null;
  if (snap.pending.decision === "bell" && app.bellArmed) { app.bellAsked = true; return; } // asked: the player rings or not
  if (legal.length === 1 && s.autoplay) pick = legal[0];
  else if (s.bells === "click" && snap.pending.decision === "bell") pick = legal.find((a) => a.kind === "done") || null;
  if (!pick) return;
  const at = snap.version;
  const play = () => {
    if (!app.snap || app.snap.version !== at || !isMine(app.snap)) return;
    if (app.busy || animating()) { app.autoTimer = setTimeout(play, 100); return; }
    status(t("Played by itself: {action}.", { action: pick.text }));
    const n = document.body.dataset;
    n.autoplayed = String(Number(n.autoplayed || 0) + 1);
    if (snap.pending.decision === "bell") n.bellsPassed = String(Number(n.bellsPassed || 0) + 1);
    send(pick.text);
  };
  app.autoTimer = setTimeout(play, AUTO_MS);
}

// The Bell button (with "don't ask me about Bells unless I click a Bell"): shown while this seat holds a
// Bell; pressed, the next Bell decision is asked.
function renderBell(snap) {
  const b = $("bell-arm");
  const x = snap.state.pnp;
  const holds = !!(x && snap.seat >= 0 && x.bells && x.bells[snap.seat] > 0);
  if (app.bellAsked && !(snap.pending && snap.pending.decision === "bell")) { app.bellArmed = false; app.bellAsked = false; }
  b.hidden = settings().bells !== "click" || !holds || !!snap.result;
  b.setAttribute("aria-pressed", String(!!app.bellArmed));
  b.textContent = app.bellArmed ? t("Bell: asked at my next Soul move") : t("Ring a Bell");
  b.title = app.bellArmed ? t("Click again to descend without ringing") : t("Ask me whether to ring a Bell when I next move a Soul");
}

function isMine(snap) {
  const away = snap && snap.table && snap.table.taken_over.includes(snap.seat); // a bot plays this seat now
  return !!(snap && snap.pending && snap.pending.player === snap.seat && snap.seat >= 0 && !snap.result && !away);
}

function setTitle(snap) {
  if (!snap) return;
  const mine = isMine(snap);
  const yourTurn = t("Your turn"), over = t("Game over");
  document.title = mine ? `▶ ${yourTurn} — ${TITLE}` : snap.result ? `${over} — ${TITLE}` : TITLE;
}

// The places of a new decision are brought into view if none is on screen.
function bringIntoView() {
  const nodes = [...document.querySelectorAll("svg .target.hl")];
  if (!nodes.length) return;
  const top = $("top").getBoundingClientRect().bottom;
  const onScreen = nodes.some((n) => { const r = n.getBoundingClientRect(); return r.top >= top && r.bottom <= innerHeight && r.width > 0; });
  if (!onScreen) {
    const r = nodes[0].getBoundingClientRect();
    window.scrollBy({ top: r.top - top - (innerHeight - top) / 3, behavior: "instant" });
    const wrap = $("board-wrap");
    const w = wrap.getBoundingClientRect();
    if (r.left < w.left || r.right > w.right) wrap.scrollLeft += r.left - w.left - w.width / 3;
  }
}

function boardMode() {
  return layoutFor(document.querySelector(".board-col").clientWidth);
}

function drawAll(snap) {
  $("tip").hidden = true;
  app.drawn = snap;
  app.mode = boardMode();
  const names = snap.seats.map((s) => s.name);
  drawBoard($("board"), app.board, snap.state, snap.pieces, names, app.mode);
  const pb = $("player-boards");
  pb.innerHTML = "";
  const order = snap.seat >= 0 ? [snap.seat, ...names.map((_, i) => i).filter((i) => i !== snap.seat)] : names.map((_, i) => i);
  const toMove = snap.pending ? snap.pending.player : -1;
  for (const p of order) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "player-board");
    svg.setAttribute("data-player", p);
    pb.appendChild(svg);
    drawPlayer(svg, app.board, snap.state, snap.pieces, p, names[p], p === snap.seat, p === toMove);
  }
  highlight(snap.legal || []);
  markLast(snap);
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

function nodesFor(keys) {
  const want = new Set(keys);
  return [...document.querySelectorAll("#board .target")].filter((n) => n.getAttribute("data-k").split(" ").some((k) => want.has(k)));
}

// The last move's places are marked on the board; its log line too.
function markLast(snap) {
  document.querySelectorAll("#board .last").forEach((n) => n.classList.remove("last"));
  if (!snap || !snap.last_move) return;
  nodesFor(snap.last_move.targets).forEach((n) => n.classList.add("last"));
}

function onLogHover(ev) {
  const li = ev.target.closest("li[data-keys]");
  if (!li) return;
  document.querySelectorAll("#board .last").forEach((n) => n.classList.remove("last"));
  nodesFor(li.dataset.keys.split(" ")).forEach((n) => n.classList.add("last"));
}

function actionsAt(node) {
  const idx = new Set();
  for (const k of node.getAttribute("data-k").split(" ")) (app.byKey.get(k) || []).forEach((i) => idx.add(i));
  return [...idx].sort((a, b) => a - b).map((i) => app.snap.legal[i]);
}

// Infamy points won or lost, as the log shows them: "[+3 Infamy]".
function infamyPoints(points) { return t("[{points} Infamy]", { points: `${points > 0 ? "+" : ""}${points}` }); }

// An option as a player reads it: its words (from the engine: inferno.option_words), with its notation.
function optionLabel(a) { return a.words ? `${a.words} (${a.text})` : a.text; }
function optionButton(b, a) {
  const code = document.createElement("code");
  code.className = "notation";
  code.textContent = a.text;
  b.appendChild(code);
  if (a.words) { const w = document.createElement("span"); w.className = "words"; w.textContent = ` ${a.words}`; b.appendChild(w); }
}

// What an action would change, in words (computed by the server with the engine).
function previewWords(a) {
  const pv = a.preview;
  if (!pv) return "";
  const parts = [];
  const labels = app.board.shields.labels;
  if (pv.stops && pv.stops.length) parts.push(t("the Soul stops on {shields}", { shields: pv.stops.map((i) => labels[i]).join(", ") }));
  if (pv.quartiere) parts.push(t("Florence: {quartiere}", { quartiere: pv.quartiere }));
  // Every cost and gain in words, from the engine (inferno.outcome); the numbers below are for older servers.
  if (pv.words) return parts.concat(pv.words, pv.next ? [pv.next] : []).join(" · ");
  if (pv.infamy) parts.push(t("{points} Infamy", { points: `${pv.infamy > 0 ? "+" : ""}${pv.infamy}` }));
  const sign = (n) => (n > 0 ? "+" : "-");
  if (pv.florins) parts.push(tn("{sign}{n} Florin", "{sign}{n} Florins", Math.abs(pv.florins), { sign: sign(pv.florins) }));
  if (pv.drachmas) parts.push(tn("{sign}{n} Drachma", "{sign}{n} Drachmas", Math.abs(pv.drachmas), { sign: sign(pv.drachmas) }));
  return parts.join(" · ");
}

function showPreview(acts) {
  document.querySelectorAll("#board .preview").forEach((n) => n.classList.remove("preview"));
  if (!acts || acts.length !== 1 || !acts[0].preview) return;
  (acts[0].preview.stops || []).forEach((i) => nodesFor([`shield:${i}`]).forEach((n) => n.classList.add("preview")));
}

function onBoardClick(ev) {
  const node = ev.target.closest(".target.hl");
  if (!node) {
    hideMenu();
    whyClick(ev, api, app.game);
    if (app.pointer === "touch") showComponentTip($("tip"), app.board, ev); // a tap explains the component
    return;
  }
  clearWhy();
  const acts = actionsAt(node);
  if (acts.length === 1) {
    hideMenu();
    // On a touch screen the first tap shows what the move does; a second tap (or "Play it") plays it.
    if (app.pointer === "touch" && settings().confirmTouch && app.selected !== acts[0]) { select(acts[0]); return; }
    clearSelection();
    send(acts[0].text);
    return;
  }
  const menu = $("menu");
  menu.innerHTML = "";
  acts.forEach((a) => {
    const b = document.createElement("button");
    b.textContent = optionLabel(a);
    const pw = previewWords(a);
    if (pw) { const s = document.createElement("small"); s.textContent = ` — ${pw}`; b.appendChild(s); }
    b.onclick = (e) => { if (secondClick(e)) return; hideMenu(); send(a.text); };
    b.disabled = app.busy;
    menu.appendChild(b);
  });
  menu.style.left = `${Math.max(0, Math.min(ev.clientX, innerWidth - 220))}px`;
  menu.style.top = `${Math.max(0, Math.min(ev.clientY, innerHeight - 40 * acts.length))}px`;
  menu.hidden = false;
}
function hideMenu() { $("menu").hidden = true; }

function select(a) {
  app.selected = a;
  showPreview([a]);
  const pw = previewWords(a);
  $("confirm-text").textContent = pw ? `${optionLabel(a)}: ${pw}` : optionLabel(a);
  $("confirm").hidden = false;
}
function clearSelection() {
  app.selected = null;
  if ($("confirm")) $("confirm").hidden = true;
  showPreview(null);
}

function onHover(ev) {
  const tip = $("tip");
  const node = ev.target.closest(".target.hl");
  if (!node || !app.snap || !app.snap.pending) {
    if (!app.selected) showPreview(null);
    // what the component under the pointer does (not on a touch screen: a tip there would cover the board)
    if (app.pointer === "touch" || !showComponentTip(tip, app.board, ev)) tip.hidden = true;
    return;
  }
  if (app.pointer === "touch") { tip.hidden = true; return; } // a tap shows its move in the confirmation, not over the board
  const acts = actionsAt(node);
  tip.innerHTML = "";
  // A piece with many moves (a Guardian may go to any empty shield) lists the first few, then counts.
  const TIP_ACTIONS = 6;
  acts.slice(0, TIP_ACTIONS).forEach((a) => {
    const b = document.createElement("b");
    b.textContent = optionLabel(a);
    tip.appendChild(b);
    const pw = previewWords(a);
    if (pw) { const d = document.createElement("div"); d.className = "pv"; d.textContent = pw; tip.appendChild(d); }
  });
  if (acts.length > TIP_ACTIONS) {
    const more = document.createElement("div");
    more.textContent = tn("… and {n} more: click to choose", "… and {n} more: click to choose", acts.length - TIP_ACTIONS);
    tip.appendChild(more);
  }
  const comp = componentOf(app.board, ev.target);
  if (comp) appendComponent(tip, comp);
  else {
    const d = document.createElement("div");
    d.textContent = `${app.snap.pending.explain} (${app.snap.pending.rule})`;
    d.className = "tip-rule";
    tip.appendChild(d);
  }
  tip.style.left = `${Math.max(0, Math.min(ev.clientX + 14, innerWidth - 330))}px`;
  tip.style.top = `${Math.min(ev.clientY + 14, innerHeight - 120)}px`;
  tip.hidden = false;
  if (!app.selected) showPreview(acts);
}

function seatName(snap, p) {
  if (!snap.seats[p]) return snap.solo ? snap.solo.name : t("Player {n}", { n: p + 1 }); // the solo game's Rival has no seat
  const n = snap.seats[p].name;
  return p === snap.seat ? (n.toLowerCase() === "you" ? t("You") : t("{name} (you)", { name: n })) : n;
}

// The always visible bar: every player's Infamy, money and who is to move; then the short prompt.
function renderTop(snap) {
  drawScoreBar($("scorebar"), snap, (p) => seatName(snap, p));
  const p = snap.pending;
  $("prompt").hidden = false;
  let text;
  if (snap.result) text = t("The game is over.");
  else if (!p) text = "";
  else if (isMine(snap)) text = t("Your turn: {decision}", { decision: p.title });
  else text = t("{name} to move: {decision}", { name: snap.seats[p.player].name, decision: p.title });
  const turn = t("Turn {turn}.", { turn: snap.state.turn });
  $("prompt-text").textContent = `${turn} ${text}`;
  $("prompt").classList.toggle("mine", isMine(snap));
  $("rule-btn").hidden = !p || !!snap.result;
  $("rule-text").textContent = p ? `${p.explain} (${p.rule})` : "";
  if (!p) $("rule-text").hidden = true;
}

function renderSide(snap) {
  const names = snap.seats.map((s) => s.name);
  const who = snap.seat >= 0 ? t("You play {name} (seat {n}).", { name: names[snap.seat], n: snap.seat + 1 }) : t("Spectating.");
  const info = $("turn-info");
  const turn = t("Turn {turn}.", { turn: snap.state.turn });
  info.textContent = `${who} ${turn}`;
  // The seed deals every hidden card: the server sends it only after the game, and says if the creator chose it.
  const cfg = snap.state.config || {};
  // A game on another board side than its player count's is a named variant: every seat is told.
  if (cfg.variant) {
    const note = t("{variant}: the rules use the other board side for this many players.", { variant: cfg.variant[0].toUpperCase() + cfg.variant.slice(1) });
    info.insertAdjacentHTML("beforeend", `<div class="variant-note" id="variant-note">${esc(note)}</div>`); // i18n: not for players
  }
  if (cfg.seed_chosen_by_creator) {
    const note = t("The creator of this game chose its seed, so the creator can know every hidden card.");
    info.insertAdjacentHTML("beforeend", `<div class="seed-note" id="seed-note">${esc(note)}</div>`); // i18n: not for players
  }
  if (cfg.seed !== null && cfg.seed !== undefined) {
    const seed = t("Seed of this game: {seed}", { seed: Number(cfg.seed) });
    info.insertAdjacentHTML("beforeend", `<div class="seed" id="seed-shown">${esc(seed)}</div>`); // i18n: not for players
  }
  const ol = $("actions");
  ol.innerHTML = "";
  (snap.legal || []).forEach((a) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    optionButton(b, a); // the notation first (what is sent and typed), then the option in words
    b.className = "action";
    b.disabled = app.busy; // drawn while the last action is still being sent: usable once it is answered
    const pw = previewWords(a);
    if (pw) { b.title = pw; const s = document.createElement("small"); s.className = "pv"; s.textContent = ` — ${pw}`; b.appendChild(s); }
    b.onclick = (e) => { if (!secondClick(e)) send(a.text); };
    b.onmouseenter = () => showPreview([a]);
    b.onmouseleave = () => showPreview(null);
    explainOnHover(b, a, app.board, $("tip"), appendComponent);
    li.appendChild(b);
    ol.appendChild(li);
  });
  if (!(snap.legal || []).length) { const none = t("nothing to do now"); ol.innerHTML = `<li class="none">${esc(none)}</li>`; } // i18n: not for players
  $("undo").disabled = !snap.undo;
  const log = $("log");
  log.innerHTML = "";
  // The newest lines are drawn; "Show earlier entries" draws more (and fetches those the view lacks).
  const drawn = app.replay ? snap.log : snap.log.slice(-app.logShown);
  app.logLines = drawn;
  const first = snap.log_total - drawn.length;
  $("log-earlier").hidden = first <= 0;
  $("log-earlier").textContent = t("Show earlier entries ({n} more)", { n: first });
  drawn.forEach((e, i) => {
    const li = document.createElement("li");
    li.className = `ev-${e.kind}`;
    li.value = first + i + 1;
    const pts = e.points ? ` ${infamyPoints(e.points)}` : "";
    const who = e.player < 0 ? t("Game") : e.player < names.length ? names[e.player] : snap.solo ? snap.solo.name : t("Game");
    li.textContent = `${who}: ${e.text}${pts}`;
    li.title = e.rule;
    log.appendChild(li);
  });
  // The last move's log lines point at its places on the board (hover a line to see them).
  if (snap.last_move && snap.last_move.targets.length) {
    const lines = [...log.children];
    const mover = lines.length ? lines[lines.length - 1] : null;
    if (mover) { mover.dataset.keys = snap.last_move.targets.join(" "); mover.classList.add("last-line"); }
  }
  log.scrollTop = log.scrollHeight;
  $("replay-btn").hidden = !snap.result;
  if (snap.result) showScoring(); else $("scoring").hidden = true;
  drawRival(snap);
  renderReview(snap);
  $("game-links").textContent = "";
}

// Final scoring: the game's story at once (story.js): who won and by what, the points by source, the six
// steps explained, the solo rank ladder; one click opens the review.
function showScoring() {
  showStory($("scoring"), { api, game: app.game, esc, review: openReview });
}

// Moves go over the live connection while it is open (no HTTP request per move). The server answers
// with the new state, which carries the move's acknowledgement, or with a refusal saying why.
const moving = new Map(); // move id -> { resolve, reject, ws: the socket it was sent on }
let lastMoveId = 0;

function moveOnSocket(text) {
  return new Promise((resolve, reject) => {
    const id = ++lastMoveId;
    moving.set(id, { resolve, reject, ws: app.ws });
    app.ws.send(JSON.stringify({ type: "act", action: text, version: app.snap.version, id }));
  });
}

function answered(id, error) {
  const waiting = moving.get(id);
  if (!waiting) return;
  moving.delete(id);
  if (error) waiting.reject(error); else waiting.resolve();
}

// The second click of a double click (its `detail` counts the clicks) never plays: the answer to the
// first may already have drawn the next decision's buttons under the pointer.
function secondClick(e) { return e.detail > 1; }

function setBusy(on) {
  app.busy = on;
  document.querySelectorAll("#actions button.action, #menu button").forEach((b) => { b.disabled = on; });
}

async function send(text) {
  if (app.busy) return; // a double click plays once
  if (!(await confirmOption(api, app.snap, text))) return; // a first game's warning, once per kind
  showError("");
  setBusy(true);
  try {
    if (app.ws && app.ws.readyState === WebSocket.OPEN) await moveOnSocket(text);
    else { await api(`/api/games/${app.game}/actions`, { version: app.snap.version, action: text }); await refresh(); }
  } catch (e) {
    if (e.data && e.data.error === "stale") await refresh(); // the game moved on: show where it is now
    else showError(e.message);
  } finally { setBusy(false); }
}

async function undo() {
  if (app.busy) return;
  showError("");
  clearTimeout(app.autoTimer);
  app.afterUndo = true; // the decision the undo goes back to waits for the player
  setBusy(true);
  try { await api(`/api/games/${app.game}/undo`, { version: app.snap.version }); }
  catch (e) { app.afterUndo = false; if (!(e.data && e.data.error === "stale")) showError(e.message); }
  finally { setBusy(false); }
  if (!app.ws || app.ws.readyState !== WebSocket.OPEN) await refresh();
}

// Replay of a finished game (from move `at`).
async function startReplay(at = 0, better = null) {
  const total = app.snap.moves;
  const start = typeof at === "number" ? at : 0; // a click on Replay passes its event
  app.replay = { upto: 0, total, better: better ? { ...better, at: start } : null };
  $("replay").hidden = false;
  const slider = $("replay-slider");
  slider.max = String(total);
  slider.oninput = () => seek(Number(slider.value));
  $("replay-back").onclick = () => seek(Math.max(0, app.replay.upto - 1));
  $("replay-next").onclick = () => seek(Math.min(total, app.replay.upto + 1));
  $("replay-close").onclick = () => { app.replay = null; $("replay").hidden = true; $("replay-better").hidden = true; refresh(); };
  await seek(start);
}

// The review opens a mistake's position: the replay before move `n` + 1, the better move marked on the
// board (its places, `better.targets`) and named beside it (`better.text`).
async function showPosition(n, better) {
  if (!app.replay) await startReplay(n, better);
  else { app.replay.better = { ...better, at: n }; await seek(n); }
  $("replay").scrollIntoView({ block: "nearest" });
}
async function seek(n) {
  app.replay.upto = n;
  $("replay-slider").value = String(n);
  $("replay-pos").textContent = `${n} / ${app.replay.total}`;
  const snap = await api(`/api/games/${app.game}/replay?upto=${n}`);
  const shown = { ...snap, seats: app.snap.seats, legal: [], undo: false };
  drawAll(shown);
  renderTop(shown); // that moment's scores and prompt, not the final ones
  renderSide(shown);
  const at = t("Replay, move {n} of {total}.", { n, total: app.replay.total });
  $("turn-info").insertAdjacentText("afterbegin", `${at} `);
  $("replay").dataset.shown = String(n);
  markBetter(n);
}

function markBetter(n) {
  const b = app.replay && app.replay.better;
  const note = $("replay-better");
  document.querySelectorAll("#board .better").forEach((node) => node.classList.remove("better"));
  if (!b || b.at !== n) { note.hidden = true; return; }
  const nodes = nodesFor(b.targets);
  nodes.forEach((node) => node.classList.add("better"));
  note.hidden = false;
  const words = { who: b.who, played: b.played, better: b.text };
  note.textContent = nodes.length ? t("{who} played {played} here; better: {better} (outlined on the board).", words) : t("{who} played {played} here; better: {better}.", words);
}

// A game link without its secret part: is there such a game at all? (The server says so without a token.)
async function incomplete(gameId) {
  try { await api(`/api/games/${gameId}/board`); }
  catch (e) {
    if (e.status === 404) { showProblem(t("There is no such game"), t("No game has this name: the game may have been deleted after a long time without moves, or the link is mistyped. Ask for the link again.")); return; }
    if (e instanceof Unreachable) { showProblem(...problemFor(e)); return; }
  }
  showProblem(t("This link is incomplete"), t("A game link ends with '#' and the seat's secret part. Ask the player who created the game for your seat's full link, or use the spectator link to watch."));
}

function route() {
  const m = location.pathname.match(/^\/game\/([^/]*)\/?$/);
  const token = location.hash.slice(1);
  // Following another seat's link in this tab changes only the part after '#': open that seat.
  window.addEventListener("hashchange", () => location.reload());
  if (!m) { showLobby(); return; }
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(m[1])) { showProblem(t("There is no such game"), t("The link is mistyped. Ask for the link again.")); return; }
  if (!token) { incomplete(m[1]); return; }
  showGame(m[1], token);
}
// The catalog of the player's language first: every text below is drawn in it.
await loadLanguage();
languageSwitch($("lang-select"));
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
    const words = { track: c ? c.sin : t("track {n}", { n: i + 2 }), level: lvl };
    const line = r.diplomas.includes(i + 2) ? t("{track}: {level} (Diploma)", words) : t("{track}: {level}", words);
    return `<li>${esc(line)}</li>`;
  }).join("");
  const goal = r.win === "target" ? t("You win if you reach {target} Infamy.", { target: r.target }) : t("You win if you beat its Infamy.");
  const nextCard = t("Next card:");
  const next = r.next_card ? `<p id="rival-next">${esc(nextCard)} <b>${esc(r.next_card.name)}</b> — ${esc(r.next_card.text)}</p>` : "";
  const last = r.last_played.length ? r.last_played.join(", ") : t("nothing yet");
  const passages = r.passages.length ? r.passages.map((g) => g + 1).join(", ") : t("none");
  const standing = t("Infamy {infamy} · ½ Diplomas {half} · safe passages: {passages}", { infamy: r.infamy, half: r.half, passages });
  const deck = tn("Last played: {last}; {n} card left in its deck.", "Last played: {last}; {n} cards left in its deck.", r.deck_left, { last });
  div.innerHTML = `<h3>${esc(r.name)} — ${esc(r.variant_name)}, ${esc(r.level)}</h3>`
    + `<p>${esc(r.description)} ${esc(goal)}</p>`
    + `<p id="rival-infamy">${esc(standing)}</p>`
    + next + `<p>${esc(deck)}</p>`
    + `<ul class="rival-tracks">${tracks}</ul>`; // i18n: not for players
}
