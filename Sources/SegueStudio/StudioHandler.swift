// SPDX-License-Identifier: Apache-2.0
import NIOHTTP1
import Foundation
import SegueRender

/// Routes the page's requests:
///   GET  /                              the page (HTML, CSS and JavaScript in one document)
///   GET  /api/scene                     scene info, version and current error (JSON)
///   GET  /api/wait?since=V              the same, once the version is no longer V (long poll, ≤ 15 s)
///   GET  /api/frame?index=N&scale=S&touches=0|1   straight RGBA pixels; X-Width, X-Height, X-Version
///   GET  /api/dump?index=N              `segue dump` of frame N with every key path (JSON)
///   GET  /api/plot?layer=ID&keyPath=K   samples of one key path over the scene (JSON)
///   GET  /api/source?index=N            the scene's Nth Swift file (text; only files the scene read)
///   POST /api/export?format=mp4|gif     renders the scene through the shared render path (JSON)
/// `HEAD` is answered as `GET` without the body; another method on a known path is 405.
/// Every request first passes `AccessGate` (Host, Origin, token); refusals are 403 with a
/// plain-text reason. No response carries CORS headers. The HTTP layer (StudioHTTP) has
/// already enforced its limits on the request.
struct StudioHandler: Sendable {
    let studio: StudioServer

    /// The methods each path answers (HEAD wherever GET is).
    static let routes: [String: HTTPMethod] = [
        "/": .GET, "/index.html": .GET, "/favicon.ico": .GET, "/api/scene": .GET, "/api/wait": .GET, "/api/frame": .GET,
        "/api/dump": .GET, "/api/plot": .GET, "/api/source": .GET, "/api/export": .POST,
    ]

    func handle(_ request: StudioRequest) async -> StudioResponse {
        var response: StudioResponse
        if let reason = studio.gate.refusal(request) {
            response = text(.forbidden, reason)
        } else if let allowed = Self.routes[request.path] {
            let method = request.method == .HEAD ? .GET : request.method
            if method == allowed {
                response = await route(request)
            } else {
                response = text(.methodNotAllowed, "Segue Studio's \(request.path) answers only \(allowed.rawValue).\n")
                response.headers.append(("Allow", allowed == .GET ? "GET, HEAD" : allowed.rawValue))
            }
        } else {
            response = text(.notFound, "Segue Studio has no \(request.path)\n")
        }
        // The browser may not guess types, frame the page, or hand a response to another origin
        // that embeds it (an <img> or <script> pointing here).
        response.headers += [("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY"), ("Cross-Origin-Resource-Policy", "same-origin")]
        return response
    }

    private func route(_ request: StudioRequest) async -> StudioResponse {
        switch request.path {
        case "/", "/index.html":
            return StudioResponse(status: .ok, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"),
                                                         ("Content-Security-Policy", "frame-ancestors 'none'")],
                                  body: Data(StudioPage.html(token: studio.gate.token).utf8))
        case "/favicon.ico":
            return StudioResponse(status: .noContent)
        case "/api/scene":
            return json(StudioAPI.sceneInfo(studio.session.snapshot))
        case "/api/wait":
            let since = Int(request.query["since"] ?? "") ?? -1
            let deadline = Date().addingTimeInterval(15)
            while studio.session.snapshot.version == since && Date() < deadline {
                do { try await Task.sleep(nanoseconds: 40_000_000) } catch { break }
            }
            return json(StudioAPI.sceneInfo(studio.session.snapshot))
        case "/api/frame":
            return await frame(request)
        case "/api/dump":
            guard let (timeline, _) = studio.session.timeline(scale: 1) else { return text(.conflict, "no scene has loaded yet\n") }
            let index = Int(request.query["index"] ?? "") ?? 0
            guard let body = try? await studio.work.run({ StudioAPI.dump(timeline, frame: index) }) else { return busy() }
            return StudioResponse(status: .ok, headers: [("Content-Type", "application/json")], body: Data(body.utf8))
        case "/api/plot":
            guard let (timeline, _) = studio.session.timeline(scale: 1) else { return text(.conflict, "no scene has loaded yet\n") }
            let layer = request.query["layer"] ?? "", key = request.query["keyPath"] ?? ""
            let plot: Result<Data, Error>
            do {
                plot = try await studio.work.run { Result { StudioAPI.json(try StudioAPI.plot(timeline, layer: layer, keyPath: key)) } }
            } catch {
                return busy()
            }
            switch plot {
            case .success(let body): return StudioResponse(status: .ok, headers: [("Content-Type", "application/json")], body: body)
            case .failure(let error): return text(.badRequest, "\(error)\n")
            }
        case "/api/source":
            // By index into the files the scene read, never by path: nothing else can be asked for.
            // The text is the one captured when the scene loaded; nothing is read now.
            let snapshot = studio.session.snapshot
            guard let scene = snapshot.timeline?.scene else { return text(.conflict, "no scene has loaded yet\n") }
            guard let index = Int(request.query["index"] ?? ""), let body = StudioSources.text(scene, index: index, captured: snapshot.sources) else {
                return text(.notFound, "the scene read no Swift file with that index (or it was larger than \(StudioSources.maximumBytes / 1_000_000) MB)\n")
            }
            return StudioResponse(status: .ok, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")], body: body)
        case "/api/export":
            guard let format = OutputFormat(rawValue: request.query["format"] ?? ""), format == .mp4 || format == .gif else {
                return text(.badRequest, "format must be mp4 or gif\n")
            }
            let exporter = studio.exporter
            do {
                let result = try await offload { try exporter.export(format: format) }
                var answer: [String: Any] = ["path": result.path, "bytes": result.bytes, "frames": result.frames, "seconds": result.seconds]
                if let kept = result.keptExisting { answer["keptExisting"] = kept }
                return json(answer)
            } catch {
                return json(["error": String(describing: error)], status: .unprocessableEntity)
            }
        default:
            return text(.notFound, "Segue Studio has no \(request.path)\n")
        }
    }

    private func frame(_ request: StudioRequest) async -> StudioResponse {
        let index = Int(request.query["index"] ?? "") ?? 0
        // The page asks at its device pixel ratio; FrameStore caps it, then snaps it down to a multiple of 0.25.
        let scale = Double(request.query["scale"] ?? "") ?? 1
        let touches = request.query["touches"] == "1"
        do {
            let (frame, version) = try await studio.frames.frame(index: index, scale: scale, touches: touches)
            return StudioResponse(status: .ok,
                                  headers: [("Content-Type", "application/octet-stream"), ("Cache-Control", "no-store"),
                                            ("X-Width", String(frame.width)), ("X-Height", String(frame.height)), ("X-Version", String(version))],
                                  body: frame.rgba)
        } catch FrameStore.Failure.busy {
            return busy()
        } catch {
            return text(.conflict, SceneProblem(error).text + "\n")
        }
    }

    /// More work is queued than Studio takes on; the page asks again.
    private func busy() -> StudioResponse {
        var response = text(.serviceUnavailable, "Segue Studio is busy rendering; ask again shortly.\n")
        response.headers.append(("Retry-After", "1"))
        return response
    }

    private func json(_ object: Any, status: HTTPResponseStatus = .ok) -> StudioResponse {
        StudioResponse(status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: StudioAPI.json(object))
    }

    private func text(_ status: HTTPResponseStatus, _ body: String) -> StudioResponse {
        StudioResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(body.utf8))
    }
}
