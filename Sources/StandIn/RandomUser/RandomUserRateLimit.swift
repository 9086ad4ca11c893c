/// How many more page requests answer 429, counted down as they arrive.
actor RandomUserRateLimit {
    private var remaining: Int

    /// A limit for the next `remaining` requests; `Int.max` keeps the API limited for good.
    init(remaining: Int) {
        self.remaining = max(0, remaining)
    }

    /// Whether this request is refused; uses up one refusal when it is.
    func take() -> Bool {
        guard remaining > 0 else { return false }
        if remaining != Int.max { remaining -= 1 }
        return true
    }
}
