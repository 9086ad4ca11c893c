import FlyingFox
import Foundation

/// A list as long as asked, for measuring a configured source at scale, served under `/bulk`:
/// `GET /bulk/records?offset=0&limit=1000&total=1000000` answers `{"total", "records": […]}`,
/// offset-paged, `total` records in all (1,000,000 by default), each made from its number alone:
/// `id`, `first_name`, `last_name`, `email`, `address` (`city`, `zip`) and `active`. Nothing is
/// held: a page costs what its records cost to write.
struct BulkRecordsAPI: StandInAPI {
    static let defaultTotal = 1_000_000
    static let defaultLimit = 1000
    private static let firstNames = ["Ann", "Mart", "Kadri", "Jüri", "Liis", "Oleg", "Анна", "Priit", "Mari", "Tõnu", "Sofia", "Chen"]
    private static let lastNames = ["Tamm", "Saar", "Sepp", "Mägi", "Kask", "Kukk", "Rebane", "Ilves", "Pärn", "Koppel", "Smith", "Иванов"]
    private static let cities = ["Tallinn", "Tartu", "Narva", "Pärnu", "Viljandi", "Rakvere"]

    let prefix = "/bulk"

    var routes: [StandInRoute] {
        [StandInRoute("bulk.records", .GET, "/records") { request in list(request) }]
    }

    /// Record `number` (from 0).
    static func record(_ number: Int) -> StandInJSON {
        let first = firstNames[number % firstNames.count], last = lastNames[(number / 7) % lastNames.count]
        return .object([
            ("id", .int(number)), ("first_name", .string(first)), ("last_name", .string(last)),
            ("email", .string("user\(number)@example.com")),
            ("address", .object([("city", .string(cities[number % cities.count])), ("zip", .string("1\(number % 9000)"))])),
            ("active", .bool(number % 3 == 0)),
        ])
    }

    private func list(_ request: StandInRequest) -> HTTPResponse {
        let total = PagingPeople.number(request, "total", in: 0...100_000_000, default: Self.defaultTotal)
        let limit = PagingPeople.number(request, "limit", in: 1...100_000, default: Self.defaultLimit)
        let offset = PagingPeople.number(request, "offset", in: 0...Int.max, default: 0)
        let end = min(total, offset + limit)
        return PagingPeople.json(.object([
            ("total", .int(total)), ("records", .array(offset < end ? (offset..<end).map(Self.record) : [])),
        ]))
    }
}
