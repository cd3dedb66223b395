// SPDX-License-Identifier: Apache-2.0
/// The preview page: one HTML document with its CSS and JavaScript, served from the binary.
/// Plain browser APIs only (no framework, no CDN, no build step), so it works offline and
/// what is served is what is in this file.
enum StudioPage {
    /// The page with this session's token in it (a hex string, so it needs no escaping): the
    /// page sends it on every write, and no other page can read it (see AccessGate).
    static func html(token: String) -> String {
        template.replacingOccurrences(of: "{{SESSION_TOKEN}}", with: token)
    }

    static let template = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="segue-token" content="{{SESSION_TOKEN}}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Segue Studio</title>
<style>
:root { --bg: #1c1c1e; --panel: #2c2c2e; --line: #3a3a3c; --text: #f2f2f7; --dim: #98989d; --accent: #0a84ff; --bad: #ff453a; }
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; background: var(--bg); color: var(--text); font: 13px/1.4 -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
body { display: grid; grid-template-columns: minmax(0, 1fr) 360px; grid-template-rows: auto minmax(0, 1fr) auto; height: 100vh; }
header { grid-column: 1 / -1; display: flex; align-items: center; gap: 12px; padding: 6px 12px; border-bottom: 1px solid var(--line); }
header h1 { font-size: 14px; margin: 0; font-weight: 600; }
header .file { color: var(--dim); font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
header .spacer { flex: 1; }
#stage { grid-column: 1; grid-row: 2; position: relative; display: flex; align-items: center; justify-content: center; overflow: hidden; padding: 8px; }
#frameBox { position: relative; box-shadow: 0 0 0 1px var(--line); background: repeating-conic-gradient(#333 0 25%, #2a2a2a 0 50%) 0 0 / 16px 16px; }
#frame, #overlay { position: absolute; left: 0; top: 0; image-rendering: auto; }
#overlay { pointer-events: none; }
#error { position: absolute; inset: 0; display: none; align-items: center; justify-content: center; background: rgba(28, 28, 30, 0.72); padding: 24px; }
#error.shown { display: flex; }
#error .box { max-width: min(640px, 100%); min-width: 0; max-height: 100%; overflow: auto; background: #2c1416; border: 1px solid var(--bad); border-radius: 8px; padding: 14px 16px; font-family: ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
#error .where { color: var(--bad); font-weight: 600; overflow-wrap: anywhere; }
#error .where .place { white-space: nowrap; }
#error .hint { color: #ffd60a; margin-top: 6px; }
#errorExcerpt { margin: 8px 0; color: #e5e5ea; font: inherit; tab-size: 4; overflow-x: auto; scrollbar-width: thin; scrollbar-color: #6e6e73 transparent; }
#errorExcerpt:empty { display: none; }
aside { grid-row: 2 / 4; grid-column: -2; border-left: 1px solid var(--line); overflow: auto; padding: 8px 10px; }
aside h2 { font-size: 11px; text-transform: uppercase; letter-spacing: 0.06em; color: var(--dim); margin: 10px 0 4px; }
#layers { list-style: none; margin: 0; padding: 0; max-height: 26vh; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
#layers li { padding: 2px 6px; border-radius: 4px; cursor: pointer; font-family: ui-monospace, "DejaVu Sans Mono", monospace; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
#layers li:hover { background: var(--panel); }
#layers li.selected { background: var(--accent); color: white; }
#layers li .anim { color: var(--dim); font-size: 11px; }
#layers li.selected .anim { color: #dde; }
#propsBox { max-height: 28vh; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
#props { width: 100%; border-collapse: collapse; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
#props td { padding: 1px 4px; border-bottom: 1px solid var(--line); vertical-align: top; white-space: pre-line; }
#props td:first-child { color: var(--dim); white-space: nowrap; width: 42%; }
#props tr.animated td:first-child { color: var(--accent); }
#plot { width: 100%; height: 170px; background: var(--panel); border-radius: 6px; }
footer { grid-column: 1; grid-row: 3; display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 8px 12px; border-top: 1px solid var(--line); }
button, select { background: var(--panel); color: var(--text); border: 1px solid var(--line); border-radius: 6px; padding: 4px 10px; font: inherit; cursor: pointer; }
button:hover { border-color: var(--accent); }
#scrubber { flex: 1 1 300px; accent-color: var(--accent); }
#readout { font-family: ui-monospace, "DejaVu Sans Mono", monospace; min-width: 250px; }
label { display: inline-flex; align-items: center; gap: 4px; }
#exportStatus { color: var(--dim); font-family: ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; overflow-wrap: anywhere; min-width: 0; max-width: 100%; }
#exportStatus.failed { color: var(--bad); flex-basis: 100%; }
button:disabled { opacity: 0.5; cursor: progress; }
.muted { color: var(--dim); }
/* The animator's Swift source, when the scene comes from one: read-only, highlighted here. */
#sourcePane { display: none; grid-column: 1; grid-row: 2 / 4; border-right: 1px solid var(--line); min-width: 0; flex-direction: column; }
body.hasSource { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) 360px; }
body.hasSource #sourcePane { display: flex; }
body.hasSource #stage, body.hasSource footer { grid-column: 2; }
#sourceBar { display: flex; align-items: center; gap: 8px; padding: 6px 10px; border-bottom: 1px solid var(--line); }
#sourceBar .legend { margin-left: auto; color: var(--dim); font-size: 11px; }
#sourceBar .legend i { display: inline-block; width: 10px; height: 10px; border-radius: 2px; vertical-align: -1px; margin: 0 3px 0 8px; }
#code { flex: 1; overflow: auto; padding: 4px 0; font: 12px/1.55 ui-monospace, "DejaVu Sans Mono", monospace; tab-size: 4; }
#code .ln { display: flex; white-space: pre; cursor: pointer; border-left: 3px solid transparent; }
#code .ln:hover { background: #2a2a2e; }
#code .no { flex: none; width: 3.6em; padding-right: 10px; text-align: right; color: #636366; user-select: none; }
#code .ln.mark { background: rgba(255, 159, 10, 0.24); }
#code .ln.active { border-left-color: #30d158; }
#code .ln.active .no { color: #30d158; font-weight: 600; }
#code .ln.chosen { box-shadow: inset 0 0 0 1px var(--accent); }
#code .ln.errorLine { background: rgba(255, 69, 58, 0.3); border-left-color: var(--bad); }
#code .k { color: #ff7ab2; } #code .s { color: #ff8170; } #code .n { color: #d9c97c; } #code .c { color: #7f8c98; font-style: italic; }
#code .t { color: #dabaff; } #code .a { color: #ffa14f; }
#layers li.moved:not(.selected) { background: rgba(10, 132, 255, 0.3); }
</style>
</head>
<body>
<header>
  <h1>Segue Studio</h1><span class="file" id="file"></span><span class="spacer"></span>
  <span id="status" class="muted">connecting…</span>
  <button id="exportMP4" title="Render the scene to out/NAME.mp4 (as segue render does)">Export MP4</button>
  <button id="exportGIF" title="Render the scene to out/NAME.gif (as segue render does)">Export GIF</button>
  <span id="exportStatus"></span>
</header>
<section id="sourcePane" aria-label="Swift source">
  <div id="sourceBar"><select id="sourceFile" title="The animator's Swift files (read-only)"></select>
    <span class="legend"><i style="background: rgba(255, 159, 10, 0.5)"></i>selected layer<i style="background: #30d158"></i>running now</span></div>
  <div id="code"></div>
</section>
<main id="stage">
  <div id="frameBox"><canvas id="frame" width="1" height="1"></canvas><canvas id="overlay" width="1" height="1"></canvas></div>
  <div id="error" role="alert"><div class="box"><div class="where" id="errorWhere"></div><div id="errorMessage"></div><pre id="errorExcerpt"></pre><div class="hint" id="errorHint"></div></div></div>
</main>
<aside>
  <h2>Layers</h2>
  <ul id="layers"></ul>
  <h2>Properties <span class="muted" id="propsTime"></span></h2>
  <div id="propsBox"><table id="props"><tbody></tbody></table></div>
  <h2>Plot <select id="plotKey"></select></h2>
  <canvas id="plot"></canvas>
</aside>
<footer>
  <button id="play" title="Play / pause (space)">▶ Play</button>
  <button id="stepBack" title="Previous frame (←)">◀ Frame</button>
  <button id="stepForward" title="Next frame (→)">Frame ▶</button>
  <label><input type="checkbox" id="loop" checked> Loop</label>
  <label>Speed <select id="speed"><option value="0.1">0.1×</option><option value="0.25">0.25×</option><option value="0.5">0.5×</option><option value="1" selected>1×</option></select></label>
  <label><input type="checkbox" id="touches"> Touches</label>
  <input type="range" id="scrubber" min="0" max="0" step="1" value="0">
  <span id="readout"></span>
</footer>
<script>
"use strict";
const token = new URLSearchParams(location.search).get("token");
// The session token that writes carry (the same as the URL's beyond loopback).
const sessionToken = document.querySelector('meta[name="segue-token"]').content;
function api(path) { return token ? path + (path.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token) : path; }
const $ = (id) => document.getElementById(id);

// Everything the page knows, on window.studio so tests (and curious users) can read it.
const studio = window.studio = {
  version: -1, scene: null, error: null, time: 0, playing: false, speed: 1, loop: true, touches: false,
  selected: null, drawnFrame: -1, drawnVersion: -1, drawnKey: null, framesRendered: 0, firstFrameMs: null,
  cache: new Map(), inFlight: new Map(), dump: null, plot: null,
  get frame() { return frameAt(studio.time); },
  get frameCount() { return studio.scene ? studio.scene.frameCount : 0; },
};
const pageStart = performance.now();
const dpr = () => window.devicePixelRatio || 1;
const cacheKey = (index) => `${studio.version}/${index}/${dpr()}/${studio.touches ? 1 : 0}`;

function frameAt(t) {
  const s = studio.scene; if (!s) return 0;
  return Math.max(0, Math.min(s.frameCount - 1, Math.floor(t * s.fps + 1e-6)));
}
function timeOf(index) { return studio.scene ? index / studio.scene.fps : 0; }

// ---- Frames: rendered by the server on demand, nearest the current time first, cached. ----
const maxInFlight = 2, cacheLimit = 400;
function wantedFrames() {
  const n = studio.frameCount, current = studio.frame, out = [current];
  for (let d = 1; d < n && out.length < 60; d++) {
    const ahead = current + d, behind = current - d;
    if (ahead < n) out.push(ahead); else if (studio.loop) out.push(ahead - n);
    if (d <= 8 && behind >= 0) out.push(behind);
  }
  return out;
}
function pump() {
  if (!studio.scene) return;
  for (const index of wantedFrames()) {
    if (studio.inFlight.size >= maxInFlight) return;
    const key = cacheKey(index);
    if (studio.cache.has(key) || studio.inFlight.has(key)) continue;
    fetchFrame(index, key);
  }
}
async function fetchFrame(index, key) {
  const version = studio.version;
  const url = api(`/api/frame?index=${index}&scale=${dpr()}&touches=${studio.touches ? 1 : 0}`);
  const request = fetch(url).then(async (response) => {
    if (!response.ok) return null;
    const width = +response.headers.get("X-Width"), height = +response.headers.get("X-Height");
    const bytes = new Uint8ClampedArray(await response.arrayBuffer());
    return new ImageData(bytes, width, height);
  }).catch(() => null);
  studio.inFlight.set(key, request);
  const image = await request;
  // A refused frame (the server's queue was full) is asked for again a little later, not at once.
  if (!image) await new Promise((r) => setTimeout(r, 250));
  studio.inFlight.delete(key);
  if (image && version === studio.version) {
    studio.cache.set(key, image);
    studio.framesRendered++;
    if (studio.cache.size > cacheLimit) studio.cache.delete(studio.cache.keys().next().value);
  }
  draw();
  pump();
}

// ---- Drawing ----
let fit = 1;
function layout() {
  const s = studio.scene; if (!s) return;
  const stage = $("stage"), box = $("frameBox");
  fit = Math.min((stage.clientWidth - 16) / s.width, (stage.clientHeight - 16) / s.height, 2);
  const w = Math.round(s.width * fit), h = Math.round(s.height * fit);
  box.style.width = w + "px"; box.style.height = h + "px";
  for (const c of [$("frame"), $("overlay")]) { c.style.width = w + "px"; c.style.height = h + "px"; }
  const overlay = $("overlay");
  overlay.width = Math.round(w * dpr()); overlay.height = Math.round(h * dpr());
  studio.drawnKey = null;
  draw();
}
function draw() {
  const s = studio.scene; if (!s) return;
  const index = studio.frame, key = cacheKey(index), image = studio.cache.get(key);
  if (image && studio.drawnKey !== key) {
    const canvas = $("frame");
    if (canvas.width !== image.width || canvas.height !== image.height) { canvas.width = image.width; canvas.height = image.height; }
    canvas.getContext("2d").putImageData(image, 0, 0);
    studio.drawnKey = key; studio.drawnFrame = index; studio.drawnVersion = studio.version;
    if (studio.firstFrameMs === null) studio.firstFrameMs = performance.now() - pageStart;
  }
  const t = timeOf(index);
  $("readout").textContent = `${studio.time.toFixed(3)} s · frame ${index} / ${s.frameCount - 1}` + (studio.speed !== 1 ? ` · ${studio.speed}×` : "");
  if (+$("scrubber").value !== index) $("scrubber").value = index;
  drawOverlay();
  drawPlot();
  markActiveLines();
  pump();
}
function drawOverlay() {
  const overlay = $("overlay"), g = overlay.getContext("2d");
  g.clearRect(0, 0, overlay.width, overlay.height);
  const d = studio.dump;
  if (!studio.selected || !d || d.index !== studio.frame || d.version !== studio.version) return;
  const layer = d.layers.find((l) => l.id === studio.selected); if (!layer) return;
  const k = fit * dpr(), corners = layer.quad.filter((p) => p);
  if (corners.length < 2) return;
  g.save(); g.lineWidth = 2 * dpr(); g.strokeStyle = "#ff9f0a"; g.setLineDash([6 * dpr(), 4 * dpr()]);
  g.beginPath();
  corners.forEach((p, i) => (i ? g.lineTo(p[0] * k, p[1] * k) : g.moveTo(p[0] * k, p[1] * k)));
  g.closePath(); g.stroke();
  g.fillStyle = "#ff9f0a"; g.font = `${11 * dpr()}px sans-serif`; g.fillText(layer.id, corners[0][0] * k + 4 * dpr(), corners[0][1] * k - 4 * dpr());
  g.restore();
}

// ---- Playback at true speed (or slower), driven by the wall clock ----
let lastTick = null;
function tick(now) {
  if (studio.playing && studio.scene) {
    if (lastTick !== null) advance((now - lastTick) / 1000 * studio.speed);
    lastTick = now;
  } else {
    lastTick = null;
  }
  draw();
  refreshDumpSoon();
  requestAnimationFrame(tick);
}
function advance(dt) {
  const s = studio.scene, period = s.frameCount / s.fps, end = (s.frameCount - 1) / s.fps;
  let t = studio.time + dt;
  if (studio.loop) { t = period > 0 ? t % period : 0; }
  else if (t >= end) { t = end; setPlaying(false); }
  studio.time = t;
}
function setPlaying(on) {
  studio.playing = on && !!studio.scene;
  if (studio.playing && !studio.loop && studio.frame >= studio.frameCount - 1) studio.time = 0;
  $("play").textContent = studio.playing ? "❚❚ Pause" : "▶ Play";
}
function seekFrame(index) {
  const n = studio.frameCount; if (!n) return;
  index = Math.max(0, Math.min(n - 1, index));
  studio.time = timeOf(index);
  draw();
}
studio.seekFrame = (index) => { setPlaying(false); seekFrame(index); };
studio.setSpeed = (speed) => { $("speed").value = String(speed); studio.speed = +speed; };
studio.setPlaying = setPlaying;

$("play").onclick = () => setPlaying(!studio.playing);
$("stepBack").onclick = () => { setPlaying(false); seekFrame(studio.frame - 1); };
$("stepForward").onclick = () => { setPlaying(false); seekFrame(studio.frame + 1); };
$("loop").onchange = (e) => { studio.loop = e.target.checked; };
$("speed").onchange = (e) => { studio.speed = +e.target.value; };
$("touches").onchange = (e) => { studio.touches = e.target.checked; studio.drawnKey = null; draw(); };
$("scrubber").oninput = (e) => { setPlaying(false); seekFrame(+e.target.value); };
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "SELECT") return;
  if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
    e.preventDefault(); setPlaying(false);
    seekFrame(studio.frame + (e.key === "ArrowRight" ? 1 : -1) * (e.shiftKey ? 10 : 1));
  } else if (e.key === " ") { e.preventDefault(); setPlaying(!studio.playing); }
});
window.addEventListener("resize", layout);

