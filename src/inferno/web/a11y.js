// Playing without a mouse or without seeing the board: the other players' moves read out by a live
// region, a link past the board to your decision, and the keyboard focus kept on the list of actions
// while you play from it (the list is drawn anew after every move).
import { t, tn } from "./i18n.js";

let inActions = false; // the keyboard focus was last in the list of actions
let lastAnnounced = -1; // the log index up to which moves were announced

// The next thing to do: an action of your decision or, once the game is over, the review of the game.
const actionButton = () => document.querySelector("#actions button.action:not([disabled])") || document.getElementById("story-review");

// Focus the first action when the focus was in the list and its button went away (a move redraws it).
function keepFocus() {
  if (!inActions) return;
  const a = document.activeElement;
  if (a && a !== document.body && !a.closest("#actions")) return;
  const b = actionButton();
  if (b && b !== a) b.focus({ preventScroll: true });
}

export function setupA11y() {
  document.addEventListener("focusin", (e) => { inActions = !!(e.target.closest && e.target.closest("#actions")); });
  new MutationObserver(keepFocus).observe(document.getElementById("actions"), { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled"] });
  const skip = document.getElementById("to-decision");
  skip.onclick = () => {
    const b = actionButton();
    if (b) b.focus();
    else document.getElementById("actions-panel").querySelector("summary").focus();
  };
}

// Read out what the other players did since the last update (a few lines at most: the log has the rest).
export function announceMoves(prev, snap, nameOf) {
  const region = document.getElementById("announce");
  if (!region) return;
  const first = snap.log_total - snap.log.length; // global index of snap.log[0]
  if (!prev || lastAnnounced < 0) { lastAnnounced = snap.log_total; return; } // the page just opened
  const from = Math.max(lastAnnounced, first);
  const lines = snap.log.slice(from - first)
    .filter((e) => e.player >= 0 && e.player !== snap.seat && e.kind !== "turn")
    .map((e) => t("{name}: {text}", { name: nameOf(e.player), text: e.text }));
  lastAnnounced = snap.log_total;
  const p = snap.pending;
  const yours = !!(p && !snap.result && p.player === snap.seat && snap.seat >= 0);
  const wasYours = !!(prev.pending && !prev.result && prev.pending.player === prev.seat);
  if (!lines.length && (!yours || wasYours)) return;
  const shown = lines.length > 6 ? [tn("{n} earlier move is in the game log.", "{n} earlier moves are in the game log.", lines.length - 5), ...lines.slice(-5)] : lines;
  // Others moved, or the decision just came to you: say it is yours. (The others' whole turn can fall
  // between two views that both wait for you, when your last action ended your turn.)
  if (yours && (!wasYours || lines.length)) shown.push(t("Your turn: {decision}.", { decision: p.title }));
  else if (snap.result && !prev.result) shown.push(t("The game is over."));
  region.textContent = shown.join(" ");
}
