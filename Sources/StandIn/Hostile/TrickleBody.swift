import FlyingFox
import FlyingSocks
import Foundation

/// A body sent in small pieces spread over a time, like a server on a bad line.
struct TrickleBody: AsyncBufferedSequence {
    typealias Element = UInt8

    let data: Data
    let milliseconds: Int
    /// How many pieces the body is cut into.
    static let pieces = 40

    func makeAsyncIterator() -> Iterator {
        Iterator(data: data, pause: .milliseconds(milliseconds / Self.pieces), piece: Swift.max(1, data.count / Self.pieces))
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let data: Data
        let pause: Duration
        let piece: Int
        var offset = 0

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> Data? {
            guard offset < data.count else { return nil }
            if offset > 0 { try await Task.sleep(for: pause) }
            let end = Swift.min(data.count, offset + Swift.min(count, piece))
            defer { offset = end }
            return data.subdata(in: offset..<end)
        }
    }
}
