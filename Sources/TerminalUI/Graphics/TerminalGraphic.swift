/// A picture encoded for a pixel protocol, ready for the backend to write: made off the main
/// actor (encoding a photo takes milliseconds), written by the one owner of the terminal.
public struct TerminalGraphic: Sendable {
    /// The kitty image id it is uploaded under; unique in a session, so also what tells two apart.
    public let id: UInt32
    /// The protocol its bytes speak (`.kitty`, `.sixel` or `.iterm`).
    public let kind: PictureProtocol
    /// kitty: the escapes that upload the image (sent once); sixel and iTerm2: the image itself,
    /// without cursor movement (sent each time it is drawn).
    public let payload: [UInt8]
    /// The cells the picture covers.
    public let columns: Int
    public let rows: Int

    /// A picture encoded as `payload`, covering `columns × rows` cells.
    public init(id: UInt32, kind: PictureProtocol, payload: [UInt8], columns: Int, rows: Int) {
        self.id = id
        self.kind = kind
        self.payload = payload
        self.columns = columns
        self.rows = rows
    }

    /// Whether the terminal keeps the picture in the cells it covers, so text written there
    /// erases it and it must be written again (sixel, iTerm2); kitty's float above the text.
    public var livesInCells: Bool { kind != .kitty }
}

extension TerminalGraphic: Equatable {
    /// Two graphics are the same picture when their ids are: the payload is made once per id.
    public static func == (lhs: TerminalGraphic, rhs: TerminalGraphic) -> Bool {
        lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.columns == rhs.columns && lhs.rows == rhs.rows
    }
}

/// Where a graphic is on a canvas: its top-left cell.
public struct GraphicPlacement: Sendable, Equatable {
    public let graphic: TerminalGraphic
    public let x: Int
    public let y: Int

    /// The cells it covers.
    public var rect: Rect { Rect(x: x, y: y, width: graphic.columns, height: graphic.rows) }
}

/// How pictures are rendered on this terminal: the protocol, a cell's size in pixels (what the
/// pixel protocols size pictures by), and whether escapes go through tmux.
public struct GraphicsMode: Sendable, Equatable {
    public var picture: PictureProtocol
    public var cell: Size
    public var tmuxPassthrough: Bool

    /// A mode as given.
    public init(picture: PictureProtocol, cell: Size, tmuxPassthrough: Bool = false) {
        self.picture = picture
        self.cell = cell
        self.tmuxPassthrough = tmuxPassthrough
    }

    /// Half blocks, as before the terminal answers (and wherever it has nothing better).
    public static let halfBlocks = GraphicsMode(picture: .halfBlocks, cell: Size(width: 10, height: 20))

    /// Whether pictures are drawn by the terminal in pixels rather than as coloured cells.
    public var usesPixels: Bool { picture == .kitty || picture == .sixel || picture == .iterm }
}
