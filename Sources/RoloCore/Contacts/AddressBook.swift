import Foundation

/// The user's address book: a `.vcf` file or a directory of them (`--contacts`, by default
/// `$XDG_DATA_HOME/contacts`, the vdirsyncer / khard layout), and the matching of directory
/// employees to its cards.
public enum AddressBook {
    /// The file extensions read in a directory.
    static let extensions: Set<String> = ["vcf", "vcard"]

    /// A file larger than this is not an address book anyone meant to load.
    static let maxFileBytes = 64 << 20

    /// The cards at `path` (a file, or a directory searched recursively, hidden entries
    /// skipped, files in name order) and, when something went wrong, one line saying what.
    ///
    /// Never fails: a missing or unreadable address book gives no cards and a reason, files
    /// that can't be read are skipped and named, and the rest still load.
    public static func load(path: String) -> (cards: [ContactCard], problem: String?) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return ([], "No address book at \(path)")
        }
        let files = isDirectory.boolValue ? vCardFiles(in: path) : [path]
        var cards: [ContactCard] = []
        var failures: [String] = []
        for file in files {
            switch read(file) {
            case .success(let fileCards): cards += fileCards
            case .failure(let reason): failures.append(reason)
            }
        }
        if let first = failures.first {
            let more = failures.count > 1 ? " (and \(failures.count - 1) more)" : ""
            return (cards, first + more)
        }
        if cards.isEmpty {
            return ([], isDirectory.boolValue ? "No vCards in \(path)" : "\(path) holds no vCards")
        }
        return (cards, nil)
    }

    /// The card for the employee named `firstName` `lastName`, nil when none matches; the
    /// first in file order when several do.
    ///
    /// Names match as ``PersonNameKey`` compares them: case-insensitive after NFC, blanks
    /// trimmed, diacritics significant (`Jüri` is not `Juri`). A card's given and family names
    /// must both equal the employee's; its additional names are ignored. A card without an `N`
    /// has its `FN` split at every word boundary, and matches when any split gives the
    /// employee's names: `FN` alone can't say where a two-word given name ends.
    public static func card(for firstName: String, lastName: String, in cards: [ContactCard]) -> ContactCard? {
        let wanted = ContactMatchKey(firstName: firstName, lastName: lastName)
        return cards.first { ContactMatchKey.keys(of: $0).contains(wanted) }
    }

    private enum FileRead {
        case success([ContactCard])
        case failure(String)
    }

    private static func read(_ file: String) -> FileRead {
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: file))[.size] as? Int ?? 0
            guard size <= maxFileBytes else { return .failure("\(file) is too large to be an address book") }
            return .success(VCardParser.parse(try Data(contentsOf: URL(fileURLWithPath: file))))
        } catch {
            return .failure("\(file) can't be read: \(error.localizedDescription)")
        }
    }

    private static func vCardFiles(in directory: String) -> [String] {
        let root = URL(fileURLWithPath: directory)
        guard let walker = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [String] = []
        for case let url as URL in walker where extensions.contains(url.pathExtension.lowercased()) {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                files.append(url.path)
            }
        }
        return files.sorted()
    }
}

extension AddressBook {
    /// The user's address book: the configured path, plus `~/.contacts.vcf` when it exists.
    public static func load(_ settings: Settings) -> (cards: [ContactCard], problem: String?) {
        var result = load(path: settings.contactsPath)
        let home = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".contacts.vcf").path
        if home != settings.contactsPath, FileManager.default.fileExists(atPath: home) {
            let extra = load(path: home)
            result = (result.cards + extra.cards, result.cards.isEmpty && extra.cards.isEmpty ? result.problem : nil)
        }
        return result
    }
}
