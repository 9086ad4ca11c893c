/// A terminal size in columns and rows.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }
}

/// A rectangle of cells; x grows to the right, y downwards.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The rectangle at the origin covering a whole size.
    public init(_ size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Whether the cell at (x, y) lies inside.
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// Whether the two share a cell.
    public func overlaps(_ other: Rect) -> Bool {
        max(x, other.x) < min(maxX, other.maxX) && max(y, other.y) < min(maxY, other.maxY)
    }

    /// The part of this rectangle that also lies in `other`.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        return Rect(x: left, y: top, width: min(maxX, other.maxX) - left, height: min(maxY, other.maxY) - top)
    }

    /// This rectangle shrunk by the given margins.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    /// The row `offset` rows down from the top, one row high.
    public func row(_ offset: Int) -> Rect {
        Rect(x: x, y: y + offset, width: width, height: offset < height ? 1 : 0)
    }

    /// The first `count` columns, and the rest.
    public func splitColumns(at count: Int) -> (left: Rect, right: Rect) {
        let left = min(max(0, count), width)
        return (Rect(x: x, y: y, width: left, height: height),
                Rect(x: x + left, y: y, width: width - left, height: height))
    }

    /// The first `count` rows, and the rest.
    public func splitRows(at count: Int) -> (top: Rect, bottom: Rect) {
        let top = min(max(0, count), height)
        return (Rect(x: x, y: y, width: width, height: top),
                Rect(x: x, y: y + top, width: width, height: height - top))
    }

    /// A rectangle of the given size centred in this one (clamped to fit).
    public func centered(width w: Int, height h: Int) -> Rect {
        let cw = min(w, width)
        let ch = min(h, height)
        return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }
}
