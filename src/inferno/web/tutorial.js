// The tutorial page: a scripted game the server's tutorial drives, step by step. Each step is explained
// in the tutorial panel (its chapter, title, words, rulebook page and progress); a step that only
// explains has a Next button, a step that asks for a move marks what to click (the option, or the place
// on the board). Any other move is sent too: the tutorial holds it back and says why. The board and the
// player boards are the game page's (board.js, players.js), drawn from the same view of the game.
//
// Cues for tests and tools: the element to click carries data-tutorial-target, the Next button
// data-tutorial-next, and the body data-tutorial="done" once the tutorial is finished.
import { drawBoard, layoutFor } from "./board.js";
import { drawScoreBar } from "./scorebar.js";
import { drawPlayer } from "./players.js";
import { showComponentTip } from "./components.js";
import { setupFirstGameButton } from "./first_game.js";
import { forgetTutorial, keepTutorial, markTutorialDone, rememberGame, tutorialUnderWay } from "./learn.js";
import { languageSwitch, loadLanguage, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const UNREACHABLE = () => t("The server cannot be reached right now: try again in a moment.");
const tut = { data: null, busy: false, byKey: new Map(), answers: 0 };

async function api(path, body = null) {
  const opts = { method: body === null ? "GET" : "POST", headers: { "Content-Type": "application/json" } };
  // The board drawn already is not sent again (it changes only where a chapter starts afresh).
  if (path.startsWith("/api/tutorials/") && tut.data) opts.headers["X-Inferno-Board"] = tut.data.board_id;
  if (body !== null) opts.body = JSON.stringify(body);
  let r;
  try { r = await fetch(path, opts); } catch { throw new Error(UNREACHABLE()); }
  const data = await r.json().catch(() => ({ message: r.status >= 500 ? UNREACHABLE() : t("the server answered {status}", { status: r.status }) }));
  if (!r.ok) throw Object.assign(new Error(data.message || data.error), { data, status: r.status });
  return data;
}

function problem(title, text) {
  $("game").hidden = true;
  $("problem").hidden = false;
  $("problem-title").textContent = title;
  $("problem-text").textContent = text;
}

function say(text, held = false) {
  const r = $("tutorial-reply");
  r.textContent = text || "";
  r.classList.toggle("held-back", held);
}

// ----- the game as the learner sees it -----

const names = (snap) => snap.seats.map((s) => s.name);

function drawGame(data) {
  const snap = data.view;
  $("tip").hidden = true;
  const mode = layoutFor(document.querySelector(".board-col").clientWidth);
  drawBoard($("board"), data.board, snap.state, snap.pieces, names(snap), mode);
  const pb = $("player-boards");
  pb.innerHTML = "";
  const all = names(snap).map((_, i) => i);
  const toMove = snap.pending ? snap.pending.player : -1;
  for (const p of [snap.seat, ...all.filter((i) => i !== snap.seat)]) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "player-board");
    svg.setAttribute("data-player", p);
    pb.appendChild(svg);
    drawPlayer(svg, data.board, snap.state, snap.pieces, p, names(snap)[p], p === snap.seat, p === toMove);
  }
  // While a step asks for a move, the places of the asked move glow (as the game page marks options) and
  // the places of the other options take clicks too, unmarked; an explanation leaves the board to what
  // it explains.
  tut.byKey = new Map();
  const asks = data.step && data.step.kind === "act";
  (asks ? snap.legal || [] : []).forEach((a, i) => a.targets.forEach((k) => { if (!tut.byKey.has(k)) tut.byKey.set(k, []); tut.byKey.get(k).push(i); }));
  const want = expectedOption(data);
  const asked = new Set(want ? want.targets : []);
  document.querySelectorAll(".target").forEach((n) => {
    const keys = (n.getAttribute("data-k") || "").split(" ");
    if (keys.some((k) => asked.has(k))) n.classList.add("hl");
    else if (keys.some((k) => tut.byKey.has(k))) n.classList.add("option");
  });
  drawScores(snap);
  drawLog(snap);
  drawScoring(snap);
}

function drawScores(snap) {
  drawScoreBar($("scorebar"), snap, (p) => snap.seats[p].name);
  const p = snap.pending;
  let text = "";
  if (snap.result) text = t("The game is over.");
  else if (p && p.player === snap.seat) text = t("Your turn: {decision}", { decision: p.title });
  else if (p) text = t("{name} to move: {decision}", { name: snap.seats[p.player].name, decision: p.title });
  const turn = t("Turn {turn}.", { turn: snap.state.turn });
  $("prompt-text").textContent = `${turn} ${text}`;
}

