// SPDX-License-Identifier: Apache-2.0
import Foundation

/// report.html: one self-contained page over a report folder, opened straight from a CI
/// artifact (file://, no server, no external assets). It shows the summary table, and for each
/// failing scene a synced playback of expected and actual, a filmstrip with the failing frames
/// marked, and per failing frame expected / actual / diff with a draggable split slider and a
/// side-by-side toggle. Images are the PNGs beside it in the report folder; the page itself is
/// plain HTML, CSS and JavaScript.
public enum ReportPage {
    public struct Entry {
        public var name: String
        /// The scene's report folder relative to the page ("" or "flip/"), ending in "/".
        public var folder: String
        public var report: DiffReport?
        /// For `segue test`: the scene's own counts (also when it has no comparison).
        public var scene: SceneReport?
        public init(name: String, folder: String, report: DiffReport?, scene: SceneReport? = nil) {
            self.name = name; self.folder = folder; self.report = report; self.scene = scene
        }
    }

    /// The page of a `segue test` report (or a merged one): each scene's report.json is read
    /// from where the test report says it is, relative to `folder`.
    public static func html(for report: TestReport, in folder: URL) -> String {
        var entries: [Entry] = []
        for scene in report.scenes {
            var diff: DiffReport?
            var sub = ""
            if let path = scene.report {
                let url = folder.appendingPathComponent(path)
                diff = (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(DiffReport.self, from: $0) }
                sub = (path as NSString).deletingLastPathComponent
                if !sub.isEmpty { sub += "/" }
            }
            entries.append(Entry(name: scene.name, folder: sub, report: diff, scene: scene))
        }
        let title = report.merged != nil ? "segue test (merged)" : "segue test"
        return html(title: title, entries: entries, summary: report.summaryLine)
    }

