// The table: turn clocks (set when the game is made, shown to everyone), the seats a bot plays for
// players who ran out of time or left, the vote that a player has left, and taking your seat back.

const $ = (id) => document.getElementById(id);
let offset = 0; // server clock minus this browser's clock (ms)
let ticker = null;
let shown = null; // { snap, ctx }

export function noteServerNow(seconds) {
  if (typeof seconds === "number" && seconds > 0) offset = seconds * 1000 - Date.now();
}

export function clockWords(seconds) {
  if (!seconds) return "no clock";
  if (seconds % 86400 === 0) return `${seconds / 86400} day${seconds === 86400 ? "" : "s"} a turn`;
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? "" : "s"} a turn`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? "" : "s"} a turn`;
  return `${seconds} seconds a turn`;
}

function left(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// ----- lobby -----

export async function setupLobbyTable(api, bots) {
  let t = { clocks: [0], bot: "greedy", bots };
  try { t = await api("/api/table"); } catch { /* no clocks offered */ }
  const sel = $("turn-clock");
  sel.innerHTML = "";
  for (const s of t.clocks) {
    const o = document.createElement("option");
    o.value = String(s);
    o.textContent = clockWords(s);
    sel.appendChild(o);
  }
  const bs = $("takeover-bot");
  bs.innerHTML = "";
  for (const b of t.bots || bots) {
    const o = document.createElement("option");
    o.value = b;
    o.textContent = b;
    o.selected = b === t.bot;
    bs.appendChild(o);
  }
}

export function lobbyTableChoice() {
  return { turn_seconds: Number($("turn-clock").value || 0), takeover_bot: $("takeover-bot").value || "" };
}

// ----- game -----

// A vote that the player to move has left opens only once the server says they are away (``table.vote``:
// that seat and the moment, on the server's clock); until then no vote is shown.
function voteOpen(t) {
  return !!(t && t.vote && Date.now() + offset >= t.vote.opens_at * 1000);
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
    c.title = "time left for this turn";
    chip.appendChild(c);
  }
  if (out) out.textContent = `${snap.seats[clock.seat].name}: ${text} left`;
}

// A clock that has not started: the player to move has not opened their link yet. Their whole turn is
// shown, standing still, until they arrive or the table's start time comes.
function showWaiting(snap, waiting, out) {
  const full = left(snap.table.seconds * 1000);
  const name = snap.seats[waiting.seat].name;
  const chip = document.querySelector(`#scorebar .score[data-player="${waiting.seat}"]`);
  if (chip) {
    const c = document.createElement("span");
    c.className = "clock waiting";
    c.textContent = ` ◷ ${full}`;
    c.title = `${name}'s clock starts when they open their link`;
    chip.appendChild(c);
  }
  if (!out) return;
  const at = new Date(waiting.starts_at * 1000 - offset);
  const hhmm = `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
  out.textContent = `${name}: ${full}, not started — it starts when ${name} opens their link, or at ${hhmm} at the latest.`;
}

async function post(ctx, path, body) {
  try { await ctx.api(`/api/games/${ctx.game}/${path}`, body); }
  catch (e) { $("error").textContent = e.message; }
}

function renderVote(snap, ctx) {
  const t = snap.table;
  const box = $("vote-box");
  shown.voteOpen = voteOpen(t);
  if (!box) return;
  box.innerHTML = "";
  const meHuman = snap.seat >= 0 && t.humans.includes(snap.seat) && !t.taken_over.includes(snap.seat);
  if (!meHuman || snap.result || !shown.voteOpen) return;
  const s = t.vote.seat;
  if (s === snap.seat || t.taken_over.includes(s)) return;
  const name = snap.seats[s].name;
  const others = t.humans.filter((x) => x !== s && !t.taken_over.includes(x)).length;
  const need = Math.floor(others / 2) + 1;
  const votes = (t.votes[String(s)] || []);
  const b = document.createElement("button");
  b.type = "button";
  b.className = "vote";
  b.dataset.seat = String(s);
  b.disabled = votes.includes(snap.seat);
  b.textContent = `${name} has left: let the ${t.bot} bot play (${votes.length} of ${need} vote${need === 1 ? "" : "s"})`;
  b.title = `${name} seems to be away. If most of the other players vote so, the ${t.bot} bot plays ${name}'s seat until ${name} takes it back`;
  b.onclick = () => post(ctx, "vote", { seat: s });
  box.appendChild(b);
}

// Called on every render of a game view; ``ctx`` = { api, game }.
export function renderTable(snap, ctx) {
  shown = { snap, ctx };
  const t = snap.table;
  const div = $("table-panel");
  div.innerHTML = "";
  if (!t) { div.hidden = true; return; }
  div.hidden = false;
  const names = snap.seats.map((s) => s.name);
  if (t.seconds) {
    const head = document.createElement("p");
    head.id = "clock-info";
    head.textContent = `Turn clock: ${clockWords(t.seconds)}. `;
    const lft = document.createElement("b");
    lft.id = "clock-left";
    head.appendChild(lft);
    div.appendChild(head);
  }
  for (const s of t.taken_over) {
    const p = document.createElement("p");
    p.className = "taken-over";
    p.textContent = s === snap.seat
      ? `While you were away, the ${snap.seats[s].bot} bot has been playing your seat.`
      : `The ${snap.seats[s].bot} bot plays ${names[s]}'s seat until ${names[s]} comes back.`;
    if (s === snap.seat) {
      const b = document.createElement("button");
      b.id = "reclaim";
      b.type = "button";
      b.textContent = "Take my seat back";
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
