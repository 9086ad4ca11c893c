import Foundation
import RoloCore
import TerminalUI

/// The detail pane of an employee: every field the server sent.
enum PeopleDetail {
    static func blocks(for employee: Employee, today: Date, picture: Picture) -> [DetailBlock] {
        var birth = employee.birthDate.display
        if let age = employee.birthDate.age(on: today, calendar: Calendar(identifier: .gregorian)) {
            birth += " (\(age) years)"
        } else if employee.birthDate.year != nil {
            birth += " (in the future)"
        } else {
            birth += " (not a date rolo can read)"
        }
        return [
            .picture(picture),
            .title(employee.fullName),
            .gap,
            .field(label: "ID", value: String(employee.id)),
            .field(label: "First name", value: employee.firstName),
            .field(label: "Last name", value: employee.lastName),
            .field(label: "Gender", value: employee.gender),
            .field(label: "Birth date", value: birth),
            .field(label: "Thumbnail", value: describe(employee.thumbImage)),
            .field(label: "Photo", value: describe(employee.image)),
        ]
    }

    static func describe(_ field: ImageField) -> String {
        switch field {
        case .absent:
            return "none"
        case .invalid(let reason):
            return "can't be shown (\(reason))"
        case .bytes(let data):
            return "\(ImageFormat.name(of: data)), \(ByteCountFormatter.string(fromByteCount: Int64(data.count), countStyle: .file))"
        }
    }
}

/// Names an image format from its first bytes, never from a field name or URL.
enum ImageFormat {
    static func name(of data: Data) -> String {
        let bytes = [UInt8](data.prefix(8))
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "JPEG" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "PNG" }
        return "not a JPEG or PNG"
    }
}
