import Foundation
import RoloCore

extension PipedriveViewModel {
    /// Every email (the primary first), every phone (the primary first), the name and the
    /// organisation.
    public func copyValues(for rowID: String) -> [CopyValue] {
        guard let person = selectedPerson?.id == rowID ? selectedPerson : rows?.person(withID: rowID) else { return [] }
        let primaryFirst: ([LabeledValue]) -> [LabeledValue] = { values in values.filter(\.primary) + values.filter { !$0.primary } }
        let label: (String, LabeledValue) -> String = { noun, value in value.label.map { "\(noun) (\($0))" } ?? noun }
        return CopyValue.present(
            primaryFirst(person.emails).map { CopyValue(.email, label("Email", $0), $0.value) }
            + primaryFirst(person.phones).map { CopyValue(.phone, label("Phone", $0), $0.value) }
            + [CopyValue(.name, "Name", person.name.trimmingCharacters(in: .whitespaces)),
               CopyValue(.other, "Organisation", person.organizationName ?? "")])
    }
}
