import RoloCore

extension FoodsViewModel {
    /// A food has no email or phone, so `y` copies its name — what one pastes into a search or
    /// a shopping list; the menu adds the description, the country and the photo's URL.
    public func copyValues(for rowID: String) -> [CopyValue] {
        guard let food = food(withID: rowID) else { return [] }
        let country = food.countryCode.map { code in Country.name(for: code).map { "\($0) (\(code))" } ?? code } ?? ""
        return CopyValue.present([
            CopyValue(.name, "Name", food.name),
            CopyValue(.other, "Description", food.description),
            CopyValue(.other, "Country", country),
            CopyValue(.other, "Photo URL", food.photoURL?.absoluteString ?? ""),
        ])
    }
}
