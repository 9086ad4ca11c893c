import Foundation
import RoloCore
import TerminalUI

/// Something a source tells the screen besides "my state changed".
public enum SourceEvent: Sendable, Equatable {
    case changed
    /// A short message for a banner over the data still shown.
    case banner(String, isError: Bool)
}

/// What the list area of a source shows when it has no rows to show.
public enum ListPlaceholder: Sendable, Equatable {
    case loading(String)
    case empty(String)
    case failed(String)
    /// The source can't be used until something is set; the text says what.
    case unconfigured(String)
}

/// A source as the screen sees it: one API adapted to the shared list, detail and status line.
/// What only some sources do is a capability of its own (`SourceCapabilities.swift`).
///
/// Each source is a view-model on the main actor: it owns its state, starts async work through
/// services, and reports changes with `onEvent`; it never draws and never touches the terminal.
@MainActor
public protocol SourceModel: AnyObject {
    var id: SourceID { get }
    /// The list's title, e.g. "Employees".
    var listTitle: String { get }
    /// What one row is called, singular and plural: ("employee", "employees").
    var noun: (singular: String, plural: String) { get }
    var columns: [ListColumn] { get }
    /// The rows to show now (already filtered by the search term).
    var entries: any ListEntrySource { get }
    /// Its load state as the status line and the list's placeholder show it.
    var status: SourceStatus { get }
    /// The current search term, if the list is filtered.
    var searchTerm: String? { get }
    /// Whether the entries are a search's first matches only, the rest still being counted.
    var isCountingMatches: Bool { get }
    var onEvent: (SourceEvent) -> Void { get set }

    /// Starts the first load; called once, when the source is first shown.
    func start()
    /// Reloads from the server, keeping what is shown until the answer comes.
    func refresh()
    /// The detail pane's blocks for a row. Pure: reads state, starts nothing.
    func detail(for rowID: String) -> [DetailBlock]
    /// Filters the list; nil or empty shows everything.
    func setSearch(_ term: String?)
}

/// A source's load state, as the screen shows it.
public struct SourceStatus: Sendable, Equatable {
    /// Whether a request is in flight (the status line spins).
    public var isLoading: Bool
    /// When the data shown was last confirmed by the server.
    public var lastUpdated: Date?
    /// Extra status-line segments, e.g. "server ok".
    public var items: [String]
    /// Shown instead of the list when there are no entries.
    public var placeholder: ListPlaceholder?

    public init(isLoading: Bool, lastUpdated: Date?, items: [String], placeholder: ListPlaceholder?) {
        self.isLoading = isLoading
        self.lastUpdated = lastUpdated
        self.items = items
        self.placeholder = placeholder
    }
}

/// What an overlay shows: a title and its lines, each with a role that picks its style.
public struct OverlayContent: Sendable, Equatable {
    /// How a line is drawn.
    public enum Role: Sendable, Equatable { case heading, label, text, dim }

    public var title: String
    public var lines: [(text: String, role: Role)]
    /// A picture beside the lines (a contact's photo or badge); nil for none.
    public var picture: Picture?

    public init(title: String, lines: [(text: String, role: Role)], picture: Picture? = nil) {
        self.title = title
        self.lines = lines
        self.picture = picture
    }

    public static func == (lhs: OverlayContent, rhs: OverlayContent) -> Bool {
        lhs.title == rhs.title && lhs.lines.map(\.text) == rhs.lines.map(\.text) && lhs.lines.map(\.role) == rhs.lines.map(\.role)
            && lhs.picture == rhs.picture
    }
}

extension SourceModel {
    /// No first matches apart: a source's search answers whole.
    public var isCountingMatches: Bool { false }

    /// Whether the source can be used as configured (its tab is dimmed otherwise).
    public var isConfigured: Bool {
        if case .unconfigured = status.placeholder { return false }
        return true
    }
}

extension Optional where Wrapped == String {
    /// The text of a search field as a filter: trimmed, and nil when nothing is left.
    var searchTerm: String? {
        guard let trimmed = self?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
