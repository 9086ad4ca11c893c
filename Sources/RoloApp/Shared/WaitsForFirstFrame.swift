/// A source with work held back until the screen's start is over: the first frame that shows
/// the shown source's rows (or says it has none, nothing left loading) is out. A search index
/// read at a million records — its file, or SQLite's rows — beside that frame takes the cores
/// the database's open and the rows' read need, and the frame comes tens of ms later.
///
/// ``App`` tells every source on the screen once; a source no screen tells (a test's) does the
/// work when it is first needed, as a search reads its index anyway.
@MainActor
public protocol WaitsForFirstFrame: SourceModel {
    /// The screen's first frame with data is out: the held-back work may begin.
    func firstFrameDrawn()
}
