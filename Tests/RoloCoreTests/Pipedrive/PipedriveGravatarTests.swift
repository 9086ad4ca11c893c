import Foundation
import RoloCore
import Testing

@Suite("Gravatar URLs hash the trimmed, lower-cased email with SHA-256")
struct PipedriveGravatarTests {
    private let base = URL(string: "https://gravatar.com/avatar/")!

    // Vectors from python3: hashlib.sha256(email.strip().lower().encode()).hexdigest()
    @Test("Known vectors, with s=200 and d=404")
    func vectors() {
        #expect(
            Gravatar.url(for: " MyEmailAddress@Example.com ", base: base)?.absoluteString
                == "https://gravatar.com/avatar/84059b07d4be67b806386c0aad8070a23f18836bbaae342275dc0a83414c32ee?s=200&d=404")
        #expect(
            Gravatar.url(for: "alice@example.com", base: base, size: 80)?.absoluteString
                == "https://gravatar.com/avatar/ff8d9819fc0e12bf0d24892e45987e249a28dce836a85cad60e28eaaa8c6d976?s=80&d=404")
    }

    @Test("An empty email has no avatar")
    func empty() {
        #expect(Gravatar.url(for: "  ", base: base) == nil)
    }
}