function drawLog(snap) {
  const log = $("log");
  log.innerHTML = "";
  const who = (p) => (p >= 0 && p < snap.seats.length ? snap.seats[p].name : t("Game"));
  snap.log.forEach((e) => {
    const li = document.createElement("li");
    const points = t("[{points} Infamy]", { points: `${e.points > 0 ? "+" : ""}${e.points}` });
    const pts = e.points ? ` ${points}` : "";
    li.textContent = `${who(e.player)}: ${e.text}${pts}`;
    li.title = e.rule;
    log.appendChild(li);
  });
  log.scrollTop = log.scrollHeight;
}

// The final scoring once the tutorial's game is over: each player's Infamy in play, each step's
// points, the total and the winner (the engine's result, as the game page shows it).
function drawScoring(snap) {
  const div = $("scoring");
  const res = snap.result;
  div.hidden = !res;
  div.innerHTML = "";
  if (!res) return;
  const h = document.createElement("h2");
  h.textContent = t("Final scoring");
  const table = document.createElement("table");
  const row = (cells, head = false) => {
    const tr = document.createElement("tr");
    cells.forEach((c, i) => { const td = document.createElement(head || i === 0 ? "th" : "td"); td.textContent = c; tr.appendChild(td); });
    table.appendChild(tr);
    return tr;
  };
  const names = { fraud: t("Fraud"), phlegethon: t("Phlegethon"), extra_diplomas: t("Extra diplomas"), diplomas: t("Diplomas"), loans: t("Loans"), reputation: t("Reputation") };
  const words = (id) => { if (names[id]) return names[id]; const w = String(id).replace(/_/g, " "); return w.charAt(0).toUpperCase() + w.slice(1); };
  row(["", t("in play"), ...res.steps.map(words), t("total")], true);
  const signed = (n) => `${n >= 0 ? "+" : ""}${n}`;
  res.players.forEach((p) => {
    const tr = row([snap.seats[p.player].name, String(p.before_final), ...res.steps.map((st) => signed(p.steps[st])), String(p.infamy)]);
    if (p.winner) tr.className = "winner";
  });
  const won = document.createElement("p");
  won.textContent = t("Winner: {names}", { names: res.winners.map((w) => snap.seats[w].name).join(", ") });
  const wrap = document.createElement("div");
  wrap.className = "table-wrap";
  wrap.tabIndex = 0; // it scrolls sideways on a phone: the keyboard reaches it
  wrap.setAttribute("role", "group");
  wrap.setAttribute("aria-label", t("Final scoring table"));
  wrap.appendChild(table);
  div.append(h, wrap, won);
}

// ----- the step -----

// The option the step asks for: the first expected move among the learner's options.
function expectedOption(data) {
  const step = data.step;
  if (!step || step.kind !== "act") return null;
  const legal = data.view.legal || [];
  for (const text of step.expected) { const a = legal.find((x) => x.text === text); if (a) return a; }
  return null;
}

// The board elements of a component: those whose data-k or data-c names the key.
function componentNodes(key) {
  return [...document.querySelectorAll("#board [data-k], #board [data-c], #player-boards [data-k], #player-boards [data-c]")]
    .filter((n) => `${n.getAttribute("data-k") || ""} ${n.getAttribute("data-c") || ""}`.split(" ").includes(key));
}

function inside(node, area) {
  const r = node.getBoundingClientRect(), a = area.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  return x >= a.left && x <= a.right && y >= a.top && y <= a.bottom;
}

// What is drawn over the node's middle (later in its drawing, not inside it, taking clicks).
function covering(node) {
  const svg = node.ownerSVGElement || node;
  const r = node.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  return [...svg.querySelectorAll("*")].filter((n) => {
    if (n === node || node.contains(n) || n.contains(node)) return false;
    if (!(node.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING)) return false;
    const b = n.getBoundingClientRect();
    return x >= b.left && x <= b.right && y >= b.top && y <= b.bottom && getComputedStyle(n).pointerEvents !== "none";
  });
}

const reachable = (node) => covering(node).length === 0;

