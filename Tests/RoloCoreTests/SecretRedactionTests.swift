import RoloCore
import Testing

@Suite("redactingSecrets")
struct SecretRedactionTests {
    @Test(
        "Token query parameters lose their values, wherever they are",
        arguments: [
            ("https://x/v1/persons?api_token=abc&start=0", "https://x/v1/persons?api_token=REDACTED&start=0"),
            ("https://x/?start=0&TOKEN=abc#frag", "https://x/?start=0&TOKEN=REDACTED#frag"),
            ("body api_token=abc more", "body api_token=REDACTED more"),
            ("'https://x/?token=a%20b'", "'https://x/?token=REDACTED'"),
            ("tokens=1&mytoken=2&token_type=bearer", "tokens=1&mytoken=2&token_type=bearer"),
        ]
    )
    func parameters(text: String, expected: String) {
        #expect(redactingSecrets(text, secrets: []) == expected)
    }

    @Test("Given secrets are replaced everywhere; very short ones are ignored")
    func secrets() {
        #expect(redactingSecrets("a abcd b abcd", secrets: ["abcd", "a", ""]) == "a REDACTED b REDACTED")
    }
}
