/// A picture encoded for a pixel protocol, ready for the backend to write: made off the main
/// actor (encoding a photo takes milliseconds), written by the one owner of the terminal.
public struct TerminalGraphic: Sendable {
    /// The rendering's number, unique in a session, so what tells two apart; for `.kitty` also
    /// the image id it is uploaded under.
    public let id: UInt32
    /// The id kitty holds the image under: `id`, except for placeholders, whose ids are those
    /// their cells' colour can name (`KittyPlaceholder.imageID(sequence:colors:)`).
    public let imageID: UInt32
    /// The protocol its bytes speak (`.kitty`, `.kittyPlaceholders`, `.sixel` or `.iterm`).
    public let kind: PictureProtocol
    /// kitty: the escapes that upload the image (sent once; for placeholders with their virtual
    /// placement); sixel and iTerm2: the image itself, without cursor movement (sent each time
    /// it is drawn).
    public let payload: [UInt8]
    /// The cells the picture covers.
    public let columns: Int
    public let rows: Int
    /// Whether its escapes go through tmux's passthrough, as the ones that delete it must too.
    public let tmuxPassthrough: Bool

    /// A picture encoded as `payload`, covering `columns × rows` cells.
    public init(id: UInt32, kind: PictureProtocol, payload: [UInt8], columns: Int, rows: Int,
                imageID: UInt32? = nil, tmuxPassthrough: Bool = false) {
        self.id = id
        self.imageID = imageID ?? id
        self.kind = kind
        self.payload = payload
        self.columns = columns
        self.rows = rows
        self.tmuxPassthrough = tmuxPassthrough
    }

    /// The first rendering's `id`: kitty ids below it are left to the terminal query's.
    public static let firstID: UInt32 = 1000

    /// Whether the terminal keeps the picture in the cells it covers, so text written there
    /// erases it and it must be written again (sixel, iTerm2); kitty's float above the text,
    /// and placeholders are text.
    public var livesInCells: Bool { kind == .sixel || kind == .iterm }
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
/// pixel protocols size pictures by), whether escapes go through tmux, and for placeholders how
/// many palette entries can name an image (`ColorSpace.exactPaletteEntries`).
public struct GraphicsMode: Sendable, Equatable {
    public var picture: PictureProtocol
    public var cell: Size
    public var tmuxPassthrough: Bool
    public var placeholderColors: Int

    /// A mode as given.
    public init(picture: PictureProtocol, cell: Size, tmuxPassthrough: Bool = false, placeholderColors: Int = 255) {
        self.picture = picture
        self.cell = cell
        self.tmuxPassthrough = tmuxPassthrough
        self.placeholderColors = placeholderColors
    }

    /// Half blocks, as before the terminal answers (and wherever it has nothing better).
    public static let halfBlocks = GraphicsMode(picture: .halfBlocks, cell: Size(width: 10, height: 20))

    /// Whether pictures are drawn by the terminal in pixels rather than as coloured cells.
    public var usesPixels: Bool { picture.drawsPixels }
}
