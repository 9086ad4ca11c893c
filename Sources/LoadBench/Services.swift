import Foundation
import RoloCore

/// A people server whose list answer has already arrived: the bench times what rolo does from
/// the answer on, decoding included, without the network's share.
struct ReceivedPeople: PeopleService {
    let body: Data

    func health() async throws -> ServerHealth { .ok }
    func employees() async throws -> DecodedList<Employee> { try PeopleDecoder.decodeEmployees(body) }
    func employee(id: Int) async throws -> Employee {
        throw FetchError(kind: .notFound, endpoint: "bench", message: "not in the bench", detail: "")
    }
}

/// A foods server whose list answer has already arrived.
struct ReceivedFoods: FoodsService {
    let body: Data

    func page(_ number: Int) async throws -> FoodsPage { try FoodsDecoder.decodePage(body) }
}

/// The directory's cities whose answers have already arrived.
struct ReceivedDirectory: DirectoryService {
    let bodies: [(URL, Data)]

    func fetchAll(decodingAfter ready: @escaping @Sendable (URL) async -> DirectoryRoster?) async -> [DirectoryListing] {
        bodies.map { url, body in
            DirectoryListing(url: url, decoded: Result { try DirectoryDecoder.decodeEmployees(body) }.mapError { $0 as! FetchError })
        }
    }
}
