import CCurl
import Foundation

/// One request on the I/O thread: its curl easy handle, the response as it streams in, and the
/// continuation waiting for the result.
///
/// The handle, headers and body are touched by the I/O thread only. The result can come from
/// the I/O thread or from a cancellation, possibly before anyone waits: the lock lets the first
/// result win and resumes the continuation exactly once.
final class CurlTransfer: @unchecked Sendable {
    /// The request as the caller asked it, for errors and the log.
    let original: HTTPRequest
    /// What is being sent now: the original, or where its redirects led.
    private(set) var current: HTTPRequest
    /// When the whole request must be over, redirects and body included.
    let deadline: ContinuousClock.Instant
    private let maxBodyBytes: Int
    private let userAgent: String
    private(set) var handle: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(rolo_curl_error_size()))
    private var redirects = 0
    private var headers: [String: String] = [:]
    private var body = Data()
    private var overCap = false

    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result<HTTPResponse, FetchError>, Never>?
    private var result: Result<HTTPResponse, FetchError>?

    init(_ request: HTTPRequest, maxBodyBytes: Int, userAgent: String) {
        original = request
        current = request
        deadline = .now + .milliseconds(Self.milliseconds(request.timeout))
        self.maxBodyBytes = maxBodyBytes
        self.userAgent = userAgent
        errorText.initialize(repeating: 0, count: Int(rolo_curl_error_size()))
    }

    deinit {
        release()
        errorText.deallocate()
    }

    // MARK: The result, from any thread

    /// Registers the waiter; resumes it at once if the transfer already ended.
    func wait(_ waiter: CheckedContinuation<Result<HTTPResponse, FetchError>, Never>) {
        let ended: Result<HTTPResponse, FetchError>? = lock.withLock {
            if result == nil { continuation = waiter }
            return result
        }
        if let ended { waiter.resume(returning: ended) }
    }

    /// Ends the transfer with `outcome` unless it already ended.
    func finish(_ outcome: Result<HTTPResponse, FetchError>) {
        let waiter: CheckedContinuation<Result<HTTPResponse, FetchError>, Never>? = lock.withLock {
            guard result == nil else { return nil }
            result = outcome
            defer { continuation = nil }
            return continuation
        }
        waiter?.resume(returning: outcome)
    }

    /// Whether the transfer has ended (finished, failed or cancelled).
    var hasEnded: Bool { lock.withLock { result != nil } }

    // MARK: The easy handle, on the I/O thread

    /// Makes and configures the easy handle for `current`; nil when the deadline has passed.
    func prepare() -> UnsafeMutableRawPointer? {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return nil }
        let easy = handle ?? curl_easy_init()
        guard let easy else { return nil }
        if handle != nil { curl_easy_reset(easy) }
        handle = easy
        headers = [:]
        body = Data()
        overCap = false
        errorText[0] = 0
        configure(easy, timeoutMilliseconds: max(1, Self.milliseconds(remaining)))
        return easy
    }

    private func configure(_ easy: UnsafeMutableRawPointer, timeoutMilliseconds: Int) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        setLong(easy, CURLOPT_NOSIGNAL, 1)
        setString(easy, CURLOPT_URL, current.url.absoluteString)
        setString(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        setString(easy, CURLOPT_USERAGENT, userAgent)
        // "" asks for every encoding this libcurl decodes (gzip, deflate, br, zstd); the write
        // callback sees the decoded bytes, so the body cap holds against a compression bomb.
        setString(easy, CURLOPT_ACCEPT_ENCODING, "")
        setLong(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        // Redirects are followed by CurlEngine, not libcurl: libcurl 7.88 drops only
        // Authorization and Cookie on a change of host and would send x-api-token along.
        setLong(easy, CURLOPT_FOLLOWLOCATION, 0)
        setLong(easy, CURLOPT_UNRESTRICTED_AUTH, 0)
        setLong(easy, CURLOPT_TIMEOUT_MS, timeoutMilliseconds)
        setLong(easy, CURLOPT_CONNECTTIMEOUT_MS, min(timeoutMilliseconds, Self.connectTimeoutMilliseconds))
        rolo_curl_easy_setopt_offset(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxBodyBytes))
        rolo_curl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorText)
        rolo_curl_easy_setopt_pointer(easy, CURLOPT_PRIVATE, context)
        rolo_curl_easy_setopt_write_function(easy, CURLOPT_WRITEFUNCTION, curlWriteBody)
        rolo_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
        rolo_curl_easy_setopt_write_function(easy, CURLOPT_HEADERFUNCTION, curlWriteHeader)
        rolo_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context)
        configureMethod(easy)
        configureHeaders(easy)
    }

    private func configureMethod(_ easy: UnsafeMutableRawPointer) {
        switch current.method {
        case "GET":
            setLong(easy, CURLOPT_HTTPGET, 1)
        case "HEAD":
            setLong(easy, CURLOPT_NOBODY, 1)
        default:
            // A body, even an empty one, so a PUT carries `Content-Length: 0` as servers expect.
            let bytes = current.body ?? Data()
            rolo_curl_easy_setopt_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
            _ = bytes.withUnsafeBytes { buffer in
                // COPYPOSTFIELDS copies; an empty buffer may have no address, so give it one.
                rolo_curl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, buffer.baseAddress ?? UnsafeRawPointer(errorText))
            }
            setString(easy, CURLOPT_CUSTOMREQUEST, current.method)
        }
    }

    private func configureHeaders(_ easy: UnsafeMutableRawPointer) {
        curl_slist_free_all(headerList)
        headerList = nil
        var lines = current.headers.map { "\($0.key): \($0.value)" }
        // Name-only lines remove what libcurl would add by itself: a 1-second wait for
        // `100 Continue`, and a form content type on a body that isn't a form.
        lines.append("Expect:")
        if !current.headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
            lines.append("Content-Type:")
        }
        for line in lines {
            headerList = curl_slist_append(headerList, line)
        }
        rolo_curl_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, headerList)
    }

    /// Frees the easy handle and header list; the handle must be out of the multi handle.
    func release() {
        if let handle { curl_easy_cleanup(handle) }
        handle = nil
        curl_slist_free_all(headerList)
        headerList = nil
    }

    // MARK: Streaming in, on the I/O thread

    /// Keeps a chunk of the decoded body; a short count (0) makes libcurl abort over the cap.
    fileprivate func receiveBody(_ chunk: UnsafeRawBufferPointer) -> Int {
        guard body.count + chunk.count <= maxBodyBytes else {
            overCap = true
            return 0
        }
        body.append(contentsOf: chunk)
        return chunk.count
    }

    /// Keeps one header line; a status line starts a new response (a redirect's, or after
    /// `100 Continue`), whose headers replace the last one's.
    fileprivate func receiveHeader(_ line: UnsafeRawBufferPointer) {
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = text.firstIndex(of: ":") else { return }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    }

    // MARK: Ending, on the I/O thread

    /// What a transfer that libcurl ended with `code` comes to.
    enum Step {
        /// The request is over, with a response or an error.
        case finished(Result<HTTPResponse, FetchError>)
        /// The server redirected: send `current` (already updated) again.
        case follow
    }

    /// Reads the end of the transfer: a response, a redirect to follow, or an error.
    func step(after code: CURLcode) -> Step {
        guard code == CURLE_OK, let handle else { return .finished(.failure(error(for: code))) }
        var status = 0
        rolo_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var location: UnsafeMutablePointer<CChar>?
        rolo_curl_easy_getinfo_string(handle, CURLINFO_REDIRECT_URL, &location)
        if Redirect.statuses.contains(status), let location, let target = URL(string: String(cString: location)) {
            guard redirects < Redirect.limit else {
                return .finished(.failure(.tooManyRedirects(original.url, limit: Redirect.limit)))
            }
            redirects += 1
            current = Redirect.follow(current, status: status, to: target)
            return .follow
        }
        return .finished(.success(HTTPResponse(status: status, headers: headers, body: body, url: current.url)))
    }

    /// The ``FetchError`` for libcurl's `code`, with libcurl's own words in the log detail.
    private func error(for code: CURLcode) -> FetchError {
        let url = original.url
        let reason = errorText[0] != 0 ? String(cString: errorText) : String(cString: curl_easy_strerror(code))
        let detail = "curl \(code.rawValue): \(reason)"
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(url, after: connected ? original.timeout : min(original.timeout, Self.connectTimeout))
        case CURLE_WRITE_ERROR where overCap, CURLE_FILESIZE_EXCEEDED:
            return .tooLarge(url, limit: maxBodyBytes)
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled(url)
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return .unusableURL(url, detail: detail)
        case CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING,
            CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_HTTP3, CURLE_RANGE_ERROR:
            return .brokenResponse(url, detail: detail)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_USE_SSL_FAILED, CURLE_SSL_ENGINE_INITFAILED,
            CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_SHUTDOWN_FAILED:
            return .insecure(url, detail: detail)
        default:
            return .unreachable(url, detail: detail)
        }
    }

    /// Whether a connection to the server was made, so a timeout was the whole request's and
    /// not the connect timeout's.
    private var connected: Bool {
        guard let handle else { return false }
        var microseconds: curl_off_t = 0
        rolo_curl_easy_getinfo_offset(handle, CURLINFO_CONNECT_TIME_T, &microseconds)
        return microseconds > 0
    }

    // MARK: Helpers

    /// The connect timeout: 10 s, or the request's own timeout when that is shorter.
    static let connectTimeout: TimeInterval = 10
    private static let connectTimeoutMilliseconds = milliseconds(connectTimeout)

    private static func milliseconds(_ seconds: TimeInterval) -> Int {
        seconds.isFinite ? Int(min(max(seconds, 0.001), 86_400) * 1000) : 86_400_000
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    private func setLong(_ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ value: Int) {
        rolo_curl_easy_setopt_long(easy, option, value)
    }

    /// Sets a string option; libcurl copies strings given to setopt, so the Swift string may go.
    private func setString(_ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ value: String) {
        value.withCString { _ = rolo_curl_easy_setopt_pointer(easy, option, $0) }
    }
}

/// libcurl's body callback: `context` is the unretained ``CurlTransfer`` the engine keeps alive.
private let curlWriteBody: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
}

/// libcurl's header callback, one line a call.
private let curlWriteHeader: curl_write_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
    return size * count
}
