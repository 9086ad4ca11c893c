import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where sign-ins are kept: `$XDG_STATE_HOME/rolo/tokens/` (mode 0700), a file per profile and
/// source (`PROFILE.SOURCE.json`, mode 0600), each written whole or not at all.
///
/// A file that others may read is refused, as ssh refuses a private key that others may read:
/// whatever it holds may have leaked, and the person should know.
public struct TokenStore: Sendable, Equatable {
    /// The tokens directory.
    public let directory: String
    /// The profile the tokens belong to; `default` without `--profile`.
    public let profile: String

    public static let defaultProfile = "default"

    public init(directory: String, profile: String? = nil) {
        self.directory = directory
        self.profile = profile ?? Self.defaultProfile
    }

    /// The store under a state directory (``Settings/stateDir``).
    public init(stateDir: String, profile: String? = nil) {
        self.init(directory: stateDir + "/tokens", profile: profile)
    }

    /// Why a token file can't be used, in the person's words.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The file of `source`'s sign-in.
    public func path(of source: String) -> String {
        "\(directory)/\(profile).\(source).json"
    }

    /// `source`'s token; nil when it isn't signed in. Throws when the file is readable by others
    /// or isn't a token file.
    public func token(of source: String) throws(Problem) -> SignInToken? {
        let path = path(of: source)
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw Problem(description: "can't read \(path): \(String(cString: strerror(errno)))")
        }
        if info.st_mode & 0o077 != 0 {
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw Problem(description: "\(path) is readable by others (mode \(mode)), so rolo won't use it — chmod 600 \(path), or rolo login \(source) again")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "can't read \(path)")
        }
        do {
            return try Self.decoder.decode(SignInToken.self, from: data)
        } catch {
            throw Problem(description: "\(path) isn't a token file rolo wrote — rolo login \(source) again")
        }
    }

    /// Keeps `token` as `source`'s sign-in.
    public func save(_ token: SignInToken, of source: String) throws(Problem) {
        let path = path(of: source)
        do {
            // AtomicFile makes a missing directory 0700; one made otherwise is made private too.
            try AtomicFile.replace(path, with: try Self.encoder.encode(token), mode: 0o600)
            chmod(directory, 0o700)
        } catch {
            throw Problem(description: "can't save the sign-in in \(path): \(error)")
        }
    }

    /// Forgets `source`'s sign-in; whether there was one.
    @discardableResult
    public func remove(_ source: String) throws(Problem) -> Bool {
        let path = path(of: source)
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw Problem(description: "can't remove \(path): \(String(cString: strerror(errno)))")
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()
}
