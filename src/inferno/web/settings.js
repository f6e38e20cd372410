// The table settings a player chooses for this browser (kept in localStorage): auto-play of decisions
// with a single option, the animation speed, the turn sound, the confirmation of a touch before it
// plays, and whether the Bell decision is asked only after clicking the Bell button.
import { alertsOn, setAlerts } from "./notify.js";
import { t } from "./i18n.js";

const KEY = "inferno.settings";
// Animation speed: how long a Soul's jump and each update of another player's move last, against normal.
export const SPEEDS = { slow: 1.6, normal: 1, fast: 0.4, off: 0 };
const speedWords = () => ({ slow: t("slow"), normal: t("normal"), fast: t("fast"), off: t("off (no animation)") });

function touchScreen() {
  return !!(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
}

function defaults() {
  return { autoplay: true, speed: "normal", confirmTouch: touchScreen(), bells: "ask" };
}

export function settings() {
  let stored = {};
  try { stored = JSON.parse(localStorage.getItem(KEY) || "{}") || {}; } catch { /* the defaults */ }
  const s = { ...defaults(), ...stored };
  if (!(s.speed in SPEEDS)) s.speed = "normal";
  return s;
}

function save(change) {
  localStorage.setItem(KEY, JSON.stringify({ ...settings(), ...change }));
}

// The factor animations and the pacing of other players' moves are scaled by (0: none).
export function speedFactor() { return SPEEDS[settings().speed]; }

// The settings panel: one control per setting; ``changed`` is called after each change.
export function setupSettings(button, panel, changed = () => {}) {
  const draw = () => {
    const s = settings();
    panel.innerHTML = "";
    const head = document.createElement("p");
    head.className = "settings-head";
    head.textContent = t("Table settings (kept in this browser):");
    panel.appendChild(head);
    const check = (id, text, on, set, title) => {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.id = id;
      box.checked = on;
      box.onchange = () => { set(box.checked); changed(); };
      label.appendChild(box);
      label.appendChild(document.createTextNode(` ${text}`));
      if (title) label.title = title;
      panel.appendChild(label);
    };
    check("set-autoplay", t("Play a decision with a single option by itself"), s.autoplay, (v) => save({ autoplay: v }),
      t("When you have only one thing you can do, it is played for you after a short moment"));
    const speed = document.createElement("label");
    const speedLabel = t("Animation speed");
    speed.textContent = `${speedLabel} `;
    const sel = document.createElement("select");
    sel.id = "set-speed";
    for (const [k, words] of Object.entries(speedWords())) {
      const o = document.createElement("option");
      o.value = k;
      o.textContent = words;
      o.selected = k === s.speed;
      sel.appendChild(o);
    }
    sel.onchange = () => { save({ speed: sel.value }); changed(); };
    speed.appendChild(sel);
    panel.appendChild(speed);
    check("set-sound", t("Sound when my turn starts"), alertsOn(), (v) => setAlerts(v),
      t("A short sound when your turn starts, and a notification if this tab is hidden"));
    check("set-confirm", t("On a touch screen, ask before a tap plays"), s.confirmTouch, (v) => save({ confirmTouch: v }),
      t("The first tap shows what the move does; a second tap or \"Play it\" plays it"));
    check("set-bells", t("Don't ask me about Bells unless I click the Bell button"), s.bells === "click",
      (v) => save({ bells: v ? "click" : "ask" }),
      t("Phlegyas's Bells: a Soul descends without ringing unless you click \"Ring a Bell\" before moving it"));
  };
  button.hidden = false;
  button.setAttribute("aria-expanded", "false");
  button.onclick = () => {
    panel.hidden = !panel.hidden;
    button.setAttribute("aria-expanded", String(!panel.hidden));
    if (!panel.hidden) draw();
  };
  draw();
}
