// The table: turn clocks (set when the game is made, shown to everyone), the seats a bot plays for
// players who ran out of time or left, the vote that a player has left, and taking your seat back.

import { t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let offset = 0; // server clock minus this browser's clock (ms)
let ticker = null;
let shown = null; // { snap, ctx }

export function noteServerNow(seconds) {
  if (typeof seconds === "number" && seconds > 0) offset = seconds * 1000 - Date.now();
}

export function clockWords(seconds) {
  if (!seconds) return t("no clock");
  if (seconds % 86400 === 0) return tn("{n} day a turn", "{n} days a turn", seconds / 86400);
  if (seconds % 3600 === 0) return tn("{n} hour a turn", "{n} hours a turn", seconds / 3600);
  if (seconds % 60 === 0) return tn("{n} minute a turn", "{n} minutes a turn", seconds / 60);
  return tn("{n} second a turn", "{n} seconds a turn", seconds);
}

function left(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return t("{days} d {hours} h", { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return t("{hours} h {minutes} min", { hours: Math.floor(s / 3600), minutes: String(Math.floor((s % 3600) / 60)).padStart(2, "0") });
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// ----- lobby -----

export async function setupLobbyTable(api, bots) {
  let tb = { clocks: [0], bot: "greedy", bots };
  try { tb = await api("/api/table"); } catch { /* no clocks offered */ }
  const sel = $("turn-clock");
  sel.innerHTML = "";
  for (const s of tb.clocks) {
    const o = document.createElement("option");
    o.value = String(s);
    o.textContent = clockWords(s);
    sel.appendChild(o);
  }
  const bs = $("takeover-bot");
  bs.innerHTML = "";
  for (const b of tb.bots || bots) {
    const o = document.createElement("option");
    o.value = b;
    o.textContent = b;
    o.selected = b === tb.bot;
    bs.appendChild(o);
  }
}

export function lobbyTableChoice() {
  return { turn_seconds: Number($("turn-clock").value || 0), takeover_bot: $("takeover-bot").value || "" };
}

// ----- game -----

// A vote that the player to move has left opens only once the server says they are away (``table.vote``:
// that seat and the moment, on the server's clock); until then no vote is shown.
function voteOpen(tb) {
  return !!(tb && tb.vote && Date.now() + offset >= tb.vote.opens_at * 1000);
}

function tick() {
  if (!shown) return;
  const { snap } = shown;
  if (shown.voteOpen !== voteOpen(snap.table)) renderVote(snap, shown.ctx);
  const clock = snap.table && snap.table.clock;
  const waiting = snap.table && snap.table.waiting;
  document.querySelectorAll("#scorebar .clock").forEach((n) => n.remove());
  const out = $("clock-left");
  if (waiting && !snap.result) { showWaiting(snap, waiting, out); return; }
  if (!clock || snap.result) { if (out) out.textContent = ""; return; }
  const ms = clock.deadline * 1000 - (Date.now() + offset);
  const text = left(ms);
  const chip = document.querySelector(`#scorebar .score[data-player="${clock.seat}"]`);
  if (chip) {
    const c = document.createElement("span");
    c.className = `clock${ms < 15000 ? " low" : ""}`;
    c.textContent = ` ◷ ${text}`;
    c.title = t("time left for this turn");
    chip.appendChild(c);
  }
  if (out) out.textContent = t("{name}: {time} left", { name: snap.seats[clock.seat].name, time: text });
}

// A clock that has not started: the player to move has not opened their link yet. Their whole turn is
// shown, standing still, until they arrive or the table's start time comes.
function showWaiting(snap, waiting, out) {
  const full = left(snap.table.seconds * 1000);
  const name = snap.seats[waiting.seat].name;
  const chip = document.querySelector(`#scorebar .score[data-player="${waiting.seat}"]`);
  if (chip) {
    const c = document.createElement("span");
    c.className = "clock waiting"; // i18n: not for players
    c.textContent = ` ◷ ${full}`;
    c.title = t("{name}'s clock starts when they open their link", { name });
    chip.appendChild(c);
  }
  if (!out) return;
  const at = new Date(waiting.starts_at * 1000 - offset);
  const hhmm = `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
  out.textContent = t("{name}: {time}, not started — it starts when {name} opens their link, or at {hhmm} at the latest.", { name, time: full, hhmm });
}

async function post(ctx, path, body) {
  try { await ctx.api(`/api/games/${ctx.game}/${path}`, body); }
  catch (e) { $("error").textContent = e.message; }
}

function renderVote(snap, ctx) {
  const tb = snap.table;
  const box = $("vote-box");
  shown.voteOpen = voteOpen(tb);
  if (!box) return;
  box.innerHTML = "";
  const meHuman = snap.seat >= 0 && tb.humans.includes(snap.seat) && !tb.taken_over.includes(snap.seat);
  if (!meHuman || snap.result || !shown.voteOpen) return;
  const s = tb.vote.seat;
  if (s === snap.seat || tb.taken_over.includes(s)) return;
  const name = snap.seats[s].name;
  const others = tb.humans.filter((x) => x !== s && !tb.taken_over.includes(x)).length;
  const need = Math.floor(others / 2) + 1;
  const votes = (tb.votes[String(s)] || []);
  const b = document.createElement("button");
  b.type = "button";
  b.className = "vote";
  b.dataset.seat = String(s);
  b.disabled = votes.includes(snap.seat);
  b.textContent = tn("{name} has left: let the {bot} bot play ({votes} of {n} vote)", "{name} has left: let the {bot} bot play ({votes} of {n} votes)", need, { name, bot: tb.bot, votes: votes.length });
  b.title = t("{name} seems to be away. If most of the other players vote so, the {bot} bot plays {name}'s seat until {name} takes it back", { name, bot: tb.bot });
  b.onclick = () => post(ctx, "vote", { seat: s });
  box.appendChild(b);
}

// Called on every render of a game view; ``ctx`` = { api, game }.
export function renderTable(snap, ctx) {
  shown = { snap, ctx };
  const tb = snap.table;
  const div = $("table-panel");
  div.innerHTML = "";
  if (!tb) { div.hidden = true; return; }
  div.hidden = false;
  const names = snap.seats.map((s) => s.name);
  if (tb.seconds) {
    const head = document.createElement("p");
    head.id = "clock-info";
    const clock = t("Turn clock: {clock}.", { clock: clockWords(tb.seconds) });
    head.textContent = `${clock} `;
    const lft = document.createElement("b");
    lft.id = "clock-left";
    head.appendChild(lft);
    div.appendChild(head);
  }
  for (const s of tb.taken_over) {
    const p = document.createElement("p");
    p.className = "taken-over";
    p.textContent = s === snap.seat
      ? t("While you were away, the {bot} bot has been playing your seat.", { bot: snap.seats[s].bot })
      : t("The {bot} bot plays {name}'s seat until {name} comes back.", { bot: snap.seats[s].bot, name: names[s] });
    if (s === snap.seat) {
      const b = document.createElement("button");
      b.id = "reclaim";
      b.type = "button";
      b.textContent = t("Take my seat back");
      b.onclick = () => post(ctx, "reclaim", {});
      p.appendChild(document.createTextNode(" "));
      p.appendChild(b);
    }
    div.appendChild(p);
  }
  const box = document.createElement("div");
  box.id = "vote-box";
  div.appendChild(box);
  renderVote(snap, ctx);
  tick();
  if (!ticker) ticker = setInterval(tick, 250);
}