// ---- Layers, their evaluated properties (segue dump) and a plot of one key path ----
function renderLayers() {
  const list = $("layers"); list.textContent = "";
  const s = studio.scene; if (!s) return;
  if (studio.selected && !s.layers.some((l) => l.id === studio.selected)) studio.selected = null;
  for (const layer of s.layers) {
    const li = document.createElement("li");
    li.dataset.id = layer.id;
    li.style.paddingLeft = 6 + layer.depth * 14 + "px";
    li.textContent = layer.id + " ";
    if (layer.animated.length) { const span = document.createElement("span"); span.className = "anim"; span.textContent = "● " + layer.animated.length; li.appendChild(span); }
    if (layer.id === studio.selected) li.classList.add("selected");
    li.onclick = () => selectLayer(layer.id);
    list.appendChild(li);
  }
}
function selectLayer(id) {
  studio.selected = id;
  for (const li of $("layers").children) {
    li.classList.toggle("selected", li.dataset.id === id);
    if (li.dataset.id === id) li.scrollIntoView({ block: "nearest" });
  }
  const layer = studio.scene.layers.find((l) => l.id === id), select = $("plotKey");
  const current = select.value;
  select.textContent = "";
  for (const key of layer ? layer.animated : []) { const o = document.createElement("option"); o.value = o.textContent = key; select.appendChild(o); }
  if (layer && layer.animated.includes(current)) select.value = current;
  studio.dump = null; refreshDump(); loadPlot();
  markLayerLines();
}
studio.selectLayer = selectLayer;
// ---- Source pane: the animator's Swift files, highlighted by a small tokenizer of our own ----
const swiftKeywords = new Set(("associatedtype class deinit enum extension fileprivate func import init inout internal let open operator " +
  "private protocol public rethrows static struct subscript typealias var break case catch continue default defer do else " +
  "fallthrough for guard if in repeat return throw switch where while as false is nil self Self super throws true try async " +
  "await final lazy override weak unowned mutating some any convenience required").split(" "));
