import Foundation
import Testing
@testable import TerminalUI

@Suite("KittyGraphics: the escapes that send, place and delete pictures")
struct KittyGraphicsTests {
    private let slot = PictureSlot(columns: 20, rows: 10, cell: Size(width: 10, height: 20))

    /// `image` as RGBA, opaque.
    private func rgba(_ image: PixelImage) -> [UInt8] {
        stride(from: 0, to: image.pixels.count, by: 3).flatMap { image.pixels[$0..<($0 + 3)] + [255] }
    }

    /// The pixels the transmission escapes carry: the chunks joined, base64-decoded, inflated.
    private func transmitted(_ bytes: [UInt8], count: Int) throws -> [UInt8] {
        let commands = GraphicsTestSupport.kittyCommands(bytes)
        let compressed = try #require(Data(base64Encoded: commands.map(\.payload).joined()))
        return try #require(Zlib.decompress(Array(compressed), count: count))
    }

    @Test("A large photo is sent shrunk to the slot: the chunks joined, decoded and inflated are those pixels exactly")
    func transmitRoundTrip() throws {
        let photo = GraphicsTestSupport.photo(width: 640, height: 480)
        let (bytes, fit) = KittyGraphics().transmit(photo, for: slot, id: 7)
        // 640×480 in 200×200 pixels is 200×150: 20 columns, 7.5 rows, so 8 cells down.
        #expect(fit.pixels == Size(width: 200, height: 150) && fit.columns == 20 && fit.rows == 8)
        let commands = GraphicsTestSupport.kittyCommands(bytes)
        try #require(commands.count > 1)
        // The canvas is the 8 rows' 160 pixels tall: the photo centred, 5 transparent rows above and below.
        #expect(commands[0].control == "a=t,f=32,s=200,v=160,i=7,o=z,q=2,m=1")
        #expect(commands.dropFirst().dropLast().allSatisfy { $0.control == "m=1" })
        #expect(commands.last?.control == "m=0")
        #expect(commands.allSatisfy { $0.payload.utf8.count <= 4096 })
        #expect(commands.dropLast().allSatisfy { $0.payload.utf8.count % 4 == 0 })
        let pixels = try transmitted(bytes, count: 200 * 160 * 4)
        let band = 200 * 5 * 4
        #expect(pixels[..<band].allSatisfy { $0 == 0 } && pixels[(pixels.count - band)...].allSatisfy { $0 == 0 })
        #expect(Array(pixels[band..<(pixels.count - band)]) == rgba(BoxResampler.resample(photo, width: 200, height: 150)))
    }

    @Test("A small picture is sent as it is, on a canvas of its cells' shape, for kitty to enlarge")
    func smallPicture() throws {
        let avatar = GraphicsTestSupport.photo(width: 40, height: 40)
        let kitty = KittyGraphics()
        // 9×19 cells: the 190×190 square on the screen covers 22 columns (198 pixels) and 10 rows.
        let slot = PictureSlot(columns: 30, rows: 10, cell: Size(width: 9, height: 19))
        let (bytes, fit) = kitty.transmit(avatar, for: slot, id: 3)
        #expect(fit.pixels == Size(width: 190, height: 190) && fit.columns == 22 && fit.rows == 10)
        // At the avatar's scale the 198×190 cells are 42×40: a transparent column each side.
        #expect(GraphicsTestSupport.kittyCommands(bytes).first?.control.hasPrefix("a=t,f=32,s=42,v=40,i=3,o=z,q=2,m=") == true)
        let pixels = try transmitted(bytes, count: 42 * 40 * 4)
        let opaque = rgba(avatar)
        for y in 0..<40 {
            let row = Array(pixels[(y * 42 * 4)..<((y + 1) * 42 * 4)])
            #expect(row[..<4].allSatisfy { $0 == 0 } && row[(41 * 4)...].allSatisfy { $0 == 0 })
            #expect(Array(row[4..<(41 * 4)]) == Array(opaque[(y * 40 * 4)..<((y + 1) * 40 * 4)]))
        }
        #expect(String(decoding: kitty.place(id: 3, placement: 1, fit: fit), as: UTF8.self)
            == "\u{1b}_Ga=p,i=3,p=1,c=22,r=10,C=1,q=1\u{1b}\\")
    }

    @Test("Deleting: a placement keeps the image, an image goes with its data, everything at exit")
    func deleting() {
        let kitty = KittyGraphics()
        #expect(String(decoding: kitty.deletePlacement(id: 3, placement: 2), as: UTF8.self) == "\u{1b}_Ga=d,d=i,i=3,p=2,q=2\u{1b}\\")
        #expect(String(decoding: kitty.deleteImage(id: 3), as: UTF8.self) == "\u{1b}_Ga=d,d=I,i=3,q=2\u{1b}\\")
        #expect(String(decoding: kitty.deleteAll, as: UTF8.self) == "\u{1b}_Ga=d,d=A,q=2\u{1b}\\")
    }

    @Test("Through tmux every escape is wrapped on its own, and unwraps to the plain escapes")
    func tmux() {
        let photo = GraphicsTestSupport.photo(width: 300, height: 200)
        let plain = KittyGraphics().transmit(photo, for: slot, id: 9).bytes
        let wrapped = KittyGraphics(tmuxPassthrough: true).transmit(photo, for: slot, id: 9).bytes
        let inner = GraphicsTestSupport.unwrapTmux(wrapped)
        #expect(inner.count == GraphicsTestSupport.kittyCommands(plain).count)
        #expect(inner.joined().elementsEqual(plain))
        #expect(String(decoding: KittyGraphics(tmuxPassthrough: true).deleteAll, as: UTF8.self)
            == "\u{1b}Ptmux;\u{1b}\u{1b}_Ga=d,d=A,q=2\u{1b}\u{1b}\\\u{1b}\\")
    }

    @Test("An empty picture or slot sends nothing")
    func empty() {
        let photo = GraphicsTestSupport.photo(width: 10, height: 10)
        #expect(KittyGraphics().transmit(photo, for: PictureSlot(columns: 0, rows: 5, cell: Size(width: 10, height: 20)), id: 1).bytes.isEmpty)
        #expect(KittyGraphics().transmit(PixelImage(width: 0, height: 0, pixels: []), for: slot, id: 1).bytes.isEmpty)
    }
}

@Suite("PictureSlot: the cells a picture takes")
struct PictureSlotTests {
    @Test("Aspect kept, enlarged to fill, never past the slot; the cells are those the picture touches")
    func fitting() {
        let cell = Size(width: 8, height: 16)
        let slot = PictureSlot(columns: 30, rows: 12, cell: cell)
        // 240×192 pixels of room. A square fills the height: 192×192, 24 columns.
        let square = slot.fit(width: 100, height: 100)
        #expect(square == PictureFit(pixels: Size(width: 192, height: 192), cell: cell))
        #expect(square.columns == 24 && square.rows == 12)
        // A wide strip fills the width: 240×60, which touches 4 rows.
        let strip = slot.fit(width: 800, height: 200)
        #expect(strip.pixels == Size(width: 240, height: 60) && strip.columns == 30 && strip.rows == 4)
        // A sliver still gets a pixel, and so a cell.
        #expect(slot.fit(width: 1, height: 1000).pixels == Size(width: 1, height: 192))
        #expect(slot.fit(width: 1, height: 1000).columns == 1)
        #expect(slot.fit(width: 0, height: 10).isEmpty)
        #expect(PictureSlot(columns: 3, rows: 3, cell: Size(width: 0, height: 0)).fit(width: 10, height: 10).isEmpty)
    }
}
