import FlyingFox
import Foundation

/// Jira Cloud's issue search, served under `/jira`: `GET /jira/rest/api/3/search?jql=` pages by
/// `startAt` and `maxResults`, 50 by default and capped at 100 whatever is asked (Jira's own
/// limit, which it applies without a word), and answers `{"expand", "startAt", "maxResults",
/// "total", "issues"}` with the page size it used. Issues are `ROLO-1` … with id `10001` …,
/// each with a summary, status and assignee. ``StandInOptions/jiraVisibleIssues`` hides the
/// issues past that many (as Jira hides what the token may not see) while `total` still counts
/// them.
struct JiraAPI: StandInAPI {
    static let defaultMaxResults = 50
    static let maximumMaxResults = 100
    private static let statuses = ["To Do", "In Progress", "In Review", "Done"]

    private let people: PagingPeople
    private let count: Int
    private let visible: Int

    let prefix = "/jira"

    init(options: StandInOptions) {
        people = PagingPeople(seed: options.seed)
        count = max(0, options.jiraIssues)
        visible = min(count, options.jiraVisibleIssues ?? count)
    }

    var routes: [StandInRoute] {
        [StandInRoute("jira.search", .GET, "/rest/api/3/search") { request in search(request) }]
    }

    func notFound() -> HTTPResponse {
        Self.errors("Not Found", status: .notFound)
    }

    func internalError() -> HTTPResponse {
        Self.errors("Internal server error", status: .internalServerError)
    }

    private func search(_ request: StandInRequest) -> HTTPResponse {
        let startAt = PagingPeople.number(request, "startAt", in: 0...1_000_000, default: 0)
        let maxResults = PagingPeople.number(request, "maxResults", in: 0...Self.maximumMaxResults, default: Self.defaultMaxResults)
        let end = min(visible, startAt + maxResults)
        let base = PagingPeople.base(request, prefix)
        let issues = startAt < end ? (startAt + 1...end).map { issue($0, base: base) } : []
        return PagingPeople.json(.object([
            ("expand", .string("schema,names")), ("startAt", .int(startAt)), ("maxResults", .int(maxResults)),
            ("total", .int(count)), ("issues", .array(issues)),
        ]))
    }

    private func issue(_ number: Int, base: String) -> StandInJSON {
        let id = String(10_000 + number)
        let assignee = people.person(number)
        return .object([
            ("expand", .string("operations,versionedRepresentations,editmeta,changelog,renderedFields")),
            ("id", .string(id)), ("self", .string("\(base)/rest/api/3/issue/\(id)")), ("key", .string("ROLO-\(number)")),
            ("fields", .object([
                ("summary", .string("Task \(number): check the \(assignee.last) report")),
                ("status", .object([("name", .string(Self.statuses[number % Self.statuses.count]))])),
                ("assignee", number % 6 == 0 ? .null : .object([
                    ("displayName", .string("\(assignee.first) \(assignee.last)")), ("emailAddress", .string(assignee.email)),
                ])),
            ])),
        ])
    }

    private static func errors(_ message: String, status: HTTPStatusCode) -> HTTPResponse {
        PagingPeople.json(.object([("errorMessages", .array([.string(message)])), ("errors", .object([]))]), status: status)
    }
}
