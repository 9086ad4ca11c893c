import Foundation

/// An action as a confirmation shows it, its templates filled in: "PATCH
/// https://api.example.com/tickets/7 {"status":"closed"}", or a command as a shell would read it.
extension ActionRunner {
    /// The longest body a confirmation shows.
    static let shownBodyLimit = 300

    /// What `action` will do for `values`, in one line cleaned for the terminal.
    public func describe(_ action: RecordAction, _ values: ActionValues) throws(ActionFailure) -> String {
        switch action.effect {
        case .http(let http):
            let request = try self.request(http, values)
            var text = "\(request.method) \(redactingSecrets(request.url.absoluteString, secrets: secrets))"
            if let body = request.body {
                let json = String(decoding: body, as: UTF8.self)
                text += " " + (json.count > Self.shownBodyLimit ? String(json.prefix(Self.shownBodyLimit)) + "…" : json)
            }
            return text.sanitizedForTerminal
        case .command(let command):
            return try CommandRunner.argv(command, values).map(Self.shellQuoted).joined(separator: " ").sanitizedForTerminal
        case .setTitle(let title):
            return "set the list's title to \(values.text(title).trimmingWhitespace)".sanitizedForTerminal
        }
    }

    /// `word` as a POSIX shell would read it back: bare when it is plain, else in single quotes.
    static func shellQuoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII || "-_./=:@%+,".unicodeScalars.contains($0)
        }
        return plain ? word : "'" + word.replacingEvery("'", with: "'\\''") + "'"
    }
}
