import FlyingFox
import Foundation

/// Kubernetes' pod list, served under `/__paging/kubernetes`: `GET
/// /api/v1/namespaces/default/pods?limit=&continue=` answers a `PodList` of pods `pod-00001` …,
/// and, when `limit` cut it short, `metadata.continue` (an opaque base64 token naming where the
/// list goes on and the page it was handed out with) and `remainingItemCount`; the last page has
/// neither, and without `limit` every pod comes in one answer. A token it can't read is the API
/// server's 400 `Status`; one that ``StandInOptions/kubernetesExpiry`` expires is its 410
/// `Expired`, whose own `metadata.continue` is a fresh token for the same place (of a newer
/// list, so it never expires), as an API server sends since 1.15, unless
/// ``StandInOptions/kubernetesFreshContinue`` is off. Every answer is `application/json`.
struct KubernetesPodsAPI: StandInAPI {
    /// The list's resource version, which its continue tokens carry.
    static let resourceVersion = 48213
    /// The resource version of the newer list a fresh token (from a 410) continues.
    static let freshResourceVersion = 48214
    static let expiredMessage = "The provided continue parameter is too old to display a consistent list result. "
        + "You can start a new list without the continue parameter, or use the continue token in this response to "
        + "retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - "
        + "objects that were created, modified, or deleted between the time the first chunk was returned and now may "
        + "show up in the list."

    /// Where a continue token goes on: after pod `after`, in the list of `resourceVersion`, handed
    /// out with page `page`.
    private struct Continue {
        let after: Int
        let page: Int
        let resourceVersion: Int

        /// The token's text, shaped as an API server's: `{"v", "rv", "start"}`, plus the page.
        var text: String {
            #"{"v":"meta.k8s.io/v1","rv":\#(resourceVersion),"start":"\#(KubernetesPodsAPI.name(after))\u0000","page":\#(page)}"#
        }
    }

    private let people: PagingPeople
    private let count: Int
    private let refusals: PageTokenRefusals
    private let freshContinue: Bool

    let prefix = "/__paging/kubernetes"

    init(options: StandInOptions) {
        people = PagingPeople(seed: options.seed)
        count = max(0, options.kubernetesPods)
        refusals = PageTokenRefusals(options.kubernetesExpiry)
        freshContinue = options.kubernetesFreshContinue
    }

    var routes: [StandInRoute] {
        [StandInRoute("kubernetes.pods", .GET, "/api/v1/namespaces/default/pods") { request in pods(request) }]
    }

    /// The API server's 404 `Status`, for a path it doesn't serve.
    func notFound() -> HTTPResponse {
        Self.status(.notFound, reason: "NotFound", message: "the server could not find the requested resource")
    }

    /// The API server's 500 `Status`, for a request made to fail.
    func internalError() -> HTTPResponse {
        Self.status(.internalServerError, reason: "InternalError", message: "Internal error occurred: the stand-in failed this request")
    }

    /// `pod-00007` for pod 7.
    static func name(_ number: Int) -> String {
        "pod-" + String(format: "%05d", number)
    }

    /// A page of pods: all of them without `limit`, else `limit` from where `continue` says; a
    /// token it can't read is a 400, an expired one a 410.
    private func pods(_ request: StandInRequest) -> HTTPResponse {
        let limit = PagingPeople.number(request, "limit", in: 0...Int.max, default: 0)
        var place = Continue(after: 0, page: 0, resourceVersion: Self.resourceVersion)
        if let token = request.http.query["continue"], !token.isEmpty {
            guard let read = self.read(token) else {
                return Self.status(.badRequest, reason: "BadRequest", message: "continue key is not valid: illegal base64 data")
            }
            if read.resourceVersion == Self.resourceVersion, refusals.refuses(page: read.page) {
                let fresh = Continue(after: read.after, page: read.page, resourceVersion: Self.freshResourceVersion)
                let metadata: [(String, StandInJSON)] = freshContinue ? [("continue", .string(PagingPeople.token(fresh.text)))] : []
                return Self.status(.gone, reason: "Expired", message: Self.expiredMessage, metadata: metadata)
            }
            place = read
        }
        let start = place.after
        let end = limit == 0 ? count : start + min(limit, count - start)
        var metadata: [(String, StandInJSON)] = [("resourceVersion", .string(String(Self.resourceVersion)))]
        if end < count {
            let next = Continue(after: end, page: place.page + 1, resourceVersion: place.resourceVersion)
            metadata += [("continue", .string(PagingPeople.token(next.text))), ("remainingItemCount", .int(count - end))]
        }
        let items: [StandInJSON] = start < end ? (start + 1...end).map(pod) : []
        return Self.json(.object([
            ("kind", .string("PodList")), ("apiVersion", .string("v1")), ("metadata", .object(metadata)), ("items", .array(items)),
        ]))
    }

    /// The place `token` names, nil unless it is exactly a token this list hands out.
    private func read(_ token: String) -> Continue? {
        guard let text = PagingPeople.untoken(token),
              let fields = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
              let start = fields["start"] as? String, let after = Int(start.dropFirst(4).dropLast()),
              let page = fields["page"] as? Int, let version = fields["rv"] as? Int,
              after >= 1, after < count, page >= 1, [Self.resourceVersion, Self.freshResourceVersion].contains(version)
        else { return nil }
        let place = Continue(after: after, page: page, resourceVersion: version)
        return place.text == text ? place : nil
    }

    /// Pod `number`, shaped as `kubectl get pods -o json` lists it, its owner person `number`.
    private func pod(_ number: Int) -> StandInJSON {
        let person = people.person(number)
        return .object([
            ("metadata", .object([
                ("name", .string(Self.name(number))), ("namespace", .string("default")),
                ("uid", .string("3f2a0000-0000-4000-8000-" + String(format: "%012d", number))),
                ("creationTimestamp", .string("2026-11-01T00:00:00Z")),
                ("labels", .object([("app", .string("rolo")), ("owner", .string(person.email))])),
            ])),
            ("spec", .object([("nodeName", .string("node-\((number - 1) % 3 + 1)"))])),
            ("status", .object([("phase", .string("Running"))])),
        ])
    }

    /// A body as an API server sends it: compact, `Content-Type: application/json`.
    private static func json(_ value: StandInJSON, status: HTTPStatusCode = .ok) -> HTTPResponse {
        PagingPeople.json(value, status: status, headers: [("Content-Type", "application/json")])
    }

    /// A `Status` object, the API server's answer for every refusal.
    private static func status(
        _ code: HTTPStatusCode, reason: String, message: String, metadata: [(String, StandInJSON)] = []
    ) -> HTTPResponse {
        json(.object([
            ("kind", .string("Status")), ("apiVersion", .string("v1")), ("metadata", .object(metadata)), ("status", .string("Failure")),
            ("message", .string(message)), ("reason", .string(reason)), ("code", .int(code.code)),
        ]), status: code)
    }
}
