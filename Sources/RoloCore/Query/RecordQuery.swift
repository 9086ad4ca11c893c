import Foundation

/// What `/` and `rolo dump --query` ask of a list: field terms, phrases, negations, presence,
/// comparisons and sorts, beside today's free text.
///
///     city:tallinn            the field contains the text (folded: case, accents, runs of spaces)
///     city=Tallinn            the field's whole value equals it, folded
///     city:tallinn,tartu      either
///     "ada love"              a phrase, found in the search text
///     -status:closed  -word   not
///     has:email  -has:email   present and not empty (null, "", blanks, [] and {} are empty)
///     age>30  age>=30  age<30  age<=30       numbers (a JSON number, or text that is one)
///     updated>2026-11-01      ISO 8601 and RFC 2822 dates, compared as instants
///     updated>7d              newer than 7 days (h, d, w); updated<7d older
///     sort:name  sort:-updated               order, several allowed, the first deciding first
///
/// Bare words are the free text, matched as the search matched before queries: the words left
/// after the terms, joined, found in a record's search text.
public struct RecordQuery: Sendable, Equatable {
    /// How a field term compares.
    public enum Comparison: Sendable, Equatable {
        /// `:` — the field contains one of the texts.
        case contains([String])
        /// `=` — the field's whole value is one of the texts.
        case equals([String])
        /// `>`, `>=`, `<`, `<=` against a number or an instant.
        case compare(Order, Bound)
        /// `has:` — present and not empty.
        case present
    }

    /// A comparison's direction.
    public enum Order: String, Sendable, Equatable {
        case above = ">", atLeast = ">=", below = "<", atMost = "<="

        /// Whether `order` (the value's against the bound) satisfies this.
        func holds(_ order: ComparisonResult) -> Bool {
            switch self {
            case .above: order == .orderedDescending
            case .atLeast: order != .orderedAscending
            case .below: order == .orderedAscending
            case .atMost: order != .orderedDescending
            }
        }
    }

    /// What a comparison compares with.
    public enum Bound: Sendable, Equatable {
        /// A number.
        case number(Double)
        /// An instant.
        case instant(Date)
        /// An age back from now, in seconds: `7d`; `>` means newer.
        case age(TimeInterval)
    }

    /// One term.
    public enum Term: Sendable, Equatable {
        /// `field:…`, `field=…`, `field>…`, `has:field`.
        case field(String, Comparison)
        /// A quoted phrase, found in the search text.
        case phrase(String)
        /// A negated bare word, not found in the search text (`-word`).
        case word(String)
    }

    /// A term and whether it is negated.
    public struct Clause: Sendable, Equatable {
        public var term: Term
        public var negated: Bool
    }

    /// One `sort:` key.
    public struct Sort: Sendable, Equatable {
        public var field: String
        public var descending: Bool
    }

    /// The terms, in order.
    public var clauses: [Clause] = []
    /// The `sort:` keys, the first deciding first.
    public var sorts: [Sort] = []
    /// The bare words, joined by a space: today's search.
    public var text = ""

    /// Whether the query asks nothing: no term, no sort, no text.
    public var isEmpty: Bool { clauses.isEmpty && sorts.isEmpty && text.isEmpty }

    /// The fields the terms and sorts name, in order, once each.
    public var fields: [String] {
        var names: [String] = []
        for clause in clauses { if case .field(let name, _) = clause.term, !names.contains(name) { names.append(name) } }
        for sort in sorts where !names.contains(sort.field) { names.append(sort.field) }
        return names
    }

    /// The longest query read: a pasted page of text is refused, not scanned.
    public static let maxLength = 4_096

    /// The query written `text`; throws a ``QueryError`` for a malformed term, saying which.
    public static func parse(_ text: String) throws(QueryError) -> RecordQuery {
        let (query, problems) = read(text)
        if let first = problems.first { throw first }
        return query
    }

    /// The query written `text` as far as it reads, and what doesn't: each malformed term is left
    /// out and said, an unclosed phrase runs to the end. The screen applies what reads while
    /// saying the rest under the search line; a query longer than ``maxLength`` is refused whole.
    public static func read(_ text: String) -> (query: RecordQuery, problems: [QueryError]) {
        guard text.count <= maxLength else {
            return (RecordQuery(), [QueryError("the query is \(text.count) characters long; \(maxLength) at most")])
        }
        var query = RecordQuery()
        var problems: [QueryError] = []
        var words: [String] = []
        for token in tokens(text, problems: &problems) {
            if token.quoted {
                query.clauses.append(Clause(term: .phrase(token.text), negated: token.negated))
                continue
            }
            do throws(QueryError) {
                switch try fieldTerm(token.text) {
                case .sort(let sort)?:
                    guard !token.negated else {
                        throw QueryError("'-\(token.text)' negates a sort: write sort:-\(sort.field) for the reverse")
                    }
                    query.sorts.append(sort)
                case .term(let term)?:
                    query.clauses.append(Clause(term: term, negated: token.negated))
                case nil where token.negated:
                    query.clauses.append(Clause(term: .word(token.text), negated: true))
                case nil:
                    words.append(token.text)
                }
            } catch {
                problems.append(error)
            }
        }
        query.text = words.joined(separator: " ")
        return (query, problems)
    }

