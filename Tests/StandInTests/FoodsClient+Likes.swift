import Foundation
import RoloCore

extension FoodsClient {
    /// Likes (`true`) or unlikes food `foodID` as the foods tab does, through rolo's shipped
    /// action of that name; a failure is thrown as the tab's banner says it (the server's status
    /// as the error's kind).
    func setLiked(_ liked: Bool, foodID: String) async throws {
        let name = liked ? "like" : "unlike"
        guard let action = FoodsSource.shippedActions.first(where: { $0.name == name }) else {
            throw FetchError(kind: .badResponse, endpoint: "rolo", message: "rolo ships no '\(name)' action", detail: "")
        }
        let runner = ActionRunner(sourceTitle: "The foods server", base: URL(string: baseURL.absoluteString + "/"),
                                  client: testClient, timeout: standInTestTimeout)
        let record = JSONValue.object([JSONMember("id", .string(foodID)), JSONMember("liked", .bool(!liked))])
        do {
            _ = try await runner.run(action, ActionValues(record: record))
        } catch {
            throw FetchError(kind: error.status.map(FetchError.Kind.httpStatus) ?? .badResponse, endpoint: baseURL.endpoint,
                             message: error.message + " — try again", detail: error.message)
        }
    }
}