const tripleQuote = '"'.repeat(3);
// Lines of [class, text] tokens: comments (nested block comments across lines), strings
// (multi-line ones across lines), numbers, keywords, type names, attributes; the rest plain.
function tokenizeSwift(text) {
  const out = [];
  let depth = 0, multi = false;
  for (const line of text.split("\n")) {
    const tokens = [], push = (cls, s) => { if (s) tokens.push([cls, s]); };
    let i = 0, m;
    while (i < line.length) {
      if (depth > 0) {
        let j = i;
        while (j < line.length && depth > 0) {
          if (line.startsWith("/*", j)) { depth++; j += 2; } else if (line.startsWith("*/", j)) { depth--; j += 2; } else j++;
        }
        push("c", line.slice(i, j)); i = j; continue;
      }
      if (multi) {
        const end = line.indexOf(tripleQuote, i);
        if (end < 0) { push("s", line.slice(i)); break; }
        push("s", line.slice(i, end + 3)); i = end + 3; multi = false; continue;
      }
      const rest = line.slice(i);
      if (rest.startsWith("//")) { push("c", rest); break; }
      if (rest.startsWith("/*")) { depth = 1; push("c", "/*"); i += 2; continue; }
      if (rest.startsWith(tripleQuote)) { multi = true; push("s", tripleQuote); i += 3; continue; }
      if (rest[0] === '"') {
        let j = 1;
        while (j < rest.length && rest[j] !== '"') j += rest[j] === "\\" ? 2 : 1;
        push("s", rest.slice(0, j + 1)); i += j + 1; continue;
      }
      if ((m = /^(0x[0-9a-fA-F_]+|\d[\d_]*(\.\d[\d_]*)?([eE][+-]?\d+)?)/.exec(rest))) { push("n", m[0]); i += m[0].length; continue; }
      if ((m = /^[@#]?[A-Za-z_][A-Za-z0-9_]*/.exec(rest))) {
        const w = m[0];
        push(w[0] === "@" || w[0] === "#" ? "a" : swiftKeywords.has(w) ? "k" : /^[A-Z]/.test(w) ? "t" : "", w);
        i += w.length; continue;
      }
      if ((m = /^\s+/.exec(rest))) { push("", m[0]); i += m[0].length; continue; }
      push("", rest[0]); i++;
    }
    out.push(tokens);
  }
  return out;
}
studio.tokenizeSwift = tokenizeSwift;
studio.sources = []; studio.sourceIndex = 0; studio.markedLines = []; studio.activeLines = []; studio.lineLayers = [];
async function loadSources() {
  const files = (studio.scene && studio.scene.sources) || [], version = studio.version;
  document.body.classList.toggle("hasSource", files.length > 0);
  const select = $("sourceFile");
  select.textContent = "";
  files.forEach((f, i) => { const o = document.createElement("option"); o.value = i; o.textContent = f.name; o.title = f.path; select.appendChild(o); });
  if (studio.sourceIndex >= files.length) studio.sourceIndex = 0;
  const texts = await Promise.all(files.map((f, i) => fetch(api(`/api/source?index=${i}`)).then((r) => (r.ok ? r.text() : "")).catch(() => "")));
  if (version !== studio.version) return;
  studio.sources = files.map((f, i) => ({ path: f.path, name: f.name, text: texts[i] }));
  showSource(studio.sourceIndex);
  layout();
}
function showSource(index) {
  studio.sourceIndex = index; $("sourceFile").value = String(index);
  const code = $("code"); code.textContent = "";
  const file = studio.sources[index]; if (!file) return;
  tokenizeSwift(file.text).forEach((tokens, n) => {
    const row = document.createElement("div"), no = document.createElement("span"), tx = document.createElement("span");
    row.className = "ln"; row.dataset.line = n + 1; no.className = "no"; no.textContent = n + 1;
    for (const [cls, text] of tokens) { const span = document.createElement("span"); if (cls) span.className = cls; span.textContent = text; tx.appendChild(span); }
    row.append(no, tx); row.onclick = () => chooseLine(n + 1);
    code.appendChild(row);
  });
  studio.activeKey = null;
  markLayerLines(); markActiveLines(); markErrorLine();
}
// The line a scene error points at, when it is in the file on show.
function markErrorLine() {
  const e = studio.error, file = currentFile();
  const line = e && e.path && e.path === file ? e.line : null;
  setLineClass("errorLine", line ? [line] : []);
  const row = line && [...codeRows()].find((r) => +r.dataset.line === line);
  if (row) row.scrollIntoView({ block: "center" });
}
$("sourceFile").onchange = (e) => showSource(+e.target.value);
const currentFile = () => (studio.sources[studio.sourceIndex] || {}).path;
const codeRows = () => $("code").children;
function setLineClass(cls, lines) {
  const set = new Set(lines);
  for (const row of codeRows()) row.classList.toggle(cls, set.has(+row.dataset.line));
}
// The lines that create the selected layer, set its starting values and animate it.
function markLayerLines() {
  const s = studio.scene, file = currentFile(), lines = new Set();
  const layer = s && studio.selected && s.layers.find((l) => l.id === studio.selected);
  if (layer && file) {
    for (const p of [layer.source, ...(layer.sets || [])]) if (p.file === file) lines.add(p.line);
    for (const a of s.animations || []) if (a.keyPath && a.layers.includes(layer.id) && a.source.file === file) lines.add(a.source.line);
  }
  studio.markedLines = [...lines].sort((a, b) => a - b);
  setLineClass("mark", studio.markedLines);
  const first = [...codeRows()].find((r) => +r.dataset.line === studio.markedLines[0]);
  if (first) first.scrollIntoView({ block: "nearest" });
}
// A line's layers: those it makes, starts or animates; the first is selected, the rest marked.
function chooseLine(line) {
  const s = studio.scene, file = currentFile(), found = [];
  const add = (id) => { if (!found.includes(id)) found.push(id); };
  for (const l of s.layers) if ([l.source, ...(l.sets || [])].some((p) => p.file === file && p.line === line)) add(l.id);
  for (const a of s.animations || []) if (a.source.file === file && a.source.line === line) a.layers.forEach(add);
  studio.lineLayers = found; studio.chosenLine = line;
  for (const row of codeRows()) row.classList.toggle("chosen", +row.dataset.line === line);
  for (const li of $("layers").children) li.classList.toggle("moved", found.includes(li.dataset.id));
  if (found.length) selectLayer(found[0]);
}
studio.chooseLine = chooseLine;
// What runs at the playhead: the lines of every animation, block and keyframe active now.
function markActiveLines() {
  const s = studio.scene, file = currentFile(); if (!s || !file) return;
  const t = timeOf(studio.frame), key = `${studio.version}/${t}/${studio.sourceIndex}`;
  if (studio.activeKey === key) return;
  studio.activeKey = key;
  const lines = new Set();
  for (const a of s.animations || []) if (a.source.file === file && a.begin <= t + 1e-9 && t < a.end - 1e-9) lines.add(a.source.line);
  studio.activeLines = [...lines].sort((a, b) => a - b);
  setLineClass("active", studio.activeLines);
}
let dumpTimer = null, dumpWanted = null;
function refreshDumpSoon() {
  if (!studio.selected) return;
  const want = `${studio.version}/${studio.frame}`;
  if (dumpWanted === want || dumpTimer) return;
  dumpTimer = setTimeout(() => { dumpTimer = null; refreshDump(); }, studio.playing ? 120 : 0);
}
async function refreshDump() {
  if (!studio.selected || !studio.scene) return;
  const index = studio.frame, version = studio.version;
  dumpWanted = `${version}/${index}`;
  const response = await fetch(api(`/api/dump?index=${index}`)).catch(() => null);
  if (!response || !response.ok) return;
  const doc = await response.json(), frame = doc.frames[0];
  studio.dump = { index, version, time: frame.time, layers: frame.layers };
  showProps(); drawOverlay();
}
function fmt(v) {
  if (v === null || v === undefined) return "—";
  if (Array.isArray(v)) return v.map(fmt).join(", ");
  if (typeof v === "number") return Math.abs(v) < 1e-9 ? "0" : (Number.isInteger(v) ? String(v) : v.toFixed(3));
  return String(v);
}
function showProps() {
  const body = $("props").tBodies[0]; body.textContent = "";
  const d = studio.dump; if (!d) return;
  const layer = d.layers.find((l) => l.id === studio.selected); if (!layer) return;
  const meta = studio.scene.layers.find((l) => l.id === studio.selected);
  $("propsTime").textContent = `at ${d.time.toFixed(3)} s (frame ${d.index})`;
  // The projected corners, then every key path's presentation value (opacity and hidden among them).
  const rows = [["quad", layer.quad.map((p) => p ? `(${p[0].toFixed(1)}, ${p[1].toFixed(1)})` : "behind the eye").join("\n")]];
  for (const [key, value] of Object.entries(layer.values || {})) rows.push([key, value]);
  for (const [name, value] of rows) {
    const tr = document.createElement("tr");
    if (meta && meta.animated.includes(name)) tr.className = "animated";
    const a = document.createElement("td"), b = document.createElement("td");
    a.textContent = name; b.textContent = fmt(value);
    tr.append(a, b); body.appendChild(tr);
  }
}
$("plotKey").onchange = loadPlot;
async function loadPlot() {
  studio.plot = null;
  const key = $("plotKey").value;
  if (!studio.selected || !key) { drawPlot(); return; }
  const response = await fetch(api(`/api/plot?layer=${encodeURIComponent(studio.selected)}&keyPath=${encodeURIComponent(key)}`)).catch(() => null);
  if (response && response.ok) studio.plot = await response.json();
  drawPlot();
}
// What each number of a key path's value is, as `segue dump` lists them.
function componentNames(key, count) {
  if (count === 1) return [key];
  if (count === 2) return /size/i.test(key) ? ["width", "height"] : ["x", "y"];
  if (count === 4) return /color/i.test(key) ? ["red", "green", "blue", "alpha"] : ["x", "y", "width", "height"];
  if (count === 16) return Array.from({ length: 16 }, (_, i) => `m${Math.floor(i / 4) + 1}${i % 4 + 1}`);
  return Array.from({ length: count }, (_, i) => `#${i}`);
}
const seriesColors = ["#0a84ff", "#30d158", "#ff9f0a", "#bf5af2", "#ff375f", "#64d2ff", "#ffd60a", "#ac8e68"];
function drawPlot() {
  const c = $("plot"), w = c.clientWidth, h = c.clientHeight, k = dpr();
  if (c.width !== Math.round(w * k)) { c.width = Math.round(w * k); c.height = Math.round(h * k); }
  const g = c.getContext("2d"); g.setTransform(k, 0, 0, k, 0, 0); g.clearRect(0, 0, w, h);
  const p = studio.plot;
  g.fillStyle = "#98989d"; g.font = "11px sans-serif";
  if (!p || !p.times.length) { g.fillText(studio.selected ? "this layer has no animated key path" : "select a layer", 10, 20); return; }
  const left = 44, right = w - 8, top = 20, bottom = h - 18;
  const count = p.values[0].length;
  // Only components that change (a transform has 16; most stay put).
  const shown = [];
  for (let i = 0; i < count; i++) if (p.values.some((v) => Math.abs(v[i] - p.values[0][i]) > 1e-9)) shown.push(i);
  if (!shown.length) shown.push(0);
  let lo = Infinity, hi = -Infinity;
  for (const v of p.values) for (const i of shown) { lo = Math.min(lo, v[i]); hi = Math.max(hi, v[i]); }
  if (hi - lo < 1e-9) { hi += 1; lo -= 1; }
  const pad = (hi - lo) * 0.08; lo -= pad; hi += pad;
  const x = (t) => left + (right - left) * t / p.duration, y = (v) => bottom - (bottom - top) * (v - lo) / (hi - lo);
  g.strokeStyle = "#3a3a3c"; g.lineWidth = 1; g.strokeRect(left, top, right - left, bottom - top);
  g.fillText(fmt(hi), 2, top + 8); g.fillText(fmt(lo), 2, bottom);
  g.fillText("0 s", left, h - 4); g.fillText(p.duration.toFixed(2) + " s", right - 36, h - 4);
  g.setLineDash([3, 3]);
  for (const m of p.markers) { g.beginPath(); g.moveTo(x(m), top); g.lineTo(x(m), bottom); g.stroke(); }
  g.setLineDash([]);
  shown.forEach((i, n) => {
    g.strokeStyle = seriesColors[n % seriesColors.length]; g.lineWidth = 1.5; g.beginPath();
    p.times.forEach((t, j) => (j ? g.lineTo(x(t), y(p.values[j][i])) : g.moveTo(x(t), y(p.values[j][i]))));
    g.stroke();
  });
  if (shown.length > 1 || count > 1) {
    const names = componentNames(p.keyPath, count);
    let lx = left + 6;
    shown.forEach((i, n) => {
      g.fillStyle = seriesColors[n % seriesColors.length]; g.fillText(names[i], lx, 12);
      lx += g.measureText(names[i]).width + 10;
    });
  }
  const now = Math.min(studio.time, p.duration);
  g.strokeStyle = "#ff453a"; g.lineWidth = 1.5; g.beginPath(); g.moveTo(x(now), top); g.lineTo(x(now), bottom); g.stroke();
}

// ---- Scene state: first load, then live updates pushed by a long poll ----
function applyInfo(info) {
  const changed = info.version !== studio.version;
  studio.version = info.version;
  studio.error = info.error;
  showError(info.error);
  $("status").textContent = info.error ? "scene error — showing the last good render" : `watching ${info.watched.length} file${info.watched.length === 1 ? "" : "s"}`;
  $("status").title = info.watched.join("\n");
  if (!changed) return;
  studio.cache.clear(); studio.dump = null;   // the canvas keeps the last good render until new frames arrive
  if (info.scene) {
    const first = !studio.scene;
    studio.scene = info.scene;
    $("file").textContent = info.scene.file;
    $("scrubber").max = info.scene.frameCount - 1;
    const period = info.scene.frameCount / info.scene.fps;
    if (studio.time >= period) studio.time = Math.max(0, timeOf(info.scene.frameCount - 1));
    renderLayers();
    if (studio.selected) { selectLayer(studio.selected); }
    loadSources();
    layout();
    if (first) draw();
  }
  pump();
}
function showError(error) {
  $("error").classList.toggle("shown", !!error);
  if (typeof markErrorLine === "function" && studio.sources.length) markErrorLine();
  if (!error) return;
  // The path may break anywhere; the place after it stays whole.
  const where = $("errorWhere"), place = document.createElement("span");
  where.textContent = error.file ? error.file : "";
  place.className = "place";
  place.textContent = error.file ? `:${error.line}:${error.column}: error:` : "error:";
  where.appendChild(place);
  $("errorMessage").textContent = error.message;
  $("errorExcerpt").textContent = error.excerpt || "";
  $("errorHint").textContent = error.hint ? "hint: " + error.hint : "";
}
async function watch() {
  for (;;) {
    try {
      const response = await fetch(api(`/api/wait?since=${studio.version}`));
      if (response.ok) applyInfo(await response.json());
      else await new Promise((r) => setTimeout(r, 1000));
    } catch (e) {
      $("status").textContent = "server stopped";
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
async function exportAs(format) {
  const status = $("exportStatus"), buttons = [$("exportMP4"), $("exportGIF")];
  // One export at a time: the buttons wait for this one's answer, whatever it is.
  for (const b of buttons) b.disabled = true;
  status.classList.remove("failed");
  status.textContent = `exporting ${format.toUpperCase()}…`;
  let message, failed = true;
  try {
    const response = await fetch(api(`/api/export?format=${format}`), { method: "POST", headers: { "X-Segue-Token": sessionToken } });
    const isJSON = (response.headers.get("Content-Type") || "").startsWith("application/json");
    const result = isJSON ? await response.json() : { error: (await response.text()) || `HTTP ${response.status}` };
    studio.lastExport = result;
    if (!response.ok || result.error) {
      message = "export failed: " + (result.error || `HTTP ${response.status}`);
    } else {
      const wrote = `wrote ${result.path} (${result.frames} frames, ${(result.bytes / 1024).toFixed(0)} kB, ${Number(result.seconds).toFixed(1)} s)`;
      // A file Studio did not write is never replaced: the export went beside it, and the page says so.
      message = result.keptExisting ? `${result.keptExisting} was not written by this Studio, so it is kept; ${wrote}` : wrote;
      failed = false;
    }
  } catch (e) {
    message = "export failed: no answer from Segue Studio (" + e.message + ")";
  } finally {
    for (const b of buttons) b.disabled = false;
  }
  status.classList.toggle("failed", failed);
  status.textContent = message;
  status.title = message;
}
$("exportMP4").onclick = () => exportAs("mp4");
$("exportGIF").onclick = () => exportAs("gif");

(async () => {
  const response = await fetch(api("/api/scene"));
  applyInfo(await response.json());
  requestAnimationFrame(tick);
  watch();
})();
</script>
</body>
</html>
"""#
}
