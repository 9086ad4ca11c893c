import Foundation

/// Decodes the OpenFoods server's bodies.
///
/// Every function throws ``FetchError`` of kind `.badResponse` whose message says what was wrong;
/// its `endpoint` is empty until ``FoodsClient`` places it with ``FetchError/located(at:)``.
public enum FoodsDecoder {
    /// The service name used in messages: "The foods server …".
    static let service = "foods"

    /// Decodes `GET food` or `GET food/<page>`: a bare array or `{"foods": [...], "totalCount": N}`,
    /// record by record: a food that can't be read is skipped and said in ``DecodedList/skipped``.
    /// A bare array is read a run at a time (``RecordRuns``); any other shape, and any error,
    /// whole. The answer's ``FoodsPage/number`` is nil: only the client knows which page it asked.
    public static func decodePage(_ data: Data) throws -> FoodsPage {
        if let list = RecordRuns.decode(FoodRecord.self, from: data) { return FoodsPage(foods: list) }
        let answer = try decode(FoodList.self, from: data)
        return FoodsPage(foods: answer.foods, totalCount: answer.totalCount)
    }

    /// The foods of ``decodePage(_:)``, without the count.
    public static func decodeFoods(_ data: Data) throws -> DecodedList<Food> {
        try decodePage(data).foods
    }

    /// Decodes the answer to a like or unlike, or the `{"error": ...}` body of a failure.
    static func decodeLikeAnswer(_ data: Data) throws -> LikeAnswer {
        try decode(LikeAnswer.self, from: data)
    }

    private static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard ResponseBody(data) == .json else {
            throw FetchError.unreadable(data, service: service, reason: "not JSON")
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw FetchError.unreadable(data, service: service, reason: DecodingProblem.from(error).reason)
        }
    }
}
