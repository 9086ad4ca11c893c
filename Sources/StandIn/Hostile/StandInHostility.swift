/// Switches that make the people, foods and directory lists answer badly on purpose: many
/// records, one huge field, unreadable records mixed with good ones, a body that trickles in.
///
/// While any is on, those lists are generated plainly (no pictures), so 200,000 records make an
/// answer of about 25 MB, as a real server's would be.
public struct StandInHostility: Sendable, Equatable, Hashable {
    /// Records in each list; 0 keeps the usual count (24). The directory's are split between
    /// its cities.
    public var records: Int = 0
    /// Characters of the first record's first name; 0 for a usual name.
    public var hugeField: Int = 0
    /// Records each list holds that can't be read (an id that is text, an id of 2^63, a null
    /// name, in turn), spread evenly between good ones.
    public var badRecords: Int = 0
    /// Milliseconds over which each list's body is sent, in small pieces; 0 sends it at once.
    public var trickleMilliseconds: Int = 0

    /// No switch on.
    public init() {}

    /// Switches with the given values.
    public init(records: Int = 0, hugeField: Int = 0, badRecords: Int = 0, trickleMilliseconds: Int = 0) {
        self.records = records
        self.hugeField = hugeField
        self.badRecords = badRecords
        self.trickleMilliseconds = trickleMilliseconds
    }

    /// Whether any switch is on.
    public var isOn: Bool { self != StandInHostility() }

    /// How many records a list has.
    var count: Int { records > 0 ? records : 24 }

    /// Whether record `index` of `count` is one of the unreadable ones: every `count / bad`th,
    /// starting at the second, so the first record (the huge one) stays readable.
    func isBad(_ index: Int, of count: Int) -> Bool {
        guard badRecords > 0, count > 1 else { return false }
        let every = max(1, count / badRecords)
        return index % every == 1 % every && index / every < badRecords
    }
}