    public static func html(title: String, entries: [Entry], summary: String? = nil) -> String {
        var rows = ""
        var sections = ""
        var data: [[String: Any]] = []
        for (i, e) in entries.enumerated() {
            let frames = e.scene?.comparedFrames ?? e.report?.frames.count ?? 0
            let failed = e.scene?.failedFrames ?? e.report?.failedFrames ?? 0
            let worstPixels = e.scene?.maxMismatchedPixels ?? e.report?.frames.compactMap(\.mismatchedPixels).max()
            let worstSSIM = e.scene?.minSSIM ?? e.report?.frames.compactMap(\.ssim).min()
            let status = e.scene?.status.rawValue ?? ((e.report?.passed ?? false) ? "passed" : "failed")
            let anchor = "scene-\(i)"
            let nameCell = failed > 0 || e.report?.passed == false ? "<a href=\"#\(anchor)\">\(escape(e.name))</a>" : escape(e.name)
            rows += "<tr class=\"\(status)\"><td data-col=\"scene\">\(nameCell)</td><td data-col=\"frames\">\(frames)</td>"
                + "<td data-col=\"failed\">\(failed)</td><td data-col=\"pixels\">\(worstPixels.map(String.init) ?? "—")</td>"
                + "<td data-col=\"ssim\">\(worstSSIM.map { Format.fixed($0, 4) } ?? "—")</td>"
                + "<td data-col=\"status\">\(status)</td></tr>\n"
            guard let report = e.report, !report.passed else { continue }
            sections += "<section class=\"scene\" id=\"\(anchor)\" data-scene=\"\(i)\">\n<h2>\(escape(e.name))</h2>\n"
            if let message = e.scene?.message ?? report.message { sections += "<p class=\"message\">\(escape(message))</p>\n" }
            if let strip = report.filmstrip {
                let failing = report.frames.filter { !$0.passed }.map(\.index)
                data.append(["scene": i, "folder": e.folder, "expected": strip.expected, "actual": strip.actual,
                             "cellWidth": strip.cellWidth, "cellHeight": strip.cellHeight, "columns": strip.columns,
                             "frames": strip.frames, "failing": failing])
                sections += """
                <div class="playback">
                  <figure><figcaption>expected</figcaption><div class="player" data-side="expected"></div></figure>
                  <figure><figcaption>actual</figcaption><div class="player" data-side="actual"></div></figure>
                  <div class="controls"><button class="play" type="button">Play</button>
                  <input class="scrub" type="range" min="0" max="\(max(0, strip.frames.count - 1))" value="0" step="1">
                  <span class="frame-label">frame \(strip.frames.first ?? 0)</span></div>
                </div>
                <div class="filmstrip" aria-label="filmstrip"></div>

                """
            }
            for frame in report.frames where !frame.passed {
                sections += failingFrame(frame, folder: e.folder, anchor: "\(anchor)-frame-\(frame.index)")
            }
            sections += "</section>\n"
        }
        let json = (try? JSONSerialization.data(withJSONObject: data, options: [.sortedKeys]))
            .flatMap { String(data: $0, encoding: .utf8) }?.replacingOccurrences(of: "</", with: "<\\/") ?? "[]"
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title)) report</title>
        <style>\(style)</style>
        </head>
        <body>
        <h1>\(escape(title))</h1>
        \(summary.map { "<p class=\"summary\">\(escape($0))</p>" } ?? "")
        <table class="summary-table">
        <thead><tr><th>Scene</th><th>Frames</th><th>Failed frames</th><th>Worst pixel count</th><th>Worst SSIM</th><th>Status</th></tr></thead>
        <tbody>
        \(rows)</tbody>
        </table>
        \(sections)
        <script type="application/json" id="report-data">\(json)</script>
        <script>\(script)</script>
        </body>
        </html>

        """
    }

    static func failingFrame(_ frame: FrameReport, folder: String, anchor: String) -> String {
        var out = "<div class=\"frame\" id=\"\(anchor)\" data-frame=\"\(frame.index)\">\n"
        out += "<h3>frame \(frame.index) <span class=\"detail\">\(escape(detail(frame)))</span></h3>\n"
        let images = frame.images
        func src(_ name: String?) -> String? { name.map { escape(folder + $0) } }
        if let e = src(images?.expected), let a = src(images?.actual), frame.expectedSize == frame.actualSize {
            out += """
            <button class="toggle" type="button">Side by side</button>
            <div class="views">
            <div class="split-view">
              <div class="slider" data-split="50"><img class="expected" src="\(e)" alt="expected frame \(frame.index)">
              <img class="actual" src="\(a)" alt="actual frame \(frame.index)" style="clip-path: inset(0 0 0 50%)">
              <div class="handle" style="left: 50%"></div></div>
              <p class="legend">◀ expected | actual ▶ (drag)</p>
            </div>
            <div class="side-by-side" hidden>
              <figure><figcaption>expected</figcaption><img src="\(e)" alt="expected"></figure>
              <figure><figcaption>actual</figcaption><img src="\(a)" alt="actual"></figure>
            </div>
            \(src(images?.diff).map { "<figure class=\"diff\"><figcaption>diff</figcaption><img src=\"\($0)\" alt=\"diff\"></figure>" } ?? "")
            </div>

            """
        } else {
            // Sizes differ or a side is missing: only the images there are.
            out += "<div class=\"side-by-side\">"
            for (label, name) in [("expected", images?.expected), ("actual", images?.actual), ("diff", images?.diff)] {
                out += name.map { "<figure><figcaption>\(label)</figcaption><img src=\"\(escape(folder + $0))\" alt=\"\(label)\"></figure>" }
                    ?? "<figure><figcaption>\(label)</figcaption><p class=\"missing\">none</p></figure>"
            }
            out += "</div>\n"
        }
        return out + "</div>\n"
    }

    /// The frame's console line without its leading "frame N: ".
    static func detail(_ frame: FrameReport) -> String {
        let prefix = "frame \(frame.index): "
        return frame.summary.hasPrefix(prefix) ? String(frame.summary.dropFirst(prefix.count)) : frame.summary
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    static let style = """
    [hidden] { display: none !important; }
    body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1c1c1e; background: #fafafa; }
    h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 32px; } h3 { font-size: 14px; margin: 16px 0 6px; }
    .detail { font-weight: normal; color: #555; }
    table { border-collapse: collapse; } th, td { border: 1px solid #ccc; padding: 4px 10px; text-align: right; }
    th:first-child, td:first-child { text-align: left; } tr.failed td { background: #ffe9e7; }
    .message { color: #b3261e; }
    .playback { display: flex; gap: 16px; align-items: flex-end; flex-wrap: wrap; }
    .playback figure, .views figure, .side-by-side figure { margin: 0; }
    figcaption { font-size: 12px; color: #555; }
    .player { background-repeat: no-repeat; border: 1px solid #999; image-rendering: pixelated; }
    .controls { display: flex; gap: 8px; align-items: center; }
    .filmstrip { display: flex; gap: 4px; overflow-x: auto; padding: 8px 0; }
    .filmstrip .cell { flex: none; border: 2px solid transparent; cursor: pointer; position: relative; background-repeat: no-repeat; }
    .filmstrip .cell { margin-bottom: 6px; }
    .filmstrip .cell.failing { border-color: #e5341d; }
    .filmstrip .cell.failing::after { content: ""; position: absolute; left: -2px; right: -2px; bottom: -8px; height: 4px; background: #e5341d; }
    .filmstrip .cell.current { outline: 2px solid #007aff; }
    .views { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
    .slider { position: relative; display: inline-block; cursor: ew-resize; user-select: none; touch-action: none; line-height: 0; }
    .slider img { display: block; max-width: none; image-rendering: pixelated; pointer-events: none; }
    .slider img.actual { position: absolute; left: 0; top: 0; }
    .slider .handle { position: absolute; top: 0; bottom: 0; width: 2px; margin-left: -1px; background: #fff; box-shadow: 0 0 0 1px rgba(0,0,0,.55); pointer-events: none; }
    .slider .handle::after { content: "◀▶"; position: absolute; top: 50%; left: 50%; transform: translate(-50%, -50%); font-size: 10px; line-height: 1;
      letter-spacing: -1px; color: #fff; background: #007aff; border: 2px solid #fff; border-radius: 12px; padding: 5px 6px; box-shadow: 0 1px 3px rgba(0,0,0,.5); }
    .side-by-side { display: flex; gap: 16px; } .side-by-side img, .diff img { image-rendering: pixelated; }
    .legend { font-size: 12px; color: #555; margin: 4px 0; }
    """

    static let script = #"""
    (function () {
      "use strict";
      var data = JSON.parse(document.getElementById("report-data").textContent);
      function cellPosition(strip, n, k) {
        k = k || 1;
        return (-(n % strip.columns) * strip.cellWidth * k) + "px " + (-Math.floor(n / strip.columns) * strip.cellHeight * k) + "px";
      }
      data.forEach(function (strip) {
        var section = document.querySelector('section[data-scene="' + strip.scene + '"]');
        if (!section) return;
        var players = section.querySelectorAll(".player");
        var scrub = section.querySelector(".scrub"), label = section.querySelector(".frame-label");
        var play = section.querySelector(".play"), film = section.querySelector(".filmstrip");
        var failing = {}; strip.failing.forEach(function (i) { failing[i] = true; });
        // The players show the thumbnails enlarged (up to 3×, about 320 px tall).
        var zoom = Math.max(1, Math.min(3, Math.floor(320 / strip.cellHeight)));
        var rows = Math.ceil(strip.frames.length / strip.columns);
        players.forEach(function (p) {
          p.style.width = strip.cellWidth * zoom + "px"; p.style.height = strip.cellHeight * zoom + "px";
          p.style.backgroundSize = strip.cellWidth * strip.columns * zoom + "px " + strip.cellHeight * rows * zoom + "px";
          p.style.backgroundImage = 'url("' + strip.folder + strip[p.dataset.side] + '")';
        });
        var cells = strip.frames.map(function (index, n) {
          var c = document.createElement("div");
          c.className = "cell" + (failing[index] ? " failing" : "");
          c.dataset.frame = index;
          c.title = "frame " + index + (failing[index] ? " (fails)" : "");
          c.style.width = strip.cellWidth + "px"; c.style.height = strip.cellHeight + "px";
          c.style.backgroundImage = 'url("' + strip.folder + strip.actual + '")';
          c.style.backgroundPosition = cellPosition(strip, n);
          c.addEventListener("click", function () {
            show(n);
            var target = document.getElementById(section.id + "-frame-" + index);
            if (target) target.scrollIntoView({ block: "nearest" });
          });
          film.appendChild(c);
          return c;
        });
        var current = 0, timer = null;
        function show(n) {
          current = n;
          players.forEach(function (p) { p.style.backgroundPosition = cellPosition(strip, n, zoom); });
          scrub.value = n;
          label.textContent = "frame " + strip.frames[n] + (failing[strip.frames[n]] ? " (fails)" : "");
          cells.forEach(function (c, k) { c.classList.toggle("current", k === n); });
        }
        scrub.addEventListener("input", function () { show(Number(scrub.value)); });
        play.addEventListener("click", function () {
          if (timer) { clearInterval(timer); timer = null; play.textContent = "Play"; return; }
          play.textContent = "Pause";
          timer = setInterval(function () { show((current + 1) % strip.frames.length); }, 1000 / 30);
        });
        show(0);
      });
      document.querySelectorAll(".slider").forEach(function (slider) {
        var actual = slider.querySelector("img.actual"), handle = slider.querySelector(".handle");
        var dragging = false;
        function split(clientX) {
          var box = slider.getBoundingClientRect();
          var percent = Math.max(0, Math.min(100, (clientX - box.left) / box.width * 100));
          slider.dataset.split = percent.toFixed(2);
          actual.style.clipPath = "inset(0 0 0 " + percent + "%)";
          handle.style.left = percent + "%";
        }
        slider.addEventListener("pointerdown", function (e) { dragging = true; slider.setPointerCapture && slider.setPointerCapture(e.pointerId); split(e.clientX); e.preventDefault(); });
        slider.addEventListener("pointermove", function (e) { if (dragging) split(e.clientX); });
        slider.addEventListener("pointerup", function () { dragging = false; });
        slider.addEventListener("pointercancel", function () { dragging = false; });
      });
      document.querySelectorAll(".frame .toggle").forEach(function (button) {
        var frame = button.closest(".frame");
        button.addEventListener("click", function () {
          var splitView = frame.querySelector(".split-view"), sbs = frame.querySelector(".views > .side-by-side");
          var toSideBySide = sbs.hidden;
          sbs.hidden = !toSideBySide; splitView.hidden = toSideBySide;
          button.textContent = toSideBySide ? "Slider" : "Side by side";
        });
      });
    })();
    """#
}
