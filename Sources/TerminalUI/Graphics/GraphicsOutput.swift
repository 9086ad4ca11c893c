/// What the backend writes around a frame for the pictures the terminal draws itself, worked
/// out from the pictures on the last frame and on this one. Pure, so every case is tested
/// without a terminal.
///
/// kitty keeps an uploaded image by id: it is sent once a session, placed where it shows, and
/// its placement (not the image) deleted where it goes. Sixel and iTerm2 pictures live in the
/// cells they cover: text written over them erases them, so one is written again whenever its
/// cells may have been written over, and the cells one leaves are redrawn by ncurses. kitty's
/// placeholders are text the canvas draws: an image they name is only uploaded, once.
struct GraphicsOutput {
    /// What to do around one frame.
    struct Plan: Equatable {
        /// Cells ncurses must throw away and redraw in this frame's update: where a picture that
        /// lives in cells was and is no more. Only those cells, so pictures beside them on the
        /// same lines stay as they are.
        var redrawnAreas: [Rect] = []
        /// The escapes to write once ncurses has updated the screen.
        var bytes: [UInt8] = []

    }

    /// The pictures on the screen now.
    private(set) var shown: [GraphicPlacement] = []
    /// kitty images the terminal holds.
    private(set) var uploaded: Set<UInt32> = []
    /// Images placeholders name, by the image id the terminal holds them under: which rendering
    /// it holds there now (ids come round again after many renderings), and whether its escapes
    /// go through tmux.
    private(set) var placeholderImages: [UInt32: (id: UInt32, tmuxPassthrough: Bool)] = [:]

    /// The plan for a frame holding `placements` and placeholders of `placeholderGraphics`.
    /// `repaintsAll` when ncurses clears and redraws every cell (the first frame, a resize,
    /// Ctrl-L); `written(placement, line)` says whether ncurses' update of that line may write
    /// over the placement's cells. Commits the frame as shown.
    mutating func plan(_ placements: [GraphicPlacement], placeholders placeholderGraphics: [TerminalGraphic] = [],
                       repaintsAll: Bool, written: (GraphicPlacement, Int) -> Bool) -> Plan {
        var plan = Plan()
        for graphic in placeholderGraphics where placeholderImages[graphic.imageID]?.id != graphic.id {
            plan.bytes += graphic.payload
            placeholderImages[graphic.imageID] = (graphic.id, graphic.tmuxPassthrough)
        }
        let gone = shown.filter { old in !placements.contains { Self.same(old, $0) } }
        for old in gone where old.graphic.livesInCells {
            plan.redrawnAreas.append(old.rect)
        }
        for old in gone where !old.graphic.livesInCells {
            plan.bytes += KittyGraphics().deletePlacement(id: old.graphic.id, placement: Self.placementID(old))
        }
        for placement in placements {
            let wasShown = shown.contains { Self.same($0, placement) }
            let graphic = placement.graphic
            if graphic.livesInCells {
                let touched = plan.redrawnAreas.contains { $0.overlaps(placement.rect) }
                    || (placement.y..<(placement.y + graphic.rows)).contains { written(placement, $0) }
                if !wasShown || repaintsAll || touched {
                    plan.bytes += Self.atCell(placement, graphic.payload)
                }
            } else {
                if !uploaded.contains(graphic.id) {
                    plan.bytes += graphic.payload
                    uploaded.insert(graphic.id)
                }
                // A clear of the screen may take placements with it: placing again by id is cheap.
                if !wasShown || repaintsAll {
                    let fit = PictureFit(pixels: Size(width: graphic.columns, height: graphic.rows), cell: Size(width: 1, height: 1))
                    plan.bytes += Self.atCell(placement, KittyGraphics().place(id: graphic.id, placement: Self.placementID(placement), fit: fit))
                }
            }
        }
        shown = placements
        return plan
    }

    /// Forgets that the terminal holds kitty image `id`, and that it shows anywhere: the
    /// terminal said it has no such image (kitty drops the oldest past its storage quota), so the
    /// next frame that has it uploads and places it again. False when it isn't one of rolo's.
    mutating func forget(_ id: UInt32) -> Bool {
        guard uploaded.remove(id) != nil else { return false }
        shown.removeAll { $0.graphic.id == id }
        return true
    }

    /// What to write on the way out: kitty's images deleted, so none outlives rolo's screen;
    /// those placeholders named one by one, each as its upload went (`a=d,d=I`).
    var farewell: [UInt8] {
        var bytes = uploaded.isEmpty ? [] : KittyGraphics().deleteAll
        for (imageID, held) in placeholderImages.sorted(by: { $0.key < $1.key }) {
            bytes += KittyGraphics(tmuxPassthrough: held.tmuxPassthrough).deleteImage(id: imageID)
        }
        return bytes
    }

    /// Whether two placements are one picture in one place.
    private static func same(_ a: GraphicPlacement, _ b: GraphicPlacement) -> Bool {
        a.graphic == b.graphic && a.x == b.x && a.y == b.y
    }

    /// kitty's placement id for a picture at a cell: one per place, so one image can be shown
    /// in two places and each taken off alone.
    static func placementID(_ placement: GraphicPlacement) -> UInt32 {
        UInt32(truncatingIfNeeded: max(0, placement.y) * 4096 + max(0, placement.x) + 1)
    }

    /// `bytes` written with the cursor at the placement's top-left cell, and the cursor put back
    /// where ncurses left it (DECSC, CUP, …, DECRC).
    static func atCell(_ placement: GraphicPlacement, _ bytes: [UInt8]) -> [UInt8] {
        Array("\u{1b}7\u{1b}[\(placement.y + 1);\(placement.x + 1)H".utf8) + bytes + Array("\u{1b}8".utf8)
    }
}
