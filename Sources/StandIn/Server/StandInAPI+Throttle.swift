import FlyingFox

extension StandInAPI {
    /// The answer to a request throttled on demand (`/__standin/fail?status=429`): Django REST
    /// framework's 429, with `Retry-After` when given.
    func throttled(retryAfter: Int?) -> HTTPResponse {
        let wait = retryAfter.map { "Expected available in \($0) second\($0 == 1 ? "" : "s")." } ?? ""
        var headers: HTTPHeaders = [.contentType: "application/json"]
        if let retryAfter { headers[HTTPHeader("Retry-After")] = String(retryAfter) }
        let body = StandInJSON.object([("detail", .string("Request was throttled. \(wait)".trimmingCharacters(in: .whitespaces)))])
        return HTTPResponse(statusCode: .tooManyRequests, headers: headers, body: body.encoded(.compact))
    }
}