// A step whose target is a component (what the step is about: a location, the Graveyard, the Tower, a
// loan...): the component is marked (``area``), and what to click (``node``) is where the asked move is
// played on the board (its place inside the component first), else the component itself.
function boardTarget(data) {
  const area = componentNodes(data.step.target);
  const a = expectedOption(data);
  const keys = new Set(a ? a.targets : []);
  const places = [...document.querySelectorAll("#board .target, #player-boards .target")]
    .filter((n) => (n.getAttribute("data-k") || "").split(" ").some((k) => keys.has(k)) && reachable(n));
  const node = places.find((n) => area.some((c) => inside(n, c))) || places[0]
    || area.find((n) => n.classList.contains("target") && reachable(n)) || area.find(reachable) || null;
  return { node, area };
}

function drawOptions(data) {
  const ol = $("actions");
  ol.innerHTML = "";
  const want = expectedOption(data);
  const step = data.step;
  const component = step && step.target && step.target !== "option";
  // An explanation may point at a component too: it is marked, with nothing to click.
  const { node: onBoard, area } = component && step.kind === "act" ? boardTarget(data)
    : { node: null, area: component ? componentNodes(step.target) : [] };
  // The asked option first, with what it does; the others (held back if played) by name only.
  const legal = [...(data.view.legal || [])].sort((x, y) => (y === want) - (x === want));
  legal.forEach((a) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "action";
    // The notation (what the step names) first, then the option in words (as on the game page).
    const code = document.createElement("code");
    code.className = "notation";
    code.textContent = a.text;
    b.appendChild(code);
    if (a.words) { const w = document.createElement("span"); w.className = "words"; w.textContent = ` ${a.words}`; b.appendChild(w); }
    b.dataset.action = a.text;
    const pv = a.preview && a.preview.words ? a.preview.words.join(" · ") : "";
    if (pv && a === want) { const s = document.createElement("small"); s.className = "pv"; s.textContent = ` — ${pv}`; b.appendChild(s); }
    else if (pv) b.title = pv;
    // The asked option is marked in the list even when the step points at the board (for the keyboard).
    if (a === want) b.classList.add("tutorial-target");
    if (a === want && !onBoard) b.dataset.tutorialTarget = "option";
    b.onclick = () => play(a.text);
    li.appendChild(b);
    ol.appendChild(li);
  });
  if (!(data.view.legal || []).length) { const none = t("nothing to do now"); ol.innerHTML = `<li class="none">${none}</li>`; } // i18n: not for players
  if (onBoard) {
    onBoard.dataset.tutorialTarget = data.step.target;
    onBoard.classList.add("tutorial-target");
    covering(onBoard).forEach((n) => n.classList.add("tutorial-under")); // a click there reaches the target
  }
  area.forEach((n) => n.classList.add("tutorial-area"));
}

function drawStep(data) {
  const step = data.step;
  const body = document.body.dataset;
  body.tutorialStep = String(data.index);
  body.tutorialStepId = step ? step.id : "";
  $("tutorial-bar").max = data.total;
  $("tutorial-bar").value = data.done ? data.total : data.index;
  $("tutorial-progress").textContent = data.done ? t("All {total} steps done", { total: data.total }) : t("Step {n} of {total}", { n: data.index + 1, total: data.total });
  const next = $("tutorial-next");
  next.hidden = !step || step.kind !== "explain";
  if (next.hidden) delete next.dataset.tutorialNext; else next.dataset.tutorialNext = "";
  $("tutorial-end").hidden = !data.done;
  $("actions-panel").hidden = !!data.done; // the tutorial's game stops with its last step
  $("tutorial-leave").hidden = !!data.done;
  $("tutorial-restart").textContent = data.done ? t("Play the tutorial again") : t("Start again");
  if (!step) {
    $("tutorial-chapter").textContent = "";
    $("tutorial-title").textContent = t("Tutorial complete");
    $("tutorial-text").textContent = t("Chapters done: {chapters}.", { chapters: data.chapters.join(", ") });
    $("tutorial-cite").textContent = "";
    body.tutorial = "done";
    return;
  }
  $("tutorial-chapter").textContent = t("Chapter {n} of {total}: {chapter}", { n: data.chapter + 1, total: data.chapters.length, chapter: step.chapter });
  $("tutorial-title").textContent = step.title;
  $("tutorial-text").textContent = step.text;
  $("tutorial-cite").textContent = step.cite ? `(${step.cite})` : "";
  body.tutorial = step.kind;
}

