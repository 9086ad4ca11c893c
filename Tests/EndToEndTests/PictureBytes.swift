import Foundation
import RoloCore
import StandIn
@testable import TerminalUI

/// Reads the pictures out of what rolo wrote to its terminal, and measures them against their
/// source: kitty's commands reassembled and inflated, sixel decoded by libsixel's `sixel2png`.
enum PictureBytes {
    /// One kitty graphics command: its keys and its payload.
    struct KittyCommand {
        let keys: [String: String]
        let payload: String
    }

    /// Every `ESC _ G … ESC \` in `bytes`, in order.
    static func kittyCommands(_ bytes: [UInt8]) -> [KittyCommand] {
        strings(in: bytes, opening: Array("\u{1b}_G".utf8)).map { body in
            let text = String(decoding: body, as: UTF8.self)
            let parts = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            var keys: [String: String] = [:]
            for pair in parts[0].split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) }
            }
            return KittyCommand(keys: keys, payload: parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The images kitty was sent (`a=t`), by id: the chunks joined, decoded and inflated to RGBA.
    static func kittyUploads(_ commands: [KittyCommand]) throws -> [UInt32: (width: Int, height: Int, rgba: [UInt8])] {
        var uploads: [UInt32: (width: Int, height: Int, rgba: [UInt8])] = [:]
        var current: (id: UInt32, width: Int, height: Int, compressed: Bool, payload: String)?
        for command in commands {
            if command.keys["a"] == "t", let id = command.keys["i"].flatMap(UInt32.init),
               let width = command.keys["s"].flatMap(Int.init), let height = command.keys["v"].flatMap(Int.init) {
                current = (id, width, height, command.keys["o"] == "z", command.payload)
            } else if current != nil, command.keys["a"] == nil {
                current?.payload += command.payload
            } else {
                continue
            }
            if command.keys["m"] == "0", let done = current {
                guard let data = Data(base64Encoded: done.payload) else { throw PtyTerminal.Failure(description: "bad base64 for image \(done.id)") }
                let count = done.width * done.height * 4
                guard let rgba = done.compressed ? Zlib.decompress(Array(data), count: count) : Array(data), rgba.count == count else {
                    throw PtyTerminal.Failure(description: "image \(done.id) doesn't inflate to \(done.width)×\(done.height) RGBA")
                }
                uploads[done.id] = (done.width, done.height, rgba)
                current = nil
            }
        }
        return uploads
    }

    /// The opaque part of an RGBA picture (kitty's are centred on a transparent canvas), as RGB.
    static func opaque(width: Int, height: Int, rgba: [UInt8]) -> PixelImage {
        var left = width, right = -1, top = height, bottom = -1
        for y in 0..<height {
            for x in 0..<width where rgba[(y * width + x) * 4 + 3] > 0 {
                left = min(left, x)
                right = max(right, x)
                top = min(top, y)
                bottom = max(bottom, y)
            }
        }
        guard right >= left else { return PixelImage(width: 0, height: 0, pixels: []) }
        var pixels: [UInt8] = []
        for y in top...bottom {
            for x in left...right {
                let offset = (y * width + x) * 4
                pixels += rgba[offset..<(offset + 3)]
            }
        }
        return PixelImage(width: right - left + 1, height: bottom - top + 1, pixels: pixels)
    }

    /// Every sixel image (`ESC P 0;1;0 q … ESC \`) in `bytes`, whole.
    static func sixelImages(_ bytes: [UInt8]) -> [[UInt8]] {
        let opening = Array("\u{1b}P0;1;0q".utf8)
        return strings(in: bytes, opening: opening).map { opening + $0 + [0x1b, UInt8(ascii: "\\")] }
    }

    /// A sixel image decoded by `sixel2png` (libsixel), read back with rolo's PNG decoder.
    static func decodeSixel(_ sixel: [UInt8]) throws -> PixelImage {
        let folder = try TemporaryDirectory("rolo-sixel")
        defer { withExtendedLifetime(folder) {} }
        let input = folder.url.appendingPathComponent("in.six"), output = folder.url.appendingPathComponent("out.png")
        try Data(sixel).write(to: input)
        _ = try TmuxSession.execute("/usr/bin/sixel2png", ["-i", input.path, "-o", output.path])
        let decoded = try ImageDecoder.decode(try Data(contentsOf: output), fitting: nil)
        return PixelImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels)
    }

    /// Every iTerm2 inline image (`OSC 1337 ; File=… : base64 BEL`): its arguments and its file.
    static func itermImages(_ bytes: [UInt8]) -> [(arguments: String, file: Data)] {
        var result: [(arguments: String, file: Data)] = []
        var index = bytes.startIndex
        let opening = Array("\u{1b}]1337;File=".utf8)
        while let start = bytes[index...].firstRange(of: opening),
              let colon = bytes[start.upperBound...].firstIndex(of: UInt8(ascii: ":")),
              let bell = bytes[colon...].firstIndex(of: 0x07) {
            let arguments = String(decoding: bytes[start.upperBound..<colon], as: UTF8.self)
            if let file = Data(base64Encoded: Data(bytes[(colon + 1)..<bell])) { result.append((arguments, file)) }
            index = bell + 1
        }
        return result
    }

    /// Every employee's photo as the stand-in serves it, decoded: the sources to measure against.
    static func sourcePhotos(_ server: StandInServer) async throws -> [PixelImage] {
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        let client = PeopleClient(baseURL: server.baseURL, http: http, timeout: 10)
        var photos: [PixelImage] = []
        for employee in try await client.employees().records {
            // The stand-in truncates some photos on purpose; rolo shows no picture for those.
            guard case .bytes(let data) = try await client.employee(id: employee.id).image,
                  let decoded = try? ImageDecoder.decode(data, fitting: nil) else { continue }
            photos.append(PixelImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels))
        }
        return photos
    }

    /// The best PSNR of `shown` against any of `sources`: the one it was made from.
    static func psnr(_ shown: PixelImage, bestOf sources: [PixelImage]) -> Double {
        sources.map { psnr(shown, against: $0) }.max() ?? 0
    }

    /// The peak signal-to-noise ratio of `shown` against `source` scaled to its size, in dB.
    static func psnr(_ shown: PixelImage, against source: PixelImage) -> Double {
        let reference = BoxResampler.resample(source, width: shown.width, height: shown.height)
        var squares = 0.0
        for (a, b) in zip(shown.pixels, reference.pixels) {
            let d = Double(a) - Double(b)
            squares += d * d
        }
        let mse = squares / Double(max(1, shown.pixels.count))
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    /// The bodies of the strings that begin with `opening` and end with `ESC \`.
    private static func strings(in bytes: [UInt8], opening: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var index = bytes.startIndex
        while let start = bytes[index...].firstRange(of: opening) {
            let bodyStart = start.upperBound
            guard let end = bytes[bodyStart...].firstRange(of: [0x1b, UInt8(ascii: "\\")]) else { break }
            result.append(bytes[bodyStart..<end.lowerBound])
            index = end.upperBound
        }
        return result
    }
}
