// SPDX-License-Identifier: Apache-2.0
import Foundation
import NIOHTTP1

/// Decides which requests Studio answers. Listening on loopback keeps other machines out, but
/// not other web pages in the user's own browser: a page that rebinds its DNS name to 127.0.0.1
/// reaches the server under a foreign `Host`, and any page can post a cross-site form without a
/// preflight. So every request is checked, in this order:
/// 1. `Host` must name the address Studio serves (DNS rebinding);
/// 2. beyond loopback, the printed token must be in the query (other machines);
/// 3. API requests must come from Studio's own page: a foreign `Origin` or a `Sec-Fetch-Site`
///    other than `same-origin`/`none` is refused (cross-site reads and form posts);
/// 4. anything that writes or spends CPU on an export (every non-GET) must carry the session
///    token, which only Studio's own page knows (it is embedded there).
/// No response carries CORS headers, so a browser never lets another origin read one.
final class AccessGate: @unchecked Sendable {
    /// Generated at start; embedded in the page, and printed in the URL beyond loopback.
    let token: String
    /// Whether every request (not only writes) needs the token in its query: beyond loopback.
    let tokenInQuery: Bool
    private let bindHost: String
    private let lock = NSLock()
    /// `host:port` values (lower case) a request's Host may have; empty until the port is
    /// known, so nothing is answered before then.
    private var accepted: [String] = []

    init(bindHost: String, token: String) {
        self.bindHost = bindHost
        self.token = token
        tokenInQuery = !StudioServer.isLoopback(bindHost)
    }

    /// The header that carries the session token on writes (a custom header also forces a
    /// CORS preflight on any cross-origin attempt, which this server never approves).
    static let tokenHeader = "X-Segue-Token"

    /// Sets the accepted hosts once the listening port is known. `ipv6Loopback`: whether `::1`
    /// is listened on too (a name that reaches nothing is not accepted).
    func listening(on port: Int, ipv6Loopback: Bool = true) {
        var names = Self.acceptedHostNames(bindHost: bindHost)
        if !ipv6Loopback { names.removeAll { $0 == "[::1]" } }
        var list: [String] = []
        for name in names {
            list.append("\(name):\(port)")
            if port == 80 { list.append(name) } // browsers leave out the default port
        }
        lock.withLock { accepted = list }
    }

    /// The accepted hosts, as the refusal message lists them.
    var acceptedHosts: [String] { lock.withLock { accepted } }

    /// Host names (IPv6 addresses in brackets) that reach a server bound to `bindHost`. Loopback:
    /// the three loopback names (and the address itself when it is another 127.x address).
    /// A specific address: that address. A wildcard: loopback, the wildcard as printed, and
    /// every address and the name of this machine (what other machines type to reach it).
    static func acceptedHostNames(bindHost: String) -> [String] {
        var names: [String] = []
        func add(_ name: String) {
            let shown = name.contains(":") && !name.hasPrefix("[") ? "[\(name)]" : name
            if !names.contains(shown.lowercased()) { names.append(shown.lowercased()) }
        }
        let loopback = ["127.0.0.1", "localhost", "::1"]
        if StudioServer.isLoopback(bindHost) {
            loopback.forEach(add)
            add(bindHost)
        } else if bindHost == "0.0.0.0" || bindHost == "::" {
            loopback.forEach(add)
            add(bindHost)
            machineAddresses().forEach(add)
            var buffer = [CChar](repeating: 0, count: 256)
            if gethostname(&buffer, buffer.count) == 0 {
                let name = String(cString: buffer)
                if !name.isEmpty { add(name) }
            }
        } else {
            add(bindHost)
        }
        return names
    }

    /// The IPv4 and IPv6 addresses of this machine's interfaces.
    static func machineAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var out: [String] = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let text = String(cString: host)
            // Link-local IPv6 addresses carry a zone (`%eth0`) that Host headers cannot.
            if !text.contains("%") { out.append(text) }
        }
        return out
    }

    /// Why `request` is refused, as the 403's plain-text body; nil when it may be answered.
    func refusal(_ request: StudioRequest) -> String? {
        let hosts = acceptedHosts
        let host = (request.header("Host") ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard !hosts.isEmpty, hosts.contains(host) else {
            // Only loopback names are listed: beyond loopback, the list would tell anyone who
            // asks this machine's addresses and name.
            let list = hosts.isEmpty ? "none yet (the server is still starting)" : Self.listed(hosts)
            let given = host.isEmpty ? "no Host" : "Host '\(host.prefix(200))'"
            return "Segue Studio answers only requests addressed to it; this one had \(given).\n"
                + (tokenInQuery ? "" : "Accepted hosts: \(list).\n")
                + "Open the address segue preview printed.\n"
        }
        if tokenInQuery, !Self.sameToken(request.query["token"], token) {
            return "This Segue Studio needs the token printed when it started (…/?token=…).\n"
        }
        let isPage = (request.method == .GET || request.method == .HEAD) && (request.path == "/" || request.path == "/index.html" || request.path == "/favicon.ico")
        if let origin = request.headers["Origin"].first, request.headers["Origin"].count > 1 || origin.lowercased() != "http://" + host {
            return "Segue Studio answers only its own page; this request came from \(origin.prefix(200)).\n"
        }
        // A link or bookmark from anywhere may open the page; only the page itself may call the API.
        if !isPage, let site = request.headers["Sec-Fetch-Site"].first?.lowercased(), site != "same-origin", site != "none" {
            return "Segue Studio answers only its own page; this request was \(site.prefix(40)).\n"
        }
        if request.method != .GET && request.method != .HEAD {
            let given = request.header(Self.tokenHeader) ?? request.query["token"]
            if !Self.sameToken(given, token) {
                return "Segue Studio's \(request.path) needs the session token that its own page sends; this request had none or a wrong one.\n"
            }
        }
        return nil
    }

    private static func listed(_ hosts: [String]) -> String {
        hosts.count <= 1 ? hosts.joined() : hosts.dropLast().joined(separator: ", ") + " or " + hosts.last!
    }

    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0 ..< 16).map { _ in String(format: "%02x", UInt8.random(in: 0 ... 255, using: &generator)) }.joined()
    }

    /// Compares in time independent of where the strings first differ.
    static func sameToken(_ given: String?, _ expected: String) -> Bool {
        guard let given, given.utf8.count == expected.utf8.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(given.utf8, expected.utf8) { difference |= a ^ b }
        return difference == 0
    }
}
