import Foundation
@testable import StandIn
import Testing

/// The stand-in must hash emails as rolo does, or no avatar URL rolo builds would hit.
@Suite("Pipedrive stand-in SHA-256")
struct PipedriveSHA256Tests {
    // Vectors from python3: hashlib.sha256(text.encode()).hexdigest(); the lengths straddle the
    // one- and two-block padding boundaries.
    @Test("Known vectors, across block boundaries and UTF-8", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (String(repeating: "a", count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (String(repeating: "a", count: 56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (String(repeating: "a", count: 200), "c2a908d98f5df987ade41b5fce213067efbcc21ef2240212a41e54b5e7c28ae5"),
        ("Tõnu Müüja", "4722c6a2fb4e902a0732b2b32b91b6b664bb7e4c3a4bbf76d0c8bcf149d65919"),
    ])
    func vectors(text: String, hex: String) {
        #expect(PipedriveSHA256.hex(text) == hex)
    }
}
