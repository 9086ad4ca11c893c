import Foundation
import RoloCore

/// How status lines and banners say counts and ages, the same for every source.
enum StatusText {
    /// "2 h ago", "yesterday", "on 12 Mar".
    static func age(of date: Date, now: Date, timeZone: TimeZone) -> String {
        let text = HumanDate.describe(date, now: now, timeZone: timeZone)
        return text.first?.isNumber == true && !text.hasSuffix("ago") ? "on \(text)" : text
    }

    /// 100000 → "100,000".
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}
