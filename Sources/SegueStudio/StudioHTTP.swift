// SPDX-License-Identifier: Apache-2.0
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Studio's HTTP layer: SwiftNIO's HTTP/1 codec (llhttp underneath) with the limits a page on
/// another origin, or anyone on the network with `--host 0.0.0.0`, cannot get past. Every limit
/// is enforced before `StudioHandler` (and its Host, Origin and token checks) sees a request:
/// - the request line and each header at most 8 KiB (414, 431), a head at most 64 KiB (431),
///   parsed in linear time as the bytes arrive;
/// - no request body: Studio's POSTs carry none, so any body is 413, the connection stops
///   parsing there and is closed once the peer finishes sending (or after a short drain), so a
///   body is never read as the next request;
/// - a request head must arrive within `headTimeout` of its first byte (or of the connection
///   opening), and a kept-alive connection with nothing to do closes after `idleTimeout`;
/// - at most `maxConnections` open at once, the oldest idle one closed first to make room;
/// - `accept` failing (EMFILE, ENFILE) backs off briefly and is logged; the server keeps running.
struct HTTPLimits: Sendable {
    var maxLine = 8 * 1024
    var maxHead = 64 * 1024
    var headTimeout: TimeAmount = .seconds(10)
    var idleTimeout: TimeAmount = .seconds(30)
    var maxConnections = 256
    /// How long, and how much, a refused body is read and thrown away before closing, so that
    /// the 413 reaches a client still sending (closing with unread data resets the connection).
    var drainTime: TimeAmount = .seconds(5)
    var drainBytes = 128 << 20

    /// The defaults, with the connection cap below the process's file limit (each connection is
    /// a descriptor; renders and exports need some too). Tests set SEGUE_STUDIO_HEAD_TIMEOUT
    /// (seconds) and SEGUE_STUDIO_MAX_CONNECTIONS.
    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> HTTPLimits {
        var limits = HTTPLimits()
        var files = rlimit()
        // RLIM_INFINITY is all ones; anything that large leaves the default cap.
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files) == 0, files.rlim_cur < UInt64(Int32.max) {
            limits.maxConnections = max(8, min(limits.maxConnections, Int(files.rlim_cur) - 64))
        }
        if let text = environment["SEGUE_STUDIO_HEAD_TIMEOUT"], let seconds = Double(text), seconds > 0, seconds < 3600 {
            limits.headTimeout = .milliseconds(Int64(seconds * 1000))
        }
        // Tests only: a cap above the file limit, to see `accept` fail and the server go on.
        if let text = environment["SEGUE_STUDIO_MAX_CONNECTIONS"], let count = Int(text), count > 0 {
            limits.maxConnections = count
        }
        return limits
    }
}

/// A request as Studio's handler sees it: the head only (there is never a body).
struct StudioRequest: Sendable {
    var method: HTTPMethod
    var uri: String
    /// Percent-decoded path, without the query.
    var path: String
    /// Query parameters, percent-decoded; the first of repeated names wins.
    var query: [String: String]
    var headers: HTTPHeaders

    init?(head: HTTPRequestHead) {
        // Origin form only (`/path?query`); split by hand, as browsers send characters (`|`, say)
        // that a strict URL parser refuses.
        guard head.uri.hasPrefix("/") else { return nil }
        method = head.method
        uri = head.uri
        let parts = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        func decoded(_ text: Substring) -> String { String(text).removingPercentEncoding ?? String(text) }
        guard let rawPath = parts.first, let path = String(rawPath).removingPercentEncoding else { return nil }
        self.path = path
        var query: [String: String] = [:]
        if parts.count > 1 {
            for pair in parts[1].split(separator: "&") {
                let nameValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = decoded(nameValue[0])
                if query[name] == nil { query[name] = nameValue.count > 1 ? decoded(nameValue[1]) : "" }
            }
        }
        self.query = query
        headers = head.headers
    }

    /// The header's value, when the request has it exactly once.
    func header(_ name: String) -> String? {
        let values = headers[name]
        return values.count == 1 ? values[0] : nil
    }
}

struct StudioResponse: Sendable {
    var status: HTTPResponseStatus
    var headers: [(String, String)] = []
    var body = Data()
}

/// The connections open now, to cap their number. Touched only on the server's one event loop.
final class ConnectionTable: @unchecked Sendable {
    private var open: [ObjectIdentifier: ConnectionGuard] = [:]
    let limit: Int
    init(limit: Int) { self.limit = limit }

    /// Adds `connection`; when that makes too many, closes the one idle longest (a connection
    /// waiting for a request, or mid-way through sending one), or the new one when all are busy.
    func add(_ connection: ConnectionGuard) {
        open[ObjectIdentifier(connection)] = connection
        guard open.count > limit else { return }
        let idle = open.values.filter { $0 !== connection && !$0.isBusy }
        if let oldest = idle.min(by: { $0.lastActivity < $1.lastActivity }) {
            oldest.close()
        } else {
            connection.close()
        }
    }

    func remove(_ connection: ConnectionGuard) { open[ObjectIdentifier(connection)] = nil }
}

