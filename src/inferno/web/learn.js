// What this browser keeps of the tutorial (localStorage): the tutorial under way (its id on the server,
// to resume it, and its step), and that it was done; and the lobby's "Learn to play" link, which says so.
import { t } from "./i18n.js";

const SESSION = "inferno.tutorial";
const DONE = "inferno.tutorial.done";

// The tutorial under way: { id, index, total }, or null.
export function tutorialUnderWay() {
  try {
    const t = JSON.parse(localStorage.getItem(SESSION) || "null");
    return t && typeof t.id === "string" ? t : null;
  } catch { return null; }
}

export function keepTutorial(id, index, total) {
  localStorage.setItem(SESSION, JSON.stringify({ id, index, total }));
}

export function forgetTutorial() { localStorage.removeItem(SESSION); }

export function tutorialDone() { return localStorage.getItem(DONE) !== null; }

// The tutorial was finished: noted (with the day), and nothing is left to resume.
export function markTutorialDone() {
  localStorage.setItem(DONE, new Date().toISOString().slice(0, 10));
  forgetTutorial();
}

// The lobby's link to the tutorial, in words that fit what this browser did of it.
export function showLearnLink(link) {
  if (!link) return;
  const going = tutorialUnderWay();
  if (going) link.textContent = t("Continue the tutorial (step {n} of {total})", { n: going.index + 1, total: going.total });
  else if (tutorialDone()) link.textContent = t("Tutorial done ✓ — replay it");
  else link.textContent = t("Learn to play");
  link.dataset.tutorial = going ? "under-way" : tutorialDone() ? "done" : "new";
}

// A game this browser created, listed under "Your games" (the lobby's list: app.js keeps it alike).
export function rememberGame(game, token, label, seat) {
  let list = [];
  try { list = JSON.parse(localStorage.getItem("inferno.games") || "[]"); } catch { /* a new list */ }
  const rest = list.filter((g) => !(g.game === game && g.token === token));
  rest.unshift({ game, token, label, seat });
  localStorage.setItem("inferno.games", JSON.stringify(rest.slice(0, 50)));
}
