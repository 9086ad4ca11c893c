import Foundation
import Logging

/// The ME server's pictures, generated on first use and kept for the server's life: a portrait
/// and a distorted 100×100 thumbnail per employee, encoded as the real server encodes them.
struct PeopleImages: Sendable {
    /// Portrait size: 3:4, large enough to look like a photo in a 20×40-cell pane.
    static let portraitSize = (width: 360, height: 480)
    /// Thumbnail size: square, so the 3:4 portrait comes out stretched, as on the real server.
    static let thumbnailSize = (width: 100, height: 100)

    private struct Key: Hashable, Sendable {
        let id: Int
        let thumbnail: Bool
    }

    private let seed: UInt64
    private let logger: Logger
    private let memo = StandInMemo<Key, Data>()

    /// Pictures for the employees generated from `seed`.
    init(seed: UInt64, logger: Logger) {
        self.seed = seed
        self.logger = logger
    }

    /// The `thumbImage` value, nil where the key is left out: base64 wrapped in literal double
    /// quotes, the real server's quirk.
    func thumbnailField(_ employee: PeopleEmployee) async -> StandInJSON? {
        await field(employee.thumbnail, Key(id: employee.id, thumbnail: true)) { jpeg in
            "\"" + jpeg.base64EncodedString() + "\""
        }
    }

    /// The `image` value, nil where the key is left out: MIME base64 like Python's
    /// `base64.encodebytes`, a newline after every 76 characters and after the last line.
    func imageField(_ employee: PeopleEmployee) async -> StandInJSON? {
        await field(employee.image, Key(id: employee.id, thumbnail: false), encode: Self.mimeBase64)
    }

    private func field(
        _ picture: PeopleEmployee.Picture, _ key: Key, encode: (Data) -> String
    ) async -> StandInJSON? {
        switch picture {
        case .absent:
            return nil
        case .null:
            return .null
        case .invalidBase64:
            return .string("!!!notbase64")
        case .truncated:
            // Cut past the headers and part-way into the scan: decoders see a valid start and
            // run out of data, which libjpeg reports only as a warning.
            let jpeg = await self.jpeg(key)
            return .string(encode(jpeg.prefix(jpeg.count * 11 / 20)))
        case .portrait:
            return .string(encode(await jpeg(key)))
        }
    }

    private func jpeg(_ key: Key) async -> Data {
        await memo.value(for: key) { [seed, logger] in
            let size = key.thumbnail ? Self.thumbnailSize : Self.portraitSize
            return PortraitRenderer(seed: seed, id: key.id)
                .jpeg(width: size.width, height: size.height, logger: logger, naming: "portrait \(key.id)")
        }
    }

    private static func mimeBase64(_ data: Data) -> String {
        guard !data.isEmpty else { return "" }
        return data.base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed]) + "\n"
    }
}