/// First in each connection's pipeline, on the raw bytes: the timeouts, the connection cap, the
/// draining of a refused body, and which line of a request head is arriving (to tell a request
/// line that is too long, 414, from a header that is, 431). Lines are only counted here;
/// parsing is llhttp's.
final class ConnectionGuard: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limits: HTTPLimits
    private let table: ConnectionTable
    private var context: ChannelHandlerContext?
    private var timer: Scheduled<Void>?
    /// Requests whose head has arrived and whose response has not been written.
    private var inFlight = 0
    /// A head's first byte has arrived (or the connection just opened) and its timer runs.
    private var awaitingHead = true
    private(set) var lastActivity = NIODeadline.now()
    private var discarding = false
    private var discarded = 0
    // Line counting: whether the bytes arriving belong to a head's first line, its length so far.
    private var inFirstLine = true
    private var lineLength = 0
    private(set) var requestLineTooLong = false

    init(limits: HTTPLimits, table: ConnectionTable) {
        self.limits = limits
        self.table = table
    }

    var isBusy: Bool { inFlight > 0 }
    var isDiscarding: Bool { discarding }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { timer?.cancel(); self.context = nil }

    func channelActive(context: ChannelHandlerContext) {
        arm(limits.headTimeout)
        table.add(self)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        table.remove(self)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        lastActivity = .now()
        if discarding {
            discarded += buffer.readableBytes
            if discarded > limits.drainBytes { context.close(promise: nil) }
            return
        }
        if !awaitingHead && inFlight == 0 {
            // The first byte of the next request: its head has `headTimeout` from now.
            awaitingHead = true
            arm(limits.headTimeout)
        }
        countLines(buffer)
        context.fireChannelRead(data)
    }

    private func countLines(_ buffer: ByteBuffer) {
        buffer.withUnsafeReadableBytes { bytes in
            for byte in bytes {
                if byte == UInt8(ascii: "\n") {
                    // A blank line ends a head (there are no bodies), so the next line is a request line.
                    inFirstLine = lineLength == 0
                    lineLength = 0
                } else if byte != UInt8(ascii: "\r") {
                    if inFirstLine && lineLength == 0 { requestLineTooLong = false }
                    lineLength += 1
                    if inFirstLine && lineLength > limits.maxLine { requestLineTooLong = true }
                }
            }
        }
    }

    /// A request's head has been parsed: no timeout while it is answered.
    func headReceived() {
        inFlight += 1
        awaitingHead = false
        timer?.cancel()
        timer = nil
    }

    /// A response has been written: the connection is idle until the next request's first byte.
    func responseSent() {
        inFlight = max(0, inFlight - 1)
        lastActivity = .now()
        if inFlight == 0 && !discarding {
            awaitingHead = false
            arm(limits.idleTimeout)
        }
    }

    /// After a refusal that leaves unread bytes (a body): stop parsing, throw away what still
    /// arrives, and close once the peer has finished (or after the drain limits).
    func discardRest() {
        discarding = true
        inFlight = 0
        arm(limits.drainTime)
    }

    func close() { context?.close(promise: nil) }

    private func arm(_ delay: TimeAmount) {
        timer?.cancel()
        guard let context else { return }
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: delay) { channel.close(promise: nil) }
    }
}

