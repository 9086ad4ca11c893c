extension Terminal {
    /// The key for a character code from `wget_wch` (not a KEY_ code).
    nonisolated static func key(forCharacter code: UInt32) -> Key? {
        switch code {
        case 13, 10: return .enter
        case 27: return .escape
        case 9: return .tab
        case 127, 8: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(code + 96)!))
        case 0..<32: return nil
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }
}
