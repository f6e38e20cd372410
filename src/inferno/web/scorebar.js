// The score bar above the board, on the game page and the tutorial page: every player's Infamy and
// money, with who is to move marked.
import { PLAYER_COLOURS } from "./draw.js";
import { t, tn } from "./i18n.js";

// Fill `bar` from a seat view `snap`; `nameOf(p)` gives seat p's name as this page shows it.
export function drawScoreBar(bar, snap, nameOf) {
  bar.innerHTML = "";
  const toMove = snap.pending && !snap.result ? snap.pending.player : -1;
  snap.state.players.forEach((pl, p) => {
    const d = document.createElement("span");
    d.className = `score${p === toMove ? " to-move" : ""}${p === snap.seat ? " mine" : ""}`;
    d.dataset.player = String(p);
    const sw = document.createElement("i");
    sw.className = "sw";
    sw.style.background = PLAYER_COLOURS[p]; // set through the CSSOM, which the page's policy allows
    d.appendChild(sw);
    const nm = document.createElement("b");
    nm.textContent = `${p === toMove ? "▶ " : ""}${nameOf(p)}`;
    d.appendChild(nm);
    const nums = document.createElement("span");
    const infamy = t("{n} Infamy", { n: pl.infamy });
    nums.textContent = ` ${infamy} · ${pl.florins}ƒ · ${pl.drachmas}₯`;
    nums.title = [tn("{n} Infamy point", "{n} Infamy points", pl.infamy), tn("{n} Florin", "{n} Florins", pl.florins), tn("{n} Drachma", "{n} Drachmas", pl.drachmas)].join(", ");
    d.appendChild(nums);
    bar.appendChild(d);
  });
}
