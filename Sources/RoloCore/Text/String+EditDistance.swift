extension String {
    /// The Levenshtein distance to `other`, for "did you mean" suggestions.
    public func editDistance(to other: String) -> Int {
        let a = Array(self), b = Array(other)
        var previous = Array(0...b.count)
        for (i, charA) in a.enumerated() {
            var current = [i + 1]
            for (j, charB) in b.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (charA == charB ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

extension String {
    /// The candidate nearest to this text within `distance` edits, for "did you mean"; nil when
    /// none is that near.
    public func closest(in candidates: [String], within distance: Int = 3) -> String? {
        let scored = candidates.map { (candidate: $0, distance: editDistance(to: $0)) }.filter { $0.distance <= distance }
        return scored.min(by: { $0.distance < $1.distance })?.candidate
    }

    /// " (did you mean 'label'?)" when one of `candidates` is near this text; nil otherwise.
    /// This text itself is never suggested: it is the word that was rejected, so a candidate
    /// that is the same (a path that is there but null) isn't what was meant.
    public func didYouMean(_ candidates: [String]) -> String? {
        closest(in: candidates.filter { $0 != self }).map { " (did you mean '\($0)'?)" }
    }
}
