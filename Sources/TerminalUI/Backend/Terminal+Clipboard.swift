import Foundation

extension Terminal {
    /// Inside tmux, asks tmux (off the main actor) for its options: whether it takes OSC 52
    /// itself or needs the passthrough (``clipboardPlan`` is updated when it answers), and for
    /// the pictures, what ``tmuxOptions()`` returns.
    public func probeTmux() {
        guard tmuxProbe == nil, !(clipboardInputs.environment["TMUX"] ?? "").isEmpty else { return }
        let inputs = clipboardInputs
        tmuxProbe = Task.detached(priority: .utility) {
            let options = TmuxProbe.run(environment: inputs.environment)
            await MainActor.run {
                self.clipboardPlan = ClipboardPlan.decide(environment: inputs.environment, hasOSC52Capability: inputs.hasOSC52Capability,
                                                          tmux: options, enabled: inputs.enabled)
            }
            return options
        }
    }

    /// What tmux said of its options (`probeTmux()`, asked now if it wasn't); nil outside tmux
    /// or when tmux couldn't be asked.
    public func tmuxOptions() async -> TmuxOptions? {
        probeTmux()
        return await tmuxProbe?.value
    }

    /// Puts `text` on the clipboard with OSC 52, wrapped for the multiplexer in between.
    ///
    /// The bytes go straight to the terminal's file descriptor: ncurses has flushed its own
    /// output at the end of the last frame, and OSC 52 moves no cursor and draws nothing, so
    /// ncurses' idea of the screen stays true.
    public func copyToClipboard(_ text: String) -> ClipboardOutcome {
        let wrap: ClipboardWrap, confirmed: Bool
        switch clipboardPlan {
        case .off: return .off
        case .unsupported(let reason): return .unsupported(reason)
        case .send(let how, let known): (wrap, confirmed) = (how, known)
        }
        guard !isShutDown else { return .failed }
        guard let bytes = OSC52.sequence(for: text, wrap: wrap) else { return .tooLong }
        return Self.writeAll(bytes, to: STDOUT_FILENO) ? .copied(confirmed: confirmed) : .failed
    }

    /// Writes every byte, through short writes and interruptions.
    nonisolated static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
