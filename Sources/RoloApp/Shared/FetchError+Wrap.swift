import RoloCore

extension FetchError {
    /// Any error from a service as a `FetchError`: services throw only `FetchError`, but a task's
    /// own cancellation arrives as `CancellationError`, and anything else is reported, not hidden.
    static func wrap(_ error: any Error) -> FetchError {
        if let error = error as? FetchError { return error }
        if error is CancellationError {
            return FetchError(kind: .cancelled, endpoint: "", message: "Cancelled — r to retry", detail: "task cancelled")
        }
        return FetchError(kind: .badResponse, endpoint: "", message: "Something went wrong — r to retry; details are in the log",
                          detail: String(describing: error))
    }
}
