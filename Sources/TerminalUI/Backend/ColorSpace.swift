/// What the colour numbers ncurses is given mean on the screen it drives.
public struct ColorSpace: Sendable, Equatable {
    /// How colour numbers are read by the terminfo entry's `setaf` and `setab`.
    public enum Numbering: Sendable, Equatable {
        /// Numbers are palette indices (xterm-256color, xterm, screen, ...).
        case palette
        /// Numbers are packed 0xRRGGBB, except those below `reserved`, which `setaf` sends as
        /// palette entries (xterm-direct: `%p1 < 8` is an ANSI colour).
        case direct(reserved: Int)
    }

    /// The colours views' colours are reduced to.
    public var depth: ColorDepth
    /// How colour numbers are read.
    public var numbering: Numbering

    /// A space of `depth` colours, numbered as palette indices unless said otherwise.
    public init(depth: ColorDepth, numbering: Numbering = .palette) {
        self.depth = depth
        self.numbering = numbering
    }

    /// How many palette entries after 0 a view's `.indexed` colour reaches the terminal as
    /// itself (`ColorMapping` changes none of 1 through this): the whole palette, or on a
    /// direct-colour entry those below the numbers it reads as RGB. kitty's placeholders name
    /// images with them.
    public var exactPaletteEntries: Int {
        let size = depth.paletteSize
        guard case .direct(let reserved) = numbering else { return max(0, size - 1) }
        return max(0, min(reserved, size) - 1)
    }

    /// The space of an entry with `colors` colours: direct from 2^24 (reserving the 8 ANSI
    /// colours, as xterm-direct does), otherwise a palette of 8, 16 or 256.
    public init(colors: Int) {
        switch colors {
        case (1 << 24)...: self.init(depth: .truecolor, numbering: .direct(reserved: 8))
        case 256...: self.init(depth: .palette256)
        case 16...: self.init(depth: .ansi16)
        case 8...: self.init(depth: .ansi8)
        default: self.init(depth: .none)
        }
    }
}
