/// The five sources rolo browses, in tab order; the raw value is the command-line name.
public enum SourceID: String, CaseIterable, Sendable, Codable {
    /// The ME employees server.
    case people
    /// The Tallinn and Tartu work contacts.
    case directory
    /// OpenFoods.
    case foods
    /// randomuser.me.
    case randomuser
    /// Persons in a Pipedrive account.
    case pipedrive
}
