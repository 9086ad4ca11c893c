import Foundation
import RoloCore

/// The source's `[[sources.actions]]`: the record they act on, and what a run that worked does
/// to the list and the store (so a restart shows the record as the server left it).
extension RecordListModel: ConfiguredActions, FlashesRows {
    public var recordActions: [RecordAction] { source.actions }

    public var flashingRowID: String? { actionState.flashingRowID }

    /// The record as an action's templates see it: the full one once fetched, each looked-up
    /// record under its lookup's name (``LookupValues/expanded(_:)``).
    public func actionRecord(for rowID: String) -> JSONValue? {
        confirmedActionRecord(for: rowID).map { actionState.optimistic.shown($0, rowID: rowID) }
    }

    /// The record as stored, with the fields of `optimistic` writes the server confirmed and
    /// without those not yet confirmed.
    public func confirmedActionRecord(for rowID: String) -> JSONValue? {
        guard let record = record(withID: rowID) else { return nil }
        var value = record.value
        if case .loaded(let full) = details[rowID] { value = full }
        return lookupValues.expanded(confirmed(value, of: rowID))
    }

    /// `value`, record `rowID`'s, with the fields of `optimistic` writes the server confirmed:
    /// they show until the record is read again.
    func confirmed(_ value: JSONValue, of rowID: String) -> JSONValue {
        OptimisticWrites.overlay(confirmedWrites[rowID] ?? [], on: value)
    }

    /// Record `rowID`'s `value` as its row shows it: the confirmed writes, and those not yet
    /// confirmed on top.
    func shown(_ value: JSONValue, of rowID: String) -> JSONValue {
        actionState.optimistic.shown(confirmed(value, of: rowID), rowID: rowID)
    }

    /// An `optimistic` write worked: its fields show until the record is read again.
    public func confirmWrite(_ fields: JSONValue, on rowID: String) {
        guard case .object(let members) = fields else { return }
        let written = Set(members.map(\.key))
        confirmedWrites[rowID] = (confirmedWrites[rowID] ?? []).filter { !written.contains($0.key) } + members
    }

    public func optimisticChanged() {
        rebuildEntries()
        onEvent(.changed)
    }

    public func actionLabel(for rowID: String) -> String {
        record(withID: rowID).map { RecordDetail.label(of: $0, in: source, lookups: lookupValues) } ?? rowID
    }

    public func apply(_ outcome: ActionOutcome, to rowID: String) async -> String? {
        switch outcome {
        case .updated(let value):
            return await replace(rowID, with: value)
        case .refetch:
            guard let pager else { return "the record can't be fetched again" }
            do {
                guard let fresh = try await RecordFinder(pager: pager, store: nil).find(rowID, fresh: true) else {
                    return await drop(rowID)
                }
                return await replace(rowID, with: fresh.record.value)
            } catch let error as FetchError {
                return "the record can't be fetched again: \(error.message)"
            } catch {
                return "the record can't be fetched again: \(error)"
            }
        case .removed:
            return await drop(rowID)
        case .ran:
            return nil
        }
    }

    /// Puts `value` in the place of record `rowID`, in the store and so in the list.
    private func replace(_ rowID: String, with value: JSONValue) async -> String? {
        guard let store, let position = window?.attempt({ try store.position(ofID: rowID) }) ?? nil else { return nil }
        details[rowID] = source.detailURL == nil ? nil : .loaded(value)
        confirmedWrites[rowID] = nil
        do {
            try await store.replace(id: rowID, with: value)
        } catch {
            return "the new record isn't saved: \(error)"
        }
        storedRecordChanged(at: position)
        searchIndexStale = true
        recordsChanged()
        return nil
    }

    /// Drops record `rowID` from the store and so from the list.
    private func drop(_ rowID: String) async -> String? {
        guard let store, let position = window?.attempt({ try store.position(ofID: rowID) }) ?? nil else { return nil }
        details[rowID] = nil
        confirmedWrites[rowID] = nil
        do {
            try await store.remove(id: rowID)
        } catch {
            return "the store still holds it: \(error)"
        }
        storedRecordRemoved(at: position)
        // Positions after it moved: the index and a search's matches are read again.
        searchIndex?.reset()
        recordsChanged()
        return nil
    }
}
