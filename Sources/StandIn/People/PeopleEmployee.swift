/// One generated employee of the ME server, with the quirks it carries.
struct PeopleEmployee: Sendable {
    /// What an image field holds for this employee.
    enum Picture: Sendable {
        /// The key is left out.
        case absent
        /// The key is there with `null`.
        case null
        /// The generated portrait (or its thumbnail), properly encoded.
        case portrait
        /// Text that is not base64 at all.
        case invalidBase64
        /// Valid base64 of a JPEG cut off part-way.
        case truncated
    }

    /// 1...N, in list order.
    let id: Int
    let firstName: String
    let lastName: String
    /// `male`, `female` or `other`.
    let gender: String
    /// `d MMMM yyyy`, the day zero-padded or not.
    let birthDate: String
    /// What `thumbImage` holds, in the list and the detail alike.
    let thumbnail: Picture
    /// What `image` holds in the detail.
    let image: Picture
    /// Whether the list carries `image` too, as the real list does for some people.
    let imageInList: Bool
}
