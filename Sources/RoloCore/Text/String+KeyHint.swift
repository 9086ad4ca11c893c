extension String {
    /// This message without a trailing "r to retry" or ", then r": for where pressing `r` isn't
    /// the way to retry (a script, a row that Enter retries).
    public var withoutKeyHint: String {
        for hint in [" — r to retry", "; r to retry", "? r to retry", " r to retry", ", then r"] where hasSuffix(hint) {
            let kept = dropLast(hint.count)
            return hint.hasPrefix("?") ? kept + "?" : String(kept)
        }
        return self
    }
}
