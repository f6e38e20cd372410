// "Why can't I?": clicking a piece or place that is not a legal target asks the server why, and the
// engine's answer (the rule and its rulebook page) is shown beside the legal actions. The answer is
// computed from this seat's own view, so it never names another player's hidden cards.

import { t } from "./i18n.js";

const box = () => document.getElementById("why");

export function clearWhy() {
  const b = box();
  if (b) { b.textContent = ""; b.hidden = true; }
}

// The board key of a clicked node that is not highlighted as legal, or null.
function keyOf(ev) {
  const node = ev.target.closest(".target");
  if (!node || node.classList.contains("hl")) return null;
  const keys = (node.getAttribute("data-k") || "").split(" ").filter(Boolean);
  return keys[0] || null;
}

// ``api`` is the client's fetch helper (it sends the seat token); ``game`` the game's id.
export async function whyClick(ev, api, game) {
  const key = keyOf(ev);
  if (!key || !game) { clearWhy(); return; }
  const b = box();
  if (!b) return;
  try {
    const d = await api(`/api/games/${encodeURIComponent(game)}/why?target=${encodeURIComponent(key)}`);
    b.textContent = t("Why not: {reason}", { reason: d.text });
  } catch (e) {
    b.textContent = e && e.message ? t("Why not: cannot ask now ({error})", { error: e.message }) : t("Why not: cannot ask now");
  }
  b.hidden = false;
}
