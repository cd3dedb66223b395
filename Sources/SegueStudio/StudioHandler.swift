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
///   POST /api/export?format=mp4|gif     renders the scene through the shared render path (JSON)
/// Beyond loopback every request needs the server's `token` query item.
struct StudioHandler: HTTPHandler {
    let studio: StudioServer

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let token = studio.token, !Self.sameToken(request.query["token"], token) {
            return text(.forbidden, "This Segue Studio needs the token printed when it started (…/?token=…).\n")
        }
        switch (request.method, request.path) {
        case (.GET, "/"), (.GET, "/index.html"):
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                                body: Data(StudioPage.html.utf8))
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
        case (.POST, "/api/export"):
            guard let format = OutputFormat(rawValue: request.query["format"] ?? ""), format == .mp4 || format == .gif else {
                return text(.badRequest, "format must be mp4 or gif\n")
            }
            let exporter = studio.exporter
            do {
                let result = try await offload { try exporter.export(format: format) }
                return json(["path": result.path, "bytes": result.bytes, "frames": result.frames, "seconds": result.seconds])
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

    /// Compares in time independent of where the strings first differ.
    static func sameToken(_ given: String?, _ expected: String) -> Bool {
        guard let given, given.utf8.count == expected.utf8.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(given.utf8, expected.utf8) { difference |= a ^ b }
        return difference == 0
    }
}
