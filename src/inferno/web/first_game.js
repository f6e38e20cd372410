// A first game for newcomers: the lobby's one-click "Your first game" (the weakest bots, hints on), and in
// such a game the help open (the decision's rule, each option's components on hover) and one warning before
// the first loan, the first family council and the first Fraud card played without its Barrel.
// What an option does comes from the engine (each option's preview carries its warnings: inferno.outcome);
// the kinds already shown are kept by the server with the game, so a reload does not warn again.

import { t } from "./i18n.js";

const first = { on: false, warned: new Set(), game: null };

// The lobby's button: a 3-player game, you against two of the weakest bots (the first of the server's list,
// weakest first), hints allowed. ``created`` opens the new game as the lobby's own form does.
export function setupFirstGameButton(button, api, bots, created, status) {
  button.onclick = async () => {
    const bot = bots[0] || "random";
    const seats = [{ kind: "human" }, { kind: "bot", bot }, { kind: "bot", bot }];
    button.disabled = true;
    try {
      created(await api("/api/games", { seats, first_game: true, hints: true }));
    } catch (e) {
      status(t("Could not create your first game: {error}", { error: e.message }));
      button.disabled = false;
    }
  };
  button.disabled = false;
}

// On opening a game: whether it is a first game, and the warnings it has shown.
export async function loadFirstGame(api, game) {
  first.game = game;
  try {
    const f = await api(`/api/games/${game}/first-game`);
    first.on = !!f.first_game;
    first.warned = new Set(f.warned || []);
  } catch { first.on = false; }
  document.body.dataset.firstGame = first.on ? "yes" : "no";
  const note = document.getElementById("first-game-note");
  if (note) note.hidden = !first.on;
  return first.on;
}

export function isFirstGame() { return first.on; }

// The warnings the option with notation ``text`` still deserves in this game (none outside a first game).
function due(snap, text) {
  if (!first.on || !snap) return [];
  const a = (snap.legal || []).find((x) => x.text === text);
  const ws = (a && a.preview && a.preview.warnings) || [];
  return ws.filter((w) => !first.warned.has(w.kind));
}

// Before an option is sent: true to play it. A first warning of its kind asks first ("Play it" or "Pick
// another option"); once confirmed, the server notes the kinds shown.
export async function confirmOption(api, snap, text) {
  const ws = due(snap, text);
  if (!ws.length) return true;
  const ok = await ask(ws, snap, text);
  if (!ok) return false;
  for (const w of ws) {
    first.warned.add(w.kind);
    try { await api(`/api/games/${first.game}/first-game/warned`, { kind: w.kind }); } catch { /* shown here at least */ }
  }
  return true;
}

function ask(ws, snap, text) {
  const dlg = document.getElementById("first-warning");
  const a = (snap.legal || []).find((x) => x.text === text);
  document.getElementById("first-warning-title").textContent = ws.map((w) => w.title).join("; ");
  const body = document.getElementById("first-warning-text");
  body.innerHTML = "";
  const what = document.createElement("p");
  what.textContent = t("You chose: {option}.", { option: a && a.words ? a.words : text });
  body.appendChild(what);
  for (const w of ws) {
    const p = document.createElement("p");
    p.className = "first-warning-item";
    p.dataset.kind = w.kind;
    p.textContent = `${w.text} (${w.rule})`;
    body.appendChild(p);
  }
  const later = document.createElement("p");
  later.className = "explain";
  later.textContent = t("You are told this once in your first game.");
  body.appendChild(later);
  return new Promise((resolve) => {
    const done = (ok) => { dlg.close(); resolve(ok); };
    document.getElementById("first-warning-play").onclick = () => done(true);
    document.getElementById("first-warning-back").onclick = () => done(false);
    dlg.oncancel = (e) => { e.preventDefault(); done(false); };
    dlg.showModal();
    document.getElementById("first-warning-back").focus();
  });
}

// An option's button in a first game: hovering it explains the components it involves (its location,
// track, Guardian...), as hovering them on the board does.
export function explainOnHover(button, a, board, tip, appendComponent) {
  if (!first.on || !board || !board.components) return;
  const keys = (a.targets || []).filter((k) => board.components[k]);
  if (!keys.length) return;
  button.addEventListener("mouseenter", () => {
    tip.innerHTML = "";
    for (const k of keys) appendComponent(tip, { key: k, ...board.components[k] });
    const r = button.getBoundingClientRect();
    tip.style.left = `${Math.max(0, Math.min(r.left - 340, innerWidth - 330))}px`;
    tip.style.top = `${Math.max(0, Math.min(r.top, innerHeight - 220))}px`;
    tip.hidden = false;
  });
  button.addEventListener("mouseleave", () => { tip.hidden = true; });
}
