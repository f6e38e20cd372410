// A Soul's move, animated along its path on the board: from the shield it is lifted from (or the
// Graveyard it is ferried from), over every shield it jumps (and a Bell's slide), to where it stops.
// The path comes from the log lines of the move (the server marks them "start", "via", "end" and
// names their shields). Players who ask their system for reduced motion see no animation; "Skip"
// ends it at once.

import { speedFactor } from "./settings.js";

const NS = "http://www.w3.org/2000/svg";
const SEGMENT_MS = 260; // one jump of the Soul
let running = null; // { frame, ghost, arriving, done }
let count = 0;

function reduced() {
  return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

export function animating() { return running !== null; }

// The board key a line of the path puts the Soul on.
function pointKey(e) {
  const shields = (e.places || []).filter((k) => k.startsWith("shield:"));
  if (e.kind === "ferry") return (e.places || []).find((k) => k.startsWith("colour:")) || null;
  if (e.kind === "bell") return shields[shields.length - 1] || null; // it slides to the second shield
  return shields[0] || null;
}

// The path of the newest Soul move that this update adds to: [{key, index}], and the colour.
export function newestPath(snap, fromIndex) {
  const first = snap.log_total - snap.log.length; // global index of snap.log[0]
  let end = -1;
  for (let i = snap.log.length - 1; i >= 0 && first + i >= fromIndex; i--) {
    if (snap.log[i].path) { end = i; break; }
  }
  if (end < 0) return null;
  let start = end;
  while (start >= 0 && snap.log[start].path !== "start") {
    if (snap.log[start].path === "end" && start !== end) return null; // a move ended before: no start found
    start--;
  }
  if (start < 0) return null;
  const points = [];
  for (let i = start; i <= end; i++) {
    const e = snap.log[i];
    if (!e.path) continue;
    const key = pointKey(e);
    if (key && (!points.length || points[points.length - 1].key !== key)) points.push({ key, index: first + i });
  }
  const done = snap.log[end].path === "end";
  return { points, colour: snap.log[start].colour || 0, done };
}

function centre(svg, node) {
  const b = node.getBBox();
  const m = svg.getScreenCTM().inverse().multiply(node.getScreenCTM());
  const p = svg.createSVGPoint();
  p.x = b.x + b.width / 2;
  p.y = b.y + b.height / 2;
  return p.matrixTransform(m);
}

export function skipAnimation() {
  if (!running) return;
  cancelAnimationFrame(running.frame);
  running.ghost.remove();
  if (running.arriving) running.arriving.classList.remove("soul-arriving");
  const done = running.done;
  running = null;
  done();
}

// Called after the board is drawn for ``snap``; ``prev`` is what was on screen before (null: nothing).
export function animateMove(prev, snap, board, onDone = () => {}) {
  skipAnimation();
  if (!prev || prev.game !== snap.game || snap.version <= prev.version) return false;
  const path = newestPath(snap, prev.log_total);
  if (!path || !path.points.length) return false;
  // The part this update adds, from where the Soul was on screen before.
  let k = path.points.findIndex((pt) => pt.index >= prev.log_total);
  if (k < 0) return false;
  const pts = path.points.slice(Math.max(0, k - 1));
  document.body.dataset.soulPath = pts.map((pt) => pt.key).join(" ");
  const speed = speedFactor(); // the table settings' animation speed (0: off)
  if (pts.length < 2 || reduced() || speed <= 0) return false;
  const svg = document.getElementById("board");
  const nodes = pts.map((pt) => svg.querySelector(`.target[data-k~="${CSS.escape(pt.key)}"]`));
  if (nodes.some((n) => !n)) return false;
  const xy = nodes.map((n) => centre(svg, n));
  const ghost = document.createElementNS(NS, "g");
  ghost.setAttribute("class", "soul-ghost");
  ghost.setAttribute("data-path", pts.map((pt) => pt.key).join(" "));
  const c = document.createElementNS(NS, "circle");
  c.setAttribute("r", "13");
  const circle = board.circles[path.colour - 1];
  c.setAttribute("fill", circle ? circle.hex : "#fff");
  ghost.appendChild(c);
  svg.appendChild(ghost);
  const arriving = path.done ? nodes[nodes.length - 1] : null;
  if (arriving) arriving.classList.add("soul-arriving");
  count += 1;
  document.body.dataset.animations = String(count);
  const t0 = performance.now();
  const total = SEGMENT_MS * speed * (xy.length - 1);
  running = { frame: 0, ghost, arriving, done: onDone };
  const step = (now) => {
    if (!running || running.ghost !== ghost) return;
    const t = Math.max(0, Math.min(1, (now - t0) / total)); // a frame may be stamped before t0
    const seg = Math.min(xy.length - 2, Math.floor(t * (xy.length - 1)));
    const f = t * (xy.length - 1) - seg;
    const ease = f < 0.5 ? 2 * f * f : 1 - 2 * (1 - f) * (1 - f);
    const [a, b] = [xy[seg], xy[seg + 1]];
    const hop = Math.sin(Math.PI * ease) * 18; // a jump arcs over the shield
    ghost.setAttribute("transform", `translate(${a.x + (b.x - a.x) * ease},${a.y + (b.y - a.y) * ease - hop})`);
    if (t < 1) running.frame = requestAnimationFrame(step);
    else skipAnimation();
  };
  running.frame = requestAnimationFrame(step);
  return true;
}
