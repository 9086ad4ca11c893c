/// One generated food of the OpenFoods server, as it stands before any user likes it.
struct FoodsEntry: Sendable {
    /// 1...N, in list order.
    let id: Int
    let name: String
    /// Empty for one food, very long for another.
    let description: String
    /// An ISO 3166-1 alpha-2 code, real except for a few ("XX", "ZZ").
    let countryOfOrigin: String
    /// Whether the user likes it before any like or unlike.
    let isLiked: Bool
    /// `lastUpdatedDate` as the server writes it: ISO 8601 with or without fractional seconds.
    let lastUpdatedDate: String
    /// Whether `/foods/photos/<id>.jpg` exists; the real server's `photoURL` "probably" does.
    let hasPhoto: Bool
}
