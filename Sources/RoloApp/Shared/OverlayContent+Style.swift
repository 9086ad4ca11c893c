import TerminalUI

extension OverlayContent.Role {
    /// The style `theme` draws a line of this role in.
    func style(in theme: Theme) -> Style {
        switch self {
        case .heading: theme.title
        case .label: theme.label
        case .text: theme.text
        case .dim: theme.dim
        }
    }
}