    /// Whether the query is only free text: the list's search as it was before queries.
    public var isText: Bool { clauses.isEmpty && sorts.isEmpty }

    /// A term or a sort, read from a token.
    private enum Read {
        case term(Term)
        case sort(Sort)
    }

    /// The field term `token` is; nil for a bare word (no `:`, `=`, `<` or `>` after a name).
    private static func fieldTerm(_ token: String) throws(QueryError) -> Read? {
        guard let split = token.firstIndex(where: { ":=<>".contains($0) }), split != token.startIndex else { return nil }
        let name = String(token[..<split])
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || "_.-[]\"'@$".contains($0) }) else { return nil }
        var operatorEnd = token.index(after: split)
        if "<>".contains(token[split]), operatorEnd < token.endIndex, token[operatorEnd] == "=" { operatorEnd = token.index(after: operatorEnd) }
        let symbol = String(token[split..<operatorEnd])
        let value = String(token[operatorEnd...])
        switch symbol {
        case ":":
            let lowered = name.lowercased()
            if lowered == "sort" {
                var field = value
                let descending = field.hasPrefix("-")
                if descending { field.removeFirst() }
                guard !field.isEmpty else { throw QueryError("'\(token)' sorts by no field: write sort:name or sort:-updated") }
                return .sort(Sort(field: field, descending: descending))
            }
            if lowered == "has" {
                guard !value.isEmpty else { throw QueryError("'\(token)' names no field: write has:email") }
                return .term(.field(value, .present))
            }
            return .term(.field(name, .contains(try alternatives(value, token))))
        case "=":
            return .term(.field(name, .equals(try alternatives(value, token))))
        default:
            guard let order = Order(rawValue: symbol) else { return nil }
            guard let bound = bound(value) else {
                throw QueryError("'\(value)' in \(token) isn't a number, a date like 2026-11-01 or an age like 7d")
            }
            return .term(.field(name, .compare(order, bound)))
        }
    }

    /// `a,b` → ["a", "b"]; an empty value is a mistake.
    private static func alternatives(_ value: String, _ token: String) throws(QueryError) -> [String] {
        let texts = value.split(separator: ",", omittingEmptySubsequences: true).map(String.init)
        guard !texts.isEmpty else { throw QueryError("'\(token)' has no value: write \(token)something") }
        return texts
    }

    /// A comparison's bound: a number, an age (`7d`, `12h`, `2w`) or an instant.
    static func bound(_ text: String) -> Bound? {
        if let number = Double(text), number.isFinite { return .number(number) }
        if let unit = text.last, let seconds = ["h": 3_600.0, "d": 86_400, "w": 604_800][String(unit).lowercased()],
           let count = Double(text.dropLast()), count >= 0, count.isFinite {
            return .age(count * seconds)
        }
        return Instant.parse(text).map(Bound.instant)
    }

    /// One word of the query: its text, whether `-` negates it, whether it was quoted.
    private struct Token {
        var text: String
        var negated: Bool
        var quoted: Bool
    }

    /// The query's words: runs of text between blanks, a `"…"` phrase one word (in a field's
    /// value too: `city:"new york"`), a leading `-` the negation.
    private static func tokens(_ text: String, problems: inout [QueryError]) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard !rest.isEmpty else { return tokens }
            var negated = false
            if rest.first == "-", rest.count > 1, !rest.dropFirst().first!.isWhitespace {
                negated = true
                rest = rest.dropFirst()
            }
            if rest.first == "\"" {
                let body = rest.dropFirst()
                let close = body.firstIndex(of: "\"")
                if close == nil { problems.append(QueryError("a phrase isn't closed: \(String(rest.prefix(40)))… needs its closing \"")) }
                let phrase = String(body[..<(close ?? body.endIndex)]).trimmingWhitespace
                if !phrase.isEmpty { tokens.append(Token(text: phrase, negated: negated, quoted: true)) }
                rest = close.map { body[body.index(after: $0)...] } ?? ""
                continue
            }
            var word = ""
            while let character = rest.first, !character.isWhitespace {
                if character == "\"" {
                    // A quoted value inside a term: city:"new york".
                    let body = rest.dropFirst()
                    let close = body.firstIndex(of: "\"")
                    if close == nil {
                        problems.append(QueryError("a phrase isn't closed: \(word)\(String(rest.prefix(40))) needs its closing \""))
                    }
                    word += body[..<(close ?? body.endIndex)]
                    rest = close.map { body[body.index(after: $0)...] } ?? ""
                    continue
                }
                word.append(character)
                rest = rest.dropFirst()
            }
            tokens.append(Token(text: word, negated: negated, quoted: false))
        }
    }
}

/// Why a query can't be used, in one sentence: said under the search line, and by `rolo dump`
/// on standard error with exit status 2. It quotes what was typed, so it is made safe to draw
/// here, once for every message: a query pasted with an escape sequence prints as text.
public struct QueryError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description.sanitizedForTerminal
    }
}
