// SPDX-License-Identifier: Apache-2.0
import FlyingFox
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
/// Every request first passes `AccessGate` (Host, Origin, token); refusals are 403 with a
/// plain-text reason. No response carries CORS headers.
struct StudioHandler: HTTPHandler {
    let studio: StudioServer

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        var response: HTTPResponse
        if let reason = studio.gate.refusal(request) {
            response = text(.forbidden, reason)
        } else {
            response = try await route(request)
        }
        // The browser may not guess types, frame the page, or hand a response to another origin
        // that embeds it (an <img> or <script> pointing here).
        response.headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        response.headers[HTTPHeader("X-Frame-Options")] = "DENY"
        response.headers[HTTPHeader("Cross-Origin-Resource-Policy")] = "same-origin"
        return response
    }

    private func route(_ request: HTTPRequest) async throws -> HTTPResponse {
        switch (request.method, request.path) {
        case (.GET, "/"), (.GET, "/index.html"):
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                                                           HTTPHeader("Content-Security-Policy"): "frame-ancestors 'none'"],
                                body: Data(StudioPage.html(token: studio.gate.token).utf8))
        case (.GET, "/favicon.ico"):
            return HTTPResponse(statusCode: .noContent)
        case (.GET, "/api/scene"):
            return json(StudioAPI.sceneInfo(studio.session.snapshot))
        case (.GET, "/api/wait"):
            let since = Int(request.query["since"] ?? "") ?? -1
            let deadline = Date().addingTimeInterval(15)
            while studio.session.snapshot.version == since && Date() < deadline {
                try await Task.sleep(nanoseconds: 40_000_000)
            }
            return json(StudioAPI.sceneInfo(studio.session.snapshot))
        case (.GET, "/api/frame"):
            return try await frame(request)
        case (.GET, "/api/dump"):
            guard let (timeline, _) = studio.session.timeline(scale: 1) else { return text(.conflict, "no scene has loaded yet\n") }
            let index = Int(request.query["index"] ?? "") ?? 0
            let body = try await offload { StudioAPI.dump(timeline, frame: index) }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: Data(body.utf8))
        case (.GET, "/api/plot"):
            guard let (timeline, _) = studio.session.timeline(scale: 1) else { return text(.conflict, "no scene has loaded yet\n") }
            let layer = request.query["layer"] ?? "", key = request.query["keyPath"] ?? ""
            do {
                let plot = try await offload { StudioAPI.json(try StudioAPI.plot(timeline, layer: layer, keyPath: key)) }
                return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: plot)
            } catch {
                return text(.badRequest, "\(error)\n")
            }
        case (.GET, "/api/source"):
            // By index into the files the scene read, never by path: nothing else can be asked for.
            guard let scene = studio.session.snapshot.timeline?.scene else { return text(.conflict, "no scene has loaded yet\n") }
            guard let index = Int(request.query["index"] ?? ""), let body = StudioSources.text(scene, index: index) else {
                return text(.notFound, "the scene read no Swift file with that index\n")
            }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"], body: Data(body.utf8))
        case (.POST, "/api/export"):
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
                return json(["error": String(describing: error)], status: .unprocessableContent)
            }
        default:
            return text(.notFound, "Segue Studio has no \(request.method.rawValue) \(request.path)\n")
        }
    }

    private func frame(_ request: HTTPRequest) async throws -> HTTPResponse {
        let index = Int(request.query["index"] ?? "") ?? 0
        // The page asks at its device pixel ratio; bounded so a request cannot ask for a huge frame.
        let scale = min(8, max(0.25, Double(request.query["scale"] ?? "") ?? 1))
        let touches = request.query["touches"] == "1"
        let store = studio.frames
        do {
            let (frame, version) = try await offload { try store.frame(index: index, scale: scale, touches: touches) }
            return HTTPResponse(statusCode: .ok,
                                headers: [.contentType: "application/octet-stream", .cacheControl: "no-store",
                                          HTTPHeader("X-Width"): String(frame.width), HTTPHeader("X-Height"): String(frame.height),
                                          HTTPHeader("X-Version"): String(version)],
                                body: frame.rgba)
        } catch {
            return text(.conflict, SceneProblem(error).text + "\n")
        }
    }

    private func json(_ object: Any, status: HTTPStatusCode = .ok) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: StudioAPI.json(object))
    }

    private func text(_ status: HTTPStatusCode, _ body: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "text/plain; charset=utf-8"], body: Data(body.utf8))
    }
}
