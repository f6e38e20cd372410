// "Your turn" alerts, off by default: a short sound when your turn starts and, when the tab is hidden
// and the browser allows it, a system notification. The choice is kept in this browser.

import { t } from "./i18n.js";

const KEY = "inferno.alerts";
let audio = null;

export function alertsOn() { return localStorage.getItem(KEY) === "on"; }

function label(btn) {
  const on = alertsOn();
  btn.textContent = on ? t("Turn alerts: on") : t("Turn alerts: off");
  btn.setAttribute("aria-pressed", String(on));
  btn.title = on
    ? t("A sound when your turn starts, and a notification if this tab is hidden (click to switch off)")
    : t("Click for a sound when your turn starts (and a notification if this tab is hidden)");
}

let button = null;

// Switch the alerts on or off (the button and the table settings both do).
export async function setAlerts(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
  if (button) label(button);
  if (on && "Notification" in window && Notification.permission === "default") {
    try { await Notification.requestPermission(); } catch { /* the sound still plays */ }
  }
}

export function setupAlerts(btn) {
  button = btn;
  label(btn);
  btn.hidden = false;
  btn.onclick = () => setAlerts(!alertsOn());
}

function beep() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  try {
    audio = audio || new Ctx();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.4);
  } catch { /* no sound device: nothing to do */ }
}

// Called when a new decision of this seat comes in (not on every redraw of the same one).
export function turnStarted(prompt) {
  if (!alertsOn()) return;
  beep();
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    try { new Notification(t("Inferno: your turn"), { body: prompt, tag: "inferno-turn" }); } catch { /* not allowed here */ }
  }
}
