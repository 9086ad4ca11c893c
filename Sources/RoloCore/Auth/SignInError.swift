import Foundation

/// Why signing in, or signing a request, failed: one sentence naming what to do.
///
/// It never holds a token, a secret or a code: messages are written from the server's error
/// code and description, which carry none.
public struct SignInError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No usable sign-in: `rolo login NAME` mends it.
        case signedOut
        /// The person (or the server) said no: a denied or expired device code.
        case refused
        /// The config's auth can't work as written.
        case misconfigured
        /// The authorization server answered what rolo can't use, or couldn't be reached.
        case server
    }

    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    /// `source` needs signing in: `why` first, then how.
    static func signedOut(_ source: String, _ why: String) -> SignInError {
        SignInError(.signedOut, "\(why) — rolo login \(source)")
    }

    /// The error a request signed for `source` throws instead: a ``FetchError`` whose
    /// ``FetchError/signIn`` names the source when signing in again mends it.
    func fetchError(source: String) -> FetchError {
        // Refused like a 401 (a dump fails, as for a refused header) unless the authorization
        // server failed, which is a failure of the server's like any other.
        var error = FetchError(kind: kind == .server ? .badResponse : .httpStatus(401), endpoint: "",
                               message: description, detail: "sign-in of \(source): \(description)")
        if kind == .signedOut { error.signIn = source }
        return error
    }
}
