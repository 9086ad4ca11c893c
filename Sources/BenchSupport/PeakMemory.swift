import Foundation

/// This process's peak resident memory so far (`VmHWM`), in megabytes; NaN where /proc can't say.
public func peakMemoryMB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kb = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return .nan }
    return kb / 1024
}
