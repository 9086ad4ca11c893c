extension DirectoryEmployee {
    /// The job groups of the directory; the list is sectioned by them.
    public enum Position: String, Sendable, Hashable, CaseIterable, Codable {
        case ios = "IOS"
        case android = "ANDROID"
        case web = "WEB"
        case pm = "PM"
        case tester = "TESTER"
        case sales = "SALES"
        case other = "OTHER"

        /// The position for the server's text: known names in any case and with blanks around
        /// them; anything else is ``other``, because the service adds positions without notice
        /// and a new one must not hide the person.
        public init(serverValue: String) {
            // The usual exact spelling skips Foundation's trim, microseconds a person.
            if let exact = Position(rawValue: serverValue) {
                self = exact
                return
            }
            let upper = serverValue.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
            self = Position(rawValue: upper) ?? .other
        }

        /// Decodes leniently, like ``init(serverValue:)``, so a saved list from a newer rolo
        /// still loads.
        public init(from decoder: any Decoder) throws {
            self.init(serverValue: try decoder.singleValueContainer().decode(String.self))
        }

        /// The section header: "iOS", "Android", "Web", "PM", "Tester", "Sales", "Other".
        public var title: String {
            switch self {
            case .ios: "iOS"
            case .android: "Android"
            case .web: "Web"
            case .pm: "PM"
            case .tester: "Tester"
            case .sales: "Sales"
            case .other: "Other"
            }
        }
    }
}