/// Turns parsed requests into calls of `respond` and writes the answers. Behind NIO's
/// pipelining handler, so it sees one request at a time.
final class StudioHTTPHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let connection: ConnectionGuard
    private let respond: @Sendable (StudioRequest) async -> StudioResponse
    private var context: ChannelHandlerContext?
    private enum State { case idle, head(StudioRequest, keepAlive: Bool), refused }
    private var state = State.idle

    init(connection: ConnectionGuard, respond: @escaping @Sendable (StudioRequest) async -> StudioResponse) {
        self.connection = connection
        self.respond = respond
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            connection.headReceived()
            if Self.hasBody(head) {
                state = .refused
                write(StudioHTTPHandler.plain(.payloadTooLarge, "Segue Studio's requests carry no body.\n"), method: head.method, keepAlive: false)
                connection.discardRest()
                return
            }
            if head.headers["host"].count > 1 || head.headers["content-length"].count > 1 {
                state = .refused
                write(StudioHTTPHandler.plain(.badRequest, "A request has one Host and at most one Content-Length.\n"), method: head.method, keepAlive: false)
                return
            }
            guard let request = StudioRequest(head: head) else {
                state = .refused
                write(StudioHTTPHandler.plain(.badRequest, "The request's target is not a path.\n"), method: head.method, keepAlive: false)
                return
            }
            state = .head(request, keepAlive: head.isKeepAlive)
        case .body:
            break  // only an empty one can get here: a body is refused at its head
        case .end:
            guard case .head(let request, let keepAlive) = state else { return }
            state = .idle
            let respond = self.respond
            let loop = context.eventLoop
            Task {
                let response = await respond(request)
                loop.execute { self.write(response, method: request.method, keepAlive: keepAlive) }
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A request the codec could not parse; its head is never answered otherwise.
        let status: HTTPResponseStatus
        switch error as? HTTPParserError {
        case .headerOverflow?: status = connection.requestLineTooLong ? .uriTooLong : .requestHeaderFieldsTooLarge
        case .some: status = .badRequest
        case nil:
            context.close(promise: nil)
            return
        }
        // Answered already (a refused body still being parsed, say), or mid-answer: one answer
        // per request, so only close.
        if case .refused = state { context.close(promise: nil); return }
        guard !connection.isBusy, !connection.isDiscarding else { context.close(promise: nil); return }
        connection.headReceived()
        state = .refused
        let text: String
        switch status {
        case .uriTooLong: text = "The request line is longer than \(HTTPLimits().maxLine / 1024) KiB.\n"
        case .requestHeaderFieldsTooLarge: text = "A header is longer than \(HTTPLimits().maxLine / 1024) KiB, or the headers together longer than \(HTTPLimits().maxHead / 1024) KiB.\n"
        default: text = "Segue Studio could not read this request as HTTP/1.1.\n"
        }
        write(Self.plain(status, text), method: .GET, keepAlive: false)
        // The bytes after the error are not HTTP the codec can follow.
        connection.discardRest()
    }

    /// Whether the request announces a body (a Content-Length above 0, or any Transfer-Encoding).
    static func hasBody(_ head: HTTPRequestHead) -> Bool {
        if !head.headers["transfer-encoding"].isEmpty { return true }
        return head.headers["content-length"].contains { $0.trimmingCharacters(in: .whitespaces) != "0" }
    }

    static func plain(_ status: HTTPResponseStatus, _ text: String) -> StudioResponse {
        StudioResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(text.utf8))
    }

    private func write(_ response: StudioResponse, method: HTTPMethod, keepAlive: Bool) {
        guard let context, context.channel.isActive else { return }
        var headers = HTTPHeaders(response.headers)
        headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        headers.replaceOrAdd(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        let head = HTTPResponseHead(version: .http1_1, status: response.status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        // HEAD is answered as GET, without the body.
        if method != .HEAD && !response.body.isEmpty {
            var buffer = context.channel.allocator.buffer(capacity: response.body.count)
            buffer.writeBytes(response.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        let done = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: done)
        let channel = context.channel
        if keepAlive {
            connection.responseSent()
        } else {
            // Half-close: the answer reaches the client, which may still be sending; the guard
            // throws away what else arrives and closes after the drain.
            connection.discardRest()
            done.futureResult.whenComplete { _ in channel.close(mode: .output, promise: nil) }
        }
    }
}

/// Logs `accept` failures (EMFILE, ENFILE and the like) once a second at most; NIO's backoff
/// handler before it pauses accepting briefly instead of spinning.
final class AcceptErrorLog: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = Channel
    private var lastLogged: NIODeadline?

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        let now = NIODeadline.now()
        if lastLogged.map({ now - $0 >= .seconds(1) }) ?? true {
            lastLogged = now
            FileHandle.standardError.write(Data("segue preview: could not accept a connection (\(error)); still serving\n".utf8))
        }
    }
}

/// The listening sockets, all on one event loop: handlers never block (rendering and encoding
/// run on threads of their own), so one loop thread serves every connection.
final class StudioListener: @unchecked Sendable {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let limits: HTTPLimits
    private let table: ConnectionTable
    private var channels: [Channel] = []
    private let respond: @Sendable (StudioRequest) async -> StudioResponse

    init(limits: HTTPLimits, respond: @escaping @Sendable (StudioRequest) async -> StudioResponse) {
        self.limits = limits
        self.respond = respond
        table = ConnectionTable(limit: limits.maxConnections)
    }

    /// Listens on `host:port` (0: any free port); returns the port.
    func bind(host: String, port: Int) throws -> Int {
        let limits = self.limits, table = self.table, respond = self.respond
        let decoderLimits = {
            var decoder = NIOHTTPDecoderLimitConfiguration()
            // llhttp counts the request target against the field limit too.
            decoder.maxHeaderFieldSize = limits.maxLine
            decoder.maxHeaderListSize = limits.maxHead
            return decoder
        }()
        let channel = try ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(AcceptBackoffHandler(backoffProvider: { _ in .milliseconds(200) }))
                    try channel.pipeline.syncOperations.addHandler(AcceptErrorLog())
                }
            }
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let connection = ConnectionGuard(limits: limits, table: table)
                    let sync = channel.pipeline.syncOperations
                    try sync.addHandler(connection)
                    try sync.configureHTTPServerPipeline(withPipeliningAssistance: true, withErrorHandling: false,
                                                         withEncoderConfiguration: .init(), withDecoderLimitConfiguration: decoderLimits)
                    try sync.addHandler(StudioHTTPHandler(connection: connection, respond: respond))
                }
            }
            .bind(host: host, port: port).wait()
        channels.append(channel)
        return channel.localAddress?.port ?? port
    }

    /// Blocks until every listening socket has closed.
    func wait() throws {
        for channel in channels { try channel.closeFuture.wait() }
    }
}
