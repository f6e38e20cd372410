// Every component explained where it sits: hovering a location, a Sin
// Track, a gate of the Walls, a Phlegethon cube, the Graveyard, the Plague cards, the River Styx,
// Charon's loan track, Dante's path and its stops, the Fraud market or a Guardian shows what it does,
// what it costs and its rulebook page. The texts come from the server with the board
// (``board.components``, made by inferno.components, which the terminal shows too): none are kept here.

// The component a board node belongs to: the first key of the node or of one of its parents (its
// ``data-c`` names an area, its ``data-k`` a place) that the server explained.
export function componentOf(board, node) {
  const texts = board && board.components;
  if (!texts) return null;
  for (let n = node; n && n.getAttribute; n = n.parentNode) {
    const keys = `${n.getAttribute("data-c") || ""} ${n.getAttribute("data-k") || ""}`.split(" ");
    for (const k of keys) if (k && texts[k]) return { key: k, ...texts[k] };
  }
  return null;
}

// The component's explanation as the tip's last lines (its title, text and rule).
export function appendComponent(tip, c) {
  const box = document.createElement("div");
  box.className = "tip-component";
  box.dataset.component = c.key;
  const b = document.createElement("b");
  b.textContent = c.title;
  box.appendChild(b);
  box.appendChild(document.createTextNode(`: ${c.text}`));
  const r = document.createElement("div");
  r.className = "tip-rule";
  r.textContent = `(${c.rule})`;
  box.appendChild(r);
  tip.appendChild(box);
}

// Show the tip with only the component under ``ev`` explained; false if there is none.
export function showComponentTip(tip, board, ev) {
  const c = componentOf(board, ev.target);
  if (!c) return false;
  tip.innerHTML = "";
  appendComponent(tip, c);
  tip.style.left = `${Math.max(0, Math.min(ev.clientX + 14, innerWidth - 330))}px`;
  tip.style.top = `${Math.max(0, Math.min(ev.clientY + 14, innerHeight - 220))}px`;
  tip.hidden = false;
  return true;
}