function show(data) {
  const before = tut.data;
  if (data.board === null && before && before.board_id === data.board_id) data.board = before.board;
  if (data.done) data.view.legal = []; // the tutorial's game stops with its last step
  tut.data = data;
  $("problem").hidden = true;
  $("game").hidden = false;
  if (data.done) markTutorialDone(); else keepTutorial(data.id, data.index, data.total);
  drawGame(data);
  drawStep(data);
  drawOptions(data);
  if (data.reply) say(data.reply.message, !data.reply.accepted);
  else if (!before || before.index !== data.index) say("");
  document.body.dataset.tutorialAnswers = String(++tut.answers);
  if (before && before.index !== data.index) $("tutorial-title").focus({ preventScroll: true });
}

// ----- the learner's clicks -----

async function send(path, body = null) {
  if (tut.busy) return; // a double click counts once
  tut.busy = true;
  document.querySelectorAll("#actions button, #tutorial-next").forEach((b) => { b.disabled = true; });
  try { show(await api(path, body)); }
  catch (e) {
    if (e.status === 404) { forgetTutorial(); problem(t("This tutorial is gone"), e.message); }
    else {
      say(e.message, true);
      // Changed meanwhile (in another tab): where it stands now.
      if (e.data && e.data.error === "stale") { try { show(await api(`/api/tutorials/${tut.data.id}`)); } catch { /* said already */ } }
    }
  } finally {
    tut.busy = false;
    document.querySelectorAll("#actions button, #tutorial-next").forEach((b) => { b.disabled = false; });
  }
}

function play(text) { return send(`/api/tutorials/${tut.data.id}/play`, { action: text }); }

// A click on the board: the step's target plays the move it asks for; the place of another option plays
// that option (its first), which the tutorial holds back with a word; elsewhere, nothing.
function onBoardClick(ev) {
  if (!tut.data) return;
  if (ev.target.closest("[data-tutorial-target]")) { playTarget(); return; }
  const node = ev.target.closest(".target.hl, .target.option");
  if (!node) return;
  const legal = tut.data.view.legal || [];
  const idx = new Set();
  for (const k of node.getAttribute("data-k").split(" ")) (tut.byKey.get(k) || []).forEach((i) => idx.add(i));
  const acts = [...idx].sort((a, b) => a - b).map((i) => legal[i]);
  const step = tut.data.step;
  const asked = acts.find((a) => step && step.expected.includes(a.text));
  if (asked || acts.length) play((asked || acts[0]).text);
}

function playTarget() {
  const step = tut.data.step;
  if (!step || step.kind !== "act") return;
  const a = expectedOption(tut.data);
  play(a ? a.text : step.expected[0]);
}

function onHover(ev) {
  if (!tut.data || !showComponentTip($("tip"), tut.data.board, ev)) $("tip").hidden = true;
}

async function startNew() {
  forgetTutorial();
  try { show(await api("/api/tutorials", {})); }
  catch (e) { problem(t("The tutorial cannot start"), e.message); }
}

// "Play your first game": the lobby's first game (first_game.js: the weakest bots, hints on, the help
// open), listed under the lobby's "Your games" and opened.
async function setupFirstGame() {
  let bots = [];
  try { ({ bots } = await api("/api/bots")); } catch { /* the weakest by name */ }
  const created = (g) => {
    const mine = g.seats.find((s) => s.link);
    rememberGame(g.game, mine.token, t("Your first game"), mine.seat);
    location.href = mine.link;
  };
  setupFirstGameButton($("tutorial-first-game"), api, bots, created, (text) => say(text, true));
}

async function open() {
  for (const id of ["board", "player-boards"]) {
    $(id).addEventListener("click", onBoardClick);
    $(id).addEventListener("mousemove", onHover);
    $(id).addEventListener("mouseleave", () => { $("tip").hidden = true; });
  }
  $("tutorial-next").onclick = () => send(`/api/tutorials/${tut.data.id}/next`, {});
  $("tutorial-restart").onclick = startNew;
  setupFirstGame();
  window.addEventListener("resize", () => { if (tut.data) { drawGame(tut.data); drawOptions(tut.data); } });
  const going = tutorialUnderWay();
  if (going) {
    try { show(await api(`/api/tutorials/${encodeURIComponent(going.id)}`)); return; }
    catch (e) {
      if (e.status !== 404) { problem(t("The tutorial cannot be opened"), e.message); return; }
      // gone from the server: a new one starts, and the learner is told so
    }
    await startNew();
    say(t("Your earlier tutorial could no longer be found, so this one starts from the beginning."));
    return;
  }
  await startNew();
}

// The catalog of the learner's language first: every text is drawn in it.
await loadLanguage();
languageSwitch($("lang-select"));
open();
