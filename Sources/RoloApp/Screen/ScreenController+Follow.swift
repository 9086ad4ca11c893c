import Foundation
import RoloCore
import TerminalUI

/// A source whose detail names records shown by another source (`[[sources.lookups]]` with
/// `source =`), which Enter in the detail opens there.
@MainActor
public protocol FollowsReferences: SourceModel {
    /// The source and the record's id that the detail of `rowID` opens: through the reference
    /// labelled `field` as the detail shows it, or the first (Enter) when nil; nil for none.
    func followTarget(for rowID: String, field: String?) -> (source: SourceID, id: String)?
}

/// Where the user was before Enter followed a reference, and where it led.
struct FollowStep {
    /// The source followed from, its row and detail as they were.
    var from: SourceID
    var ui: ScreenController.SourceUI
    /// The source and record followed to.
    var to: SourceID
    var id: String
}

extension ScreenController {
    /// The reference Enter follows in the detail on screen (or the one labelled `field`, which
    /// a click names), with the tab it opens.
    func followTarget(field: String? = nil) -> (index: Int, id: String)? {
        guard sourceUI.showingDetail || field != nil, let rowID = sourceUI.selectedID,
              let target = (source as? any FollowsReferences)?.followTarget(for: rowID, field: field),
              let index = sources.firstIndex(where: { $0.id == target.source })
        else { return nil }
        return (index, target.id)
    }

    /// Enter in the detail on a reference (or a click on the one labelled `field`): opens the
    /// record on its source's tab, its detail shown, and remembers where the user was, for Esc/←
    /// to come back to. False when the detail has no reference to follow.
    @discardableResult
    func followReference(field: String? = nil) -> Bool {
        guard let target = followTarget(field: field) else { return false }
        follows.append(FollowStep(from: source.id, ui: sourceUI, to: sources[target.index].id, id: target.id))
        if target.index != active { switchSource(to: target.index) }
        var ui = sourceUI
        ui.selectedID = nil
        ui.showingDetail = true
        ui.detailScroll = 0
        sourceUI = ui
        pendingFollow = target.id
        showFollowedRecord()
        return true
    }

    /// Selects the record a follow went to once its source lists it (it may still be loading).
    func showFollowedRecord() {
        guard let id = pendingFollow, follows.last?.to == source.id else { return }
        guard let index = source.entries.index(ofRowID: id) else { return }
        pendingFollow = nil
        sourceUI.cursor.selected = index
        clampCursor()
        sourceUI.showingDetail = true
    }

    /// Esc/← in the detail a follow opened: back to the source and row it was followed from, as
    /// they were. False when the detail on screen wasn't opened by a follow.
    func backFromFollow() -> Bool {
        guard let step = follows.last, step.to == source.id, sourceUI.showingDetail || pendingFollow != nil,
              let index = sources.firstIndex(where: { $0.id == step.from })
        else {
            if follows.last?.to != source.id { follows.removeAll() }
            return false
        }
        follows.removeLast()
        pendingFollow = nil
        if index != active { switchSource(to: index) }
        sourceUI = step.ui
        afterEntriesChanged()
        return true
    }
}
