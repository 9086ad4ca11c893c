import Foundation
import RoloCore

/// What the randomuser source says of a failed load: on screen, on the retry row, in the log.
extension RandomUserViewModel {
    /// A message without its "— r to retry": on the retry row, Enter is what retries.
    static func reason(_ message: String) -> String {
        guard message.hasSuffix("r to retry") else { return message }
        var reason = message.dropLast("r to retry".count).trimmingCharacters(in: .whitespaces)
        if reason.hasSuffix("—") { reason = reason.dropLast().trimmingCharacters(in: .whitespaces) }
        return reason
    }

    /// The banner line for a fetch or store error.
    static func message(for error: any Error) -> String {
        if let error = error as? StoreError { return error.description }
        return FetchError.wrap(error).message
    }

    /// The log line for a fetch or store error.
    static func detail(of error: any Error) -> String {
        if let error = error as? StoreError { return error.description }
        return FetchError.wrap(error).detail
    }
}
