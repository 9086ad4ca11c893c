import Foundation

/// Each user's likes on the OpenFoods server, in memory for the server's life, and the seeded
/// sequence that decides which likes and unlikes fail.
actor FoodsLikes {
    /// What a like or unlike came to.
    enum Outcome: Sendable, Equatable {
        /// Saved: `{"success": true}`.
        case saved
        /// Refused with a 500 and `{"error": "..."}`.
        case refused
        /// Answered 200 with `{"success": false}`, the real server's quieter failure.
        case notSaved
    }

    /// A food's state for one user once they have liked or unliked it.
    struct Mark: Sendable {
        let isLiked: Bool
        let lastUpdatedDate: String
    }

    private let failRate: Double
    private var draws: SplitMix64
    private var marks: [String: [Int: Mark]] = [:]

    /// Likes that fail at `failRate` (0...1), in an order fixed by `seed`.
    init(failRate: Double, seed: UInt64) {
        self.failRate = failRate
        draws = SplitMix64(seed: seed, stream: 0xF00D_F411)
    }

    /// Everything `user` has changed, by food id.
    func marks(of user: String) -> [Int: Mark] {
        marks[user, default: [:]]
    }

    /// Sets food `id` to `liked` for `user`, stamped `now`, unless the sequence says this one
    /// fails; a failed request changes nothing.
    func set(_ liked: Bool, id: Int, user: String, now: Date) -> Outcome {
        if failRate > 0, draws.nextUnit() < failRate {
            return draws.nextUnit() < 0.5 ? .refused : .notSaved
        }
        marks[user, default: [:]][id] = Mark(isLiked: liked, lastUpdatedDate: FoodsCatalog.timestamp(now))
        return .saved
    }
}
