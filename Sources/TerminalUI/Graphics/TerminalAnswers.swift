/// What the terminal said about itself at start-up, gathered from its replies.
public struct TerminalAnswers: Sendable, Equatable {
    /// XTVERSION's text, such as `kitty(0.26.5)` or `XTerm(379)`; nil when it didn't answer.
    public var version: String?
    /// Whether the kitty graphics query was answered `OK` (true) or with an error (false);
    /// nil when it wasn't answered at all.
    public var kittyGraphics: Bool?
    /// The primary device attributes; nil until they come, which ends the wait.
    public var deviceAttributes: [Int]?
    /// A cell's size in pixels, when the terminal told.
    public var cellSize: Size?
    /// The text area's size in pixels, when the terminal told.
    public var textAreaSize: Size?

    /// Answers with nothing heard yet.
    public init(version: String? = nil, kittyGraphics: Bool? = nil, deviceAttributes: [Int]? = nil,
                cellSize: Size? = nil, textAreaSize: Size? = nil) {
        self.version = version
        self.kittyGraphics = kittyGraphics
        self.deviceAttributes = deviceAttributes
        self.cellSize = cellSize
        self.textAreaSize = textAreaSize
    }

    /// Takes in one reply; a kitty answer about another image than the query's is not about support.
    public mutating func record(_ reply: TerminalReply) {
        switch reply {
        case .version(let text): version = text
        case .kittyGraphics(let id, let message) where id == TerminalQueries.kittyQueryID:
            kittyGraphics = message == "OK"
        case .kittyGraphics: break
        case .deviceAttributes(let attributes): deviceAttributes = attributes
        case .cellSize(let size) where size.width > 0 && size.height > 0: cellSize = size
        case .textAreaSize(let size) where size.width > 0 && size.height > 0: textAreaSize = size
        case .cellSize, .textAreaSize, .focus: break
        }
    }

    /// Whether the wait is over: DA1, asked last, has been answered.
    public var isComplete: Bool { deviceAttributes != nil }

    /// Whether the device attributes list sixel graphics (attribute 4, after the class code).
    public var hasSixel: Bool { deviceAttributes?.dropFirst().contains(4) ?? false }

    /// A cell's size in pixels: as the terminal told, else the text area's size shared among the
    /// `columns × rows` cells (terminals that answer `CSI 14 t` but not `CSI 16 t`); nil when neither.
    public func cellSize(columns: Int, rows: Int) -> Size? {
        if let cellSize { return cellSize }
        guard let textAreaSize, columns > 0, rows > 0 else { return nil }
        let size = Size(width: textAreaSize.width / columns, height: textAreaSize.height / rows)
        return size.width > 0 && size.height > 0 ? size : nil
    }
}
