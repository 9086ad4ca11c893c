import RoloCore

/// An action about to run on the marked rows, as the confirmation asks it once for all of
/// them: "PATCH 5 records?" with the request as the first record makes it.
struct BulkPlan: Equatable {
    /// The action.
    let action: RecordAction
    /// The inputs given once for every record.
    let inputs: [String: String]
    /// The marked records the action applies to, in list order.
    let items: [BulkItem]
    /// How many marked records its `when` leaves out.
    let skipped: Int
    /// The request for the first record, filled in: "PATCH http://…/people/7/ {"title":"Lead"}".
    let request: String
    /// What the list calls many records: "records".
    let noun: String

    /// The question: "PATCH 5 records?" for a request, "Run 'greet' on 5 records?" for a command.
    var question: String {
        switch action.effect {
        case .http(let http): "\(http.method.rawValue) \(items.count) \(noun)?"
        case .command, .setTitle: "Run '\(action.name)' on \(items.count) \(noun)?"
        }
    }

    /// The confirmation's lines: what runs, the first request, and what is left out.
    var lines: [(text: String, role: OverlayContent.Role)] {
        var lines: [(text: String, role: OverlayContent.Role)] = [
            ("\(action.title) — \(items.count) marked \(noun), up to \(BulkEngine.defaultLimit) at a time", .text),
            ("", .text),
            ("The first:", .label),
            ("  " + request, .text),
        ]
        if items.count > 1 { lines.append(("  … and \(items.count - 1) more like it", .dim)) }
        if skipped > 0, let when = action.when {
            lines.append(("\(skipped) marked left out: when = '\(when.description.sanitizedForTerminal)'", .dim))
        }
        return lines
    }
}

/// The marks of every source and the bulk action running on one of them, kept by the screen.
struct BulkScreenState {
    /// The marked rows, by source.
    var marks: [SourceID: RowMarks] = [:]
    /// The run under way or last ended, until its results are closed.
    var run: BulkRun?
    /// Whether a run's results wait for the overlay they ended under to close.
    var resultsWaiting = false
    /// The sources seen loading since their marks were last checked against their records.
    var loading: Set<SourceID> = []
}
