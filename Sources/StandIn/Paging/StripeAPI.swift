import FlyingFox
import Foundation

/// Stripe's customer list, served under `/stripe`: `GET /stripe/v1/customers` answers
/// `{"object": "list", "url", "has_more", "data"}`, newest first in Stripe but here in id order,
/// `limit` 10 by default (1 to 100), and the next page asked with `starting_after=<the last
/// customer's id>`: the cursor is a record's id, not a value the answer names. An id it doesn't
/// know is Stripe's 400 `resource_missing`.
struct StripeAPI: StandInAPI {
    static let defaultLimit = 10
    static let maximumLimit = 100

    private let people: PagingPeople
    private let count: Int

    let prefix = "/stripe"

    init(options: StandInOptions) {
        people = PagingPeople(seed: options.seed)
        count = max(0, options.stripeCustomers)
    }

    var routes: [StandInRoute] {
        [StandInRoute("stripe.customers", .GET, "/v1/customers") { request in customers(request) }]
    }

    func notFound() -> HTTPResponse {
        Self.error("invalid_request_error", "Unrecognized request URL.", status: .notFound)
    }

    func internalError() -> HTTPResponse {
        Self.error("api_error", "An unknown error occurred.", status: .internalServerError)
    }

    /// `cus_ROLO000007` for customer 7.
    static func id(_ number: Int) -> String {
        "cus_ROLO" + String(format: "%06d", number)
    }

    private func customers(_ request: StandInRequest) -> HTTPResponse {
        let limit = PagingPeople.number(request, "limit", in: 1...Self.maximumLimit, default: Self.defaultLimit)
        var start = 0
        if let after = request.http.query["starting_after"] {
            guard let number = Int(after.dropFirst("cus_ROLO".count)), number >= 1, number <= count, Self.id(number) == after else {
                return Self.error("invalid_request_error", "No such customer: '\(after)'", status: .badRequest, code: "resource_missing")
            }
            start = number
        }
        let end = min(count, start + limit)
        let data: [StandInJSON] = start < end ? (start + 1...end).map(customer) : []
        return PagingPeople.json(.object([
            ("object", .string("list")), ("url", .string("/v1/customers")), ("has_more", .bool(end < count)), ("data", .array(data)),
        ]))
    }

    private func customer(_ number: Int) -> StandInJSON {
        let person = people.person(number)
        return .object([
            ("id", .string(Self.id(number))), ("object", .string("customer")), ("created", .int(1_700_000_000 + number * 3600)),
            ("email", .string(person.email)), ("name", .string("\(person.first) \(person.last)")), ("livemode", .bool(false)),
        ])
    }

    private static func error(_ type: String, _ message: String, status: HTTPStatusCode, code: String? = nil) -> HTTPResponse {
        var fields: [(String, StandInJSON)] = [("type", .string(type)), ("message", .string(message))]
        if let code { fields += [("code", .string(code)), ("param", .string("starting_after"))] }
        return PagingPeople.json(.object([("error", .object(fields))]), status: status)
    }
}
