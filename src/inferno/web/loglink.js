// The game log and the board, linked both ways: clicking a log line marks the pieces and places it
// concerns (on the main board, on its family's board and in the score bar); hovering a place of the
// board marks the log lines that concern it. The server names each line's places ("places": board keys).

let current = null; // { snap, chosen: index of the clicked line or -1 }

// Every element that stands for a key: board places, a family's board pieces, a family itself.
export function nodesForKey(key, player) {
  if (key.startsWith("player:")) {
    const p = key.slice(7);
    return [...document.querySelectorAll(`svg.player-board[data-player="${p}"], #scorebar .score[data-player="${p}"]`)];
  }
  const sel = `.target[data-k~="${CSS.escape(key)}"]`;
  const onBoard = [...document.querySelectorAll(`#board ${sel}`)];
  if (onBoard.length || player === undefined || player < 0) return onBoard;
  return [...document.querySelectorAll(`svg.player-board[data-player="${player}"] ${sel}`)];
}

function clear(cls) { document.querySelectorAll(`.${cls}`).forEach((n) => n.classList.remove(cls)); }

function mark(e) {
  clear("linked");
  if (!e) return;
  for (const k of e.places || []) nodesForKey(k, e.player).forEach((n) => n.classList.add("linked"));
}

// Called after the log is drawn: each line carries its places, a click marks them (a second click clears).
export function linkLog(snap) {
  const prev = current && current.snap.game === snap.game ? current.chosen : -1;
  current = { snap, chosen: -1 };
  const lines = [...document.querySelectorAll("#log > li")];
  lines.forEach((li, i) => {
    const e = snap.log[i];
    if (!e) return;
    li.dataset.i = String(i);
    // (The last move's line keeps the places of the move itself.)
    if (!li.dataset.keys) li.dataset.keys = (e.places || []).filter((k) => !k.startsWith("player:")).join(" ");
    li.tabIndex = 0;
    li.classList.add("linkable");
  });
  clear("linked");
  if (prev >= 0 && prev < lines.length) choose(prev);
}

function choose(i) {
  if (!current) return;
  document.querySelectorAll("#log li.chosen").forEach((li) => li.classList.remove("chosen"));
  if (i === current.chosen || i < 0) { current.chosen = -1; mark(null); return; }
  current.chosen = i;
  const li = document.querySelector(`#log li[data-i="${i}"]`);
  if (li) li.classList.add("chosen");
  mark(current.snap.log[i]);
}

function onLogClick(ev) {
  const li = ev.target.closest("#log li[data-i]");
  if (li) choose(Number(li.dataset.i));
}

// Hovering a board place: the log lines that name it are marked (and the newest brought into view).
function onBoardOver(ev) {
  if (!current) return;
  const node = ev.target.closest(".target[data-k]");
  const board = ev.target.closest("svg.player-board");
  const player = board ? Number(board.dataset.player) : null;
  clear("concerns");
  if (!node) return;
  const keys = new Set(node.getAttribute("data-k").split(" "));
  let last = null;
  document.querySelectorAll("#log li[data-i]").forEach((li) => {
    const e = current.snap.log[Number(li.dataset.i)];
    if (!e || !e.places) return;
    if (player !== null && e.player !== player) return; // a family's own board: its own lines
    if (e.places.some((k) => keys.has(k))) { li.classList.add("concerns"); last = li; }
  });
  if (last) {
    const log = document.getElementById("log");
    const r = last.getBoundingClientRect(), lr = log.getBoundingClientRect();
    if (r.top < lr.top || r.bottom > lr.bottom) log.scrollTop += r.top - lr.top - lr.height / 2;
  }
}

export function setupLogLinks() {
  const log = document.getElementById("log");
  log.addEventListener("click", onLogClick);
  log.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onLogClick(ev); } });
  for (const id of ["board", "player-boards"]) {
    const el = document.getElementById(id);
    el.addEventListener("mouseover", onBoardOver);
    el.addEventListener("mouseleave", () => clear("concerns"));
  }
}
