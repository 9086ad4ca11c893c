import TerminalUI

/// Marks in the list: Space, `V`, Esc, the mark gutter and "5 marked" in the status line.
extension ScreenController {
    /// The marked rows of the source on screen.
    var marks: RowMarks {
        get { bulk.marks[source.id] ?? RowMarks() }
        set { bulk.marks[source.id] = newValue }
    }

    /// Whether rows can be marked here: a source with actions to run on them, a row selected.
    var canMark: Bool {
        sourceUI.selectedID != nil && actionSource != nil
    }

    /// Whether the footer hints `action`: what is available, but `a` and Space only where the
    /// user declared actions; a source with rolo's actions alone (foods, randomuser) has their
    /// keys there already, and `?` lists the menu and marks.
    func isHinted(_ action: Action) -> Bool {
        switch action {
        case .actionMenu, .toggleMark: isAvailable(action) && actionSource?.recordActions.isEmpty == false
        default: isAvailable(action)
        }
    }

    /// Space: marks or unmarks the selected row and moves down, so repeated presses mark a run.
    func toggleMark() {
        guard canMark, let id = sourceUI.selectedID else { return }
        marks.toggle(id)
        moveSelection(.moveDown)
    }

    /// `V`: marks the rows from the last marked (or unmarked) one to the selected one.
    func markRange() {
        guard canMark, let id = sourceUI.selectedID else { return }
        marks.markRange(to: id, in: source.entries)
    }

    /// Esc in the list with no search on: stops a bulk run that is still sending (the records
    /// not sent yet aren't), else clears the marks.
    func escapeMarks() {
        if let run = bulk.run, run.isRunning {
            run.stop()
            say("\(run.action.name): stopping — the records not sent yet won't be (R in the results sends them)")
        } else {
            marks.removeAll()
        }
    }

    /// Drops the marks of records the source no longer has, when a load (a refresh, a page, a
    /// search) has just ended: while it runs, a record missing from the list may still come.
    func pruneMarks() {
        let id = source.id
        if source.status.isLoading {
            bulk.loading.insert(id)
            return
        }
        guard bulk.loading.remove(id) != nil, !marks.isEmpty, let records = source as? any MarkedRecords else { return }
        let kept = records.recordIDs(among: marks.ids)
        marks = marks.pruned { kept.contains($0) }
    }

    /// The gutter's mark for each row while the source on screen has marks or a run: the run's
    /// state of the row (pending, done, failed), else whether it is marked; nil for no gutter.
    func rowMark(glyphs: Glyphs) -> ((String) -> String?)? {
        let marks = self.marks
        let run = bulk.run?.sourceID == source.id ? bulk.run : nil
        guard !marks.isEmpty || run != nil else { return nil }
        let symbols = MarkSymbols(glyphs)
        return { id in
            switch run?.state(of: id) {
            case .pending?: symbols.pending
            case .done?: symbols.done
            case .failed?: symbols.failed
            case .notRun?, nil: marks.contains(id) ? symbols.marked : nil
            }
        }
    }

    /// The status line's items: the run's progress, and how many rows are marked.
    var bulkStatusItems: [String] {
        var items: [String] = []
        if let run = bulk.run, run.isRunning { items.append(run.progressText) }
        if !marks.isEmpty { items.append("\(marks.count) marked") }
        return items
    }
}

/// The marks' symbols in the terminal's glyph set.
struct MarkSymbols {
    let marked: String
    let pending: String
    let done: String
    let failed: String

    init(_ glyphs: Glyphs) {
        // Only the full Unicode set has a round bullet; the others have no check marks either.
        let unicode = glyphs.bullet == Glyphs.unicode.bullet
        marked = glyphs.bullet
        pending = glyphs.ellipsis
        done = unicode ? "✓" : "+"
        failed = unicode ? "✗" : "!"
    }
}
