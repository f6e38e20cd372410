// The browser's texts in the player's language. The catalog (the server's "web" domain) is loaded once,
// before the page is first drawn: ``t("Waiting for {name}", { name })`` and ``tn(one, other, n, args)``
// give a text in the chosen language ({placeholders} filled from args), English being the texts
// themselves. The HTML marks its texts with data-i18n (the element's text) and data-i18n-title,
// data-i18n-aria-label, data-i18n-placeholder (an attribute's), which ``applyI18n`` translates.
//
// The language: this browser's choice (localStorage "inferno.lang"), else the first of the browser's
// languages the edition speaks, else English; the pseudo language "qps" (accented, longer: for layout
// tests) only through ?lang=qps. The choice is also a cookie, so the server writes its texts (log,
// prompts, help) in the same language.

const KEY = "inferno.lang";
const COOKIE = "inferno_lang";
export const SPOKEN = ["en", "es", "it", "ca"];
const PSEUDO = "qps";
// Each language named in itself (the server's list replaces it once loaded).
let languages = { en: "English", es: "Español", it: "Italiano", ca: "Català" };
let lang = "en";
let messages = {};
let rules = null;

function stored() {
  try { return localStorage.getItem(KEY); } catch { return null; }
}

// The language this page reads in (before the catalog is loaded: the one it will load).
export function chooseLanguage() {
  if (new URLSearchParams(location.search).get("lang") === PSEUDO) return PSEUDO;
  const mine = stored();
  if (SPOKEN.includes(mine)) return mine;
  for (const pref of navigator.languages || [navigator.language || ""]) {
    const code = String(pref).toLowerCase().split("-")[0];
    if (SPOKEN.includes(code)) return code;
  }
  return "en";
}

export function language() { return lang; }
export function languageNames() { return { ...languages }; }

function setCookie(code) {
  document.cookie = `${COOKIE}=${code}; path=/; SameSite=Lax; max-age=31536000`;
}

// Keep ``code`` as this browser's language (the switch does, then reloads the page).
export function saveLanguage(code) {
  try { localStorage.setItem(KEY, code); } catch { /* the cookie still says it */ }
  setCookie(code);
}

// Load the chosen language's catalog and translate the page's marked texts; call before the first draw.
export async function loadLanguage() {
  lang = chooseLanguage();
  // The server follows the cookie: a stored choice (or the browser's, on a first visit) is told to it; the
  // pseudo language only for this browser session (its texts too are then pseudo-localised).
  if (lang !== PSEUDO) setCookie(lang);
  else document.cookie = `${COOKIE}=${PSEUDO}; path=/; SameSite=Lax`;
  if (lang !== "en") {
    try {
      const r = await fetch(`/i18n/${lang}.json`);
      if (r.ok) {
        const data = await r.json();
        messages = data.messages || {};
        if (data.languages) languages = data.languages;
      }
    } catch { /* English, as written */ }
  }
  try { rules = new Intl.PluralRules(lang === PSEUDO ? "en" : lang); } catch { rules = new Intl.PluralRules("en"); }
  document.documentElement.lang = lang === PSEUDO ? "en-XA" : lang;
  applyI18n(document);
  return lang;
}

// The pseudo language, written here too (the same as the server's inferno.i18n.pseudo) for a text the
// catalog lacks.
const ACCENTS = { A: "Å", a: "å", C: "Ç", c: "ç", D: "Ð", d: "đ", E: "É", e: "é", G: "Ĝ", g: "ĝ", H: "Ĥ", h: "ĥ", I: "Î", i: "î", J: "Ĵ", j: "ĵ", K: "Ķ", k: "ķ", L: "Ļ", l: "ļ", N: "Ñ", n: "ñ", O: "Ö", o: "ö", R: "Ř", r: "ř", S: "Š", s: "š", T: "Ţ", t: "ţ", U: "Û", u: "û", W: "Ŵ", w: "ŵ", Y: "Ý", y: "ý", Z: "Ž", z: "ž" };
function pseudo(text) {
  if (!text.trim()) return text;
  const body = text.split(/(\{[^{}]*\})/).map((p, i) => (i % 2 ? p : p.replace(/[A-Za-z]/g, (c) => ACCENTS[c] || c))).join("");
  return `[${body} ${"~".repeat(Math.max(2, Math.ceil((text.length * 2) / 5)))}]`;
}

function fill(text, args) {
  if (!args) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
}

// ``msgid`` in the page's language, its {placeholders} filled from ``args``.
export function t(msgid, args) {
  let text = messages[msgid];
  if (typeof text !== "string" || !text) text = lang === PSEUDO ? pseudo(msgid) : msgid;
  return fill(text, args);
}

// The form for ``n`` of a text with a singular and a plural ({n} filled, and ``args``).
export function tn(singular, plural, n, args) {
  const forms = messages[singular];
  const one = rules ? rules.select(n) === "one" : n === 1;
  let text;
  if (lang === PSEUDO) text = pseudo(one ? singular : plural); // the catalog keys plurals by their singular only
  else if (Array.isArray(forms) && forms[one ? 0 : 1]) text = forms[one ? 0 : 1];
  else text = one ? singular : plural;
  return fill(text, { n, ...(args || {}) });
}

const ATTRS = ["title", "aria-label", "placeholder"];

// Translate the marked texts under ``root``: data-i18n (the text) and data-i18n-<attribute>.
export function applyI18n(root) {
  root.querySelectorAll("[data-i18n]").forEach((n) => { n.textContent = t(n.dataset.i18n); });
  for (const attr of ATTRS) {
    root.querySelectorAll(`[data-i18n-${attr}]`).forEach((n) => { n.setAttribute(attr, t(n.getAttribute(`data-i18n-${attr}`))); });
  }
  const title = document.querySelector("title[data-i18n]");
  if (title) document.title = title.textContent;
}

// The language switch: a select naming each language in itself; a change is kept and the page reloaded.
export function languageSwitch(select) {
  if (!select) return;
  select.innerHTML = "";
  for (const code of SPOKEN) {
    const o = document.createElement("option");
    o.value = code;
    o.lang = code;
    o.textContent = languages[code] || code;
    o.selected = code === lang;
    select.appendChild(o);
  }
  select.onchange = () => {
    saveLanguage(select.value);
    const url = new URL(location.href);
    if (!url.searchParams.has("lang")) { location.reload(); return; }
    url.searchParams.delete("lang"); // a chosen language wins over the test language of the address
    location.replace(url.toString());
  };
}
